import { checkSmsSchema, sendSmsSchema } from '@gacha/contract/account';
import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { smsProviderFor } from './provider.ts';
import { checkSmsCode, sendSmsCode } from './service.ts';

/** SMS verification: send a code, check it (spec §7). */
export const smsApi: ApiPlugin = async (app) => {
  const { db, config, clock } = app;
  const deps = () => ({ db, config, sms: smsProviderFor({ db, config }) });

  // spec §8: a send failure alerts errors.user_id, so the tel's own errors are reported there too
  for (const url of ['/user/send_sms', '/user/sendSms']) {
    app.post(
      url,
      {
        schema: { body: sendSmsSchema, response: okResponse(emptyAnswerSchema) },
        config: { auth: true, errorFields: { tel: 'user_id' }, ...rateLimitConfig('sms') },
      },
      async (req) => {
        await sendSmsCode(deps(), memberOf(req).id, req.body.tel, clock.now());
        return {};
      },
    );
  }

  for (const url of ['/user/check_sms', '/user/checkSms']) {
    app.post(
      url,
      {
        schema: { body: checkSmsSchema, response: okResponse(emptyAnswerSchema) },
        config: { auth: true, ...rateLimitConfig('sms') },
      },
      async (req) => {
        await checkSmsCode(deps(), memberOf(req).id, req.body.sms_code, clock.now());
        return {};
      },
    );
  }
};
