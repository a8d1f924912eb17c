import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PointAppendResult } from '@gacha/contract/payments';
import { ApiStateError, type ApiAnswer } from '../../../lib/api.ts';
import { currentUserKey } from '../../../lib/session.ts';
import { appendPoints, fetchPointEnd } from './payments.ts';

export type Outcome = ApiAnswer<PointAppendResult>;

/**
 * The outcome of a payment on a return page: 'end' reads GET /user/point/end, 'append' confirms with POST
 * /user/point/append {token: payment_id} (idempotent). The header balance is refreshed once it is known.
 */
export function usePaymentOutcome(mode: 'end' | 'append', paymentId: string | null, enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['payments', 'outcome', mode, paymentId],
    queryFn: async (): Promise<Outcome> => {
      if (mode === 'append') {
        if (!paymentId) throw new Error('no payment id');
        return appendPoints(paymentId);
      }
      const res = await fetchPointEnd(paymentId);
      if (res.state === 9999) throw new ApiStateError(res);
      return res;
    },
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const result = query.data?.result;
  useEffect(() => {
    if (result !== undefined) void queryClient.invalidateQueries({ queryKey: currentUserKey });
  }, [result, queryClient]);
  return query;
}
