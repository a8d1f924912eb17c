import { useQuery } from '@tanstack/react-query';
import {
  transferLoginRoute,
  transferPointsRoute,
  transferStatusRoute,
} from '@gacha/contract/routes/transfer';
import type { TransferLoginInput, TransferStatus } from '@gacha/contract/transfer';
import { ApiStateError, call, fieldsOf } from './api.ts';
import { queryClient } from './query-client.ts';

/**
 * Point transfer from the linked partner site (spec §1, §7), shown on Buy gems and on My page: the link, the
 * balance there, the rate and the latest transfers (GET /user/transfer/point); linking (POST
 * /user/transfer/login) and moving points (POST /user/transfer/point).
 */
export const transferStatusKey = ['transfer', 'status'] as const;

/** GET /user/transfer/point; null when the shop offers no point transfer (state 404 'transfer_off'). */
export async function fetchTransferStatus(): Promise<TransferStatus | null> {
  const res = await call(transferStatusRoute, {}, { background: true });
  if (res.state === 200) return fieldsOf(res);
  if (res.state === 404) return null;
  throw new ApiStateError(res);
}

export function useTransferStatus() {
  return useQuery({ queryKey: transferStatusKey, queryFn: fetchTransferStatus, staleTime: 0, retry: false });
}

/** POST /user/transfer/login {login_id, password}: the partner checks them (errors.login_id); answers the status. */
export async function linkPartner(input: TransferLoginInput) {
  const res = await call(transferLoginRoute, { body: input });
  if (res.state === 200) queryClient.setQueryData(transferStatusKey, fieldsOf(res));
  return res;
}

/**
 * POST /user/transfer/point {point, request_id}: result '1' credited, '2' waiting for the partner. The same
 * request_id again is the same transfer (a repeated confirmation never moves points twice). Errors under
 * errors.point.
 */
export async function transferPoints(point: number, requestId: string) {
  return call(transferPointsRoute, { body: { point, request_id: requestId } });
}
