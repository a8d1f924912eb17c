import type { PackCheckResult, PurchaseRefusal } from '@gacha/contract/draws';
import { checkPurchaseRoute } from '@gacha/contract/routes/draws';
import { call, fieldsOf } from '../../../lib/api.ts';
import type { Refusal } from '../refusal.ts';
import { withRoomPass } from './get-room.ts';

export type CheckAnswer = { ok: true; check: PackCheckResult } | ({ ok: false } & Refusal);

/** The refusal of a check or a buy: errors.count (first message) and the reason code. */
export function refusalOf(res: {
  state: number;
  errors?: Record<string, string[]>;
  message?: string;
  reason?: unknown;
}): Refusal {
  const first = res.errors?.count?.[0] ?? Object.values(res.errors ?? {})[0]?.[0];
  return {
    state: res.state,
    reason: typeof res.reason === 'string' ? (res.reason as PurchaseRefusal) : null,
    message: String(first ?? res.message ?? ''),
  };
}

/** POST /user/pack/check {packId, count: "N", roomPass} (spec §7; the pass only on a pack whose room has started): state 200 (result '1') proceeds to the confirm. */
export async function checkPurchase(packId: number, count: number): Promise<CheckAnswer> {
  // the route's schemas load with the first answer: the pack page starts without building draws.ts's
  const res = await withRoomPass(packId, (roomPass) =>
    call(checkPurchaseRoute, { body: { packId, count: String(count), roomPass } }),
  );
  if (res.state === 200) return { ok: true, check: fieldsOf(res) };
  return { ok: false, ...refusalOf(res) };
}
