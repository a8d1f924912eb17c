import { useCouponRoute } from '@gacha/contract/routes/coupons';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { serve } from '../../http/serve.ts';
import { useCoupon } from './service.ts';

/** POST /user/coupon/use. */
export const couponsApi: ApiPlugin = async (app) => {
  const { db, config, clock } = app;
  await serve(
    app,
    useCouponRoute,
    async (req) => useCoupon({ db, config }, memberOf(req).id, req.body.couponCode, req.lang, clock.now()),
    rateLimitConfig('coupon'),
  );
};
