import { setReferralCodeSchema } from '@gacha/contract/account';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { setReferralCode } from './service.ts';

export function registerReferralsRoutes({ api, db, clock }: ModuleDeps): void {
  api.post(
    ['/user/set_referral_code', '/user/setReferralCode'],
    { body: setReferralCodeSchema, auth: true, errorFields: { referralCode: 'referral_code' } },
    async ({ user, body }) => setReferralCode(db, user.id, body.referralCode, clock.now()),
  );
}
