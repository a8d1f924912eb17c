import { setReferralCodeRoute } from '@gacha/contract/routes/referrals';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { setReferralCode } from './service.ts';

/** POST /user/set_referral_code: the referrer, attached once. */
export const referralsApi: ApiPlugin = async (app) => {
  const { db, clock } = app;
  await serve(
    app,
    setReferralCodeRoute,
    async (req) => setReferralCode(db, memberOf(req).id, req.body.referralCode, clock.now()),
    { errorFields: { referralCode: 'referral_code' } },
  );
};
