import { useQuery } from '@tanstack/react-query';
import type { AdminCouponStatus, adminCouponRowSchema } from '@gacha/contract/admin-shop';
import { couponDetailRoute, pointPricesRoute } from '@gacha/contract/routes/admin-shop';
import type { z } from 'zod';
import { call, unwrap } from '../../lib/api.ts';
import { windowPhase } from '../../lib/jst-window.ts';

export type Coupon = z.infer<typeof adminCouponRowSchema>;
/** The cache key of every coupon query: the list's pages and each coupon. */
export const COUPONS_KEY = ['admin', 'coupons'] as const;

/** One coupon, read by its id. */
export function useCoupon(id: number) {
  return useQuery({
    queryKey: [...COUPONS_KEY, 'one', id],
    queryFn: async () => unwrap(await call(couponDetailRoute, { params: { id } })).coupon,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The gem price courses (the same query the gem prices page reads), for the courses an unlock coupon opens. */
export function useCourses() {
  return useQuery({
    queryKey: ['admin', 'point-prices'],
    queryFn: async () => unwrap(await call(pointPricesRoute, {})).list,
  });
}

/** Whether members can use a coupon now, and if not, why (the list's status filter, worked out here for one). */
export type CouponStatus = AdminCouponStatus;

export function couponStatus(c: Coupon, now = Date.now()): CouponStatus {
  if (c.disabled_at) return 'disabled';
  const phase = windowPhase(c.starts_at, c.ends_at, now);
  if (phase !== 'open') return phase;
  if (c.max_uses !== null && c.used_count >= c.max_uses) return 'used_up';
  return 'active';
}

export const STATUS_CLASS: Record<CouponStatus, string> = {
  active: 'status-on_sale',
  upcoming: 'status-before',
  ended: 'status-ended',
  used_up: 'status-open',
  disabled: 'status-ended',
};
