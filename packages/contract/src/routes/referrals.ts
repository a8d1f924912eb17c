import { defineRoute } from '../route.ts';

/** The referrer, attached once (errors under errors.referral_code). */
export const setReferralCodeRoute = defineRoute({
  method: 'POST',
  path: '/user/set_referral_code',
  aliases: ['/user/setReferralCode'],
  access: 'member',
  schemas: () =>
    import('../account.ts').then((m) => ({
      body: m.setReferralCodeSchema,
      answer: m.setReferralCodeResultSchema,
    })),
});
