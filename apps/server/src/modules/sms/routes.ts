import { checkSmsSchema, sendSmsSchema } from '@gacha/contract/account';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { smsProviderFor } from './provider.ts';
import { checkSmsCode, sendSmsCode } from './service.ts';

export function registerSmsRoutes({ api, db, config, clock }: ModuleDeps): void {
  const deps = () => ({ db, config, sms: smsProviderFor({ db, config }) });

  // spec §8: a send failure alerts errors.user_id, so the tel's own errors are reported there too
  api.post(
    ['/user/send_sms', '/user/sendSms'],
    { body: sendSmsSchema, auth: true, errorFields: { tel: 'user_id' }, rateLimit: 'sms' },
    async ({ user, body }) => {
      await sendSmsCode(deps(), user.id, body.tel, clock.now());
    },
  );

  api.post(
    ['/user/check_sms', '/user/checkSms'],
    { body: checkSmsSchema, auth: true, rateLimit: 'sms' },
    async ({ user, body }) => {
      await checkSmsCode(deps(), user.id, body.sms_code, clock.now());
    },
  );
}
