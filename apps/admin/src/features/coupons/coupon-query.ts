import { useQuery } from '@tanstack/react-query';
import { adminCouponListSchema } from '@gacha/contract/admin-shop';
import { adminPointPriceListSchema } from '@gacha/contract/admin-shop';
import type { z } from 'zod';
import { api, unwrap } from '../../lib/api.ts';
import { windowPhase } from '../../lib/jst-window.ts';

export type Coupon = z.infer<typeof adminCouponListSchema>['list'][number];
export const COUPONS_KEY = ['admin', 'coupons'] as const;

export function useCoupons() {
  return useQuery({
    queryKey: COUPONS_KEY,
    queryFn: async () => unwrap(await api.get('admin/coupons', adminCouponListSchema)).list,
  });
}

/** The gem price courses (the same query the gem prices page reads), for the courses an unlock coupon opens. */
export function useCourses() {
  return useQuery({
    queryKey: ['admin', 'point-prices'],
    queryFn: async () => unwrap(await api.get('admin/point-prices', adminPointPriceListSchema)).list,
  });
}

/** Whether members can use a coupon now, and if not, why. */
export type CouponStatus = 'active' | 'upcoming' | 'ended' | 'used_up' | 'disabled';

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
