import { couponUseSchema, type CouponUseResult } from '@gacha/contract/account';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { useCoupon } from './service.ts';

export function registerCouponsRoutes({ api, db, config, clock }: ModuleDeps): void {
  api.post(
    '/user/coupon/use',
    { body: couponUseSchema, auth: true, rateLimit: 'coupon' },
    ({ user, body, lang }): Promise<CouponUseResult> =>
      useCoupon({ db, config }, user.id, body.couponCode, lang, clock.now()),
  );
}
