import type { PracticeResult } from '@gacha/contract/pack-fairness';
import { api, fieldsOf, type Refusal } from '../../../lib/api.ts';

/** Loaded with the first answer (lib/api.ts): the pack page starts without building pack-fairness.ts's schemas. */
const practiceResultAnswer = () =>
  import('@gacha/contract/pack-fairness').then((m) => m.practiceResultSchema);

export type PracticeAnswer = { ok: true; result: PracticeResult } | { ok: false; message: string | null };

/** POST /user/pack/practice {packId, count}: a practice draw — nothing is bought, paid or kept. */
export async function practiceDraw(packId: number, count: number): Promise<PracticeAnswer> {
  const res = await api.post('user/pack/practice', { packId, count }, { answer: practiceResultAnswer });
  if (res.state === 200) return { ok: true, result: fieldsOf(res) };
  const refusal = res as Refusal;
  const first = Object.values(refusal.errors ?? {})[0]?.[0];
  return { ok: false, message: refusal.message ?? first ?? null };
}
