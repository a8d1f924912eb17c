import type { PracticeResult } from '@gacha/contract/pack-fairness';
import { practiceDrawRoute } from '@gacha/contract/routes/fairness';
import { call, fieldsOf, type Refusal } from '../../../lib/api.ts';

export type PracticeAnswer = { ok: true; result: PracticeResult } | { ok: false; message: string | null };

/** POST /user/pack/practice {packId, count}: a practice draw — nothing is bought, paid or kept. */
export async function practiceDraw(packId: number, count: number): Promise<PracticeAnswer> {
  // the route's schemas load with the first answer: the pack page starts without building pack-fairness.ts's
  const res = await call(practiceDrawRoute, { body: { packId, count } });
  if (res.state === 200) return { ok: true, result: fieldsOf(res) };
  const refusal = res as Refusal;
  const first = Object.values(refusal.errors ?? {})[0]?.[0];
  return { ok: false, message: refusal.message ?? first ?? null };
}
