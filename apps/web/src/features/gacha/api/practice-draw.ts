import { practiceResultSchema, type PracticeResult } from '@gacha/contract/pack-fairness';
import { api, fieldsOf, type Refusal } from '../../../lib/api.ts';

export type PracticeAnswer = { ok: true; result: PracticeResult } | { ok: false; message: string | null };

/** POST /user/pack/practice {packId, count}: a practice draw — nothing is bought, paid or kept. */
export async function practiceDraw(packId: number, count: number): Promise<PracticeAnswer> {
  const res = await api.post('user/pack/practice', { packId, count }, { answer: practiceResultSchema });
  if (res.state === 200) return { ok: true, result: fieldsOf(res) };
  const refusal = res as Refusal;
  const first = Object.values(refusal.errors ?? {})[0]?.[0];
  return { ok: false, message: refusal.message ?? first ?? null };
}
