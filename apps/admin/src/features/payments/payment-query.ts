import { useQuery } from '@tanstack/react-query';
import { adminPaymentDetailSchema } from '@gacha/contract/admin-payments';
import { api, apiPath, unwrap } from '../../lib/api.ts';

/** The payments' calls (GET /api/admin/payments, /payments/{id}); one key prefix, so a refund or match refreshes both. */
export const PAYMENTS_KEY = ['admin', 'payments'] as const;
export const paymentKey = (id: number) => [...PAYMENTS_KEY, 'detail', id] as const;

export function usePayment(id: number) {
  return useQuery({
    queryKey: paymentKey(id),
    queryFn: async () =>
      unwrap(await api.get(apiPath('admin', 'payments', id), { answer: adminPaymentDetailSchema })),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** '¥1,200' in the staff member's number format. */
export function yen(n: number, lang: string): string {
  return `¥${n.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US')}`;
}
