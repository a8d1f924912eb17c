import { useQuery } from '@tanstack/react-query';
import {
  transferResultSchema,
  transferStatusSchema,
  type TransferLoginInput,
  type TransferStatus,
} from '@gacha/contract/transfer';
import { api, ApiStateError, fieldsOf } from './api.ts';
import { queryClient } from './query-client.ts';

/**
 * Point transfer from the linked partner site (spec §1, §7), shown on Buy gems and on My page: the link, the
 * balance there, the rate and the latest transfers (GET /user/transfer/point); linking (POST
 * /user/transfer/login) and moving points (POST /user/transfer/point).
 */
export const transferStatusKey = ['transfer', 'status'] as const;

/** GET /user/transfer/point; null when the shop offers no point transfer (state 404 'transfer_off'). */
export async function fetchTransferStatus(): Promise<TransferStatus | null> {
  const res = await api.get('user/transfer/point', { answer: transferStatusSchema, background: true });
  if (res.state === 200) return fieldsOf(res);
  if (res.state === 404) return null;
  throw new ApiStateError(res);
}

export function useTransferStatus() {
  return useQuery({ queryKey: transferStatusKey, queryFn: fetchTransferStatus, staleTime: 0, retry: false });
}

/** POST /user/transfer/login {login_id, password}: the partner checks them (errors.login_id); answers the status. */
export async function linkPartner(input: TransferLoginInput) {
  const res = await api.post('user/transfer/login', input, { answer: transferStatusSchema });
  if (res.state === 200) queryClient.setQueryData(transferStatusKey, fieldsOf(res));
  return res;
}

/**
 * POST /user/transfer/point {point, request_id}: result '1' credited, '2' waiting for the partner. The same
 * request_id again is the same transfer (a repeated confirmation never moves points twice). Errors under
 * errors.point.
 */
export async function transferPoints(point: number, requestId: string) {
  return api.post('user/transfer/point', { point, request_id: requestId }, { answer: transferResultSchema });
}
