import { useQuery } from '@tanstack/react-query';
import { paymentDetailRoute } from '@gacha/contract/routes/admin-payments';
import { call, unwrap } from '../../lib/api.ts';

/** The payments' calls (GET /api/admin/payments, /payments/{id}); one key prefix, so a refund or match refreshes both. */
export const PAYMENTS_KEY = ['admin', 'payments'] as const;
export const paymentKey = (id: number) => [...PAYMENTS_KEY, 'detail', id] as const;

export function usePayment(id: number) {
  return useQuery({
    queryKey: paymentKey(id),
    queryFn: async () => unwrap(await call(paymentDetailRoute, { params: { id } })),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** '¥1,200' in the staff member's number format. */
export function yen(n: number, lang: string): string {
  return `¥${n.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US')}`;
}
