import { checkSmsRoute, sendSmsRoute } from '@gacha/contract/routes/sms';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { serve } from '../../http/serve.ts';
import { smsProviderFor } from './provider.ts';
import { checkSmsCode, sendSmsCode } from './service.ts';

/** SMS verification: send a code, check it (spec §7). */
export const smsApi: ApiPlugin = async (app) => {
  const { db, config, clock } = app;
  const deps = () => ({ db, config, sms: smsProviderFor({ db, config }) });

  // spec §8: a send failure alerts errors.user_id, so the tel's own errors are reported there too
  await serve(
    app,
    sendSmsRoute,
    async (req) => {
      await sendSmsCode(deps(), memberOf(req).id, req.body.tel, clock.now());
      return {};
    },
    { errorFields: { tel: 'user_id' }, ...rateLimitConfig('sms') },
  );

  await serve(
    app,
    checkSmsRoute,
    async (req) => {
      await checkSmsCode(deps(), memberOf(req).id, req.body.sms_code, clock.now());
      return {};
    },
    rateLimitConfig('sms'),
  );
};
