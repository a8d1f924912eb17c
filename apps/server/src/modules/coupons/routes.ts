import { couponUseResultSchema, couponUseSchema } from '@gacha/contract/account';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { useCoupon } from './service.ts';

/** POST /user/coupon/use. */
export const couponsApi: ApiPlugin = async (app) => {
  const { db, config, clock } = app;
  app.post(
    '/user/coupon/use',
    {
      schema: { body: couponUseSchema, response: okResponse(couponUseResultSchema) },
      config: { auth: true, ...rateLimitConfig('coupon') },
    },
    async (req) => useCoupon({ db, config }, memberOf(req).id, req.body.couponCode, req.lang, clock.now()),
  );
};
