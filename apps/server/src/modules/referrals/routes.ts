import { setReferralCodeResultSchema, setReferralCodeSchema } from '@gacha/contract/account';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { setReferralCode } from './service.ts';

/** POST /user/set_referral_code: the referrer, attached once. */
export const referralsApi: ApiPlugin = async (app) => {
  const { db, clock } = app;
  for (const url of ['/user/set_referral_code', '/user/setReferralCode']) {
    app.post(
      url,
      {
        schema: { body: setReferralCodeSchema, response: okResponse(setReferralCodeResultSchema) },
        config: { auth: true, errorFields: { referralCode: 'referral_code' } },
      },
      async (req) => setReferralCode(db, memberOf(req).id, req.body.referralCode, clock.now()),
    );
  }
};
