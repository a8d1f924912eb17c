import { defineRoute } from '../route.ts';

/** A coupon code used: `error` '' is success. */
export const useCouponRoute = defineRoute({
  method: 'POST',
  path: '/user/coupon/use',
  access: 'member',
  schemas: () =>
    import('../account.ts').then((m) => ({ body: m.couponUseSchema, answer: m.couponUseResultSchema })),
});
