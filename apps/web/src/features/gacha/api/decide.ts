import type { DecisionResult } from '@gacha/contract/draws';
import { decideRoute } from '@gacha/contract/routes/holdings';
import { call, fieldsOf } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentUserKey } from '../../../lib/session.ts';

export type DecideAnswer =
  { ok: true; result: DecisionResult } | { ok: false; state: number; field: string | null; message: string };

/**
 * POST /user/pack/decision {send_card, reduction_card} (spec §4 Divide result): state 200 with '1', or 204 with
 * '-1' (the same decision was already applied) — both go on to /thank-you.
 */
export async function decide(sendCard: number[], reductionCard: number[]): Promise<DecideAnswer> {
  const res = await call(decideRoute, { body: { send_card: sendCard, reduction_card: reductionCard } });
  if (res.state === 200 || res.state === 204) {
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    void queryClient.invalidateQueries({ queryKey: ['gacha', 'result'] });
    void queryClient.invalidateQueries({ queryKey: ['history'] });
    return { ok: true, result: fieldsOf(res) };
  }
  const [field, list] = Object.entries(res.errors ?? {})[0] ?? [null, []];
  return { ok: false, state: res.state, field, message: String(list[0] ?? res.message ?? '') };
}
