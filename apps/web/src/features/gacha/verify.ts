import type { FairnessInfo } from '@gacha/contract/draws';
import { verifyPack, type VerifyOutcome } from '@gacha/contract/fairness';

export interface Verification extends VerifyOutcome {
  /** Per position: the prize id, whether it was sold, whether it is one of mine. */
  cells: { position: number; prizeId: number; sold: boolean; mine: boolean }[];
}

/**
 * Recomputes the commitment and the whole lot sequence from the revealed seed (contract fairness.ts, the code
 * the server used) and compares every draw of the member with the recomputed sequence.
 */
export function verifyFairness(info: FairnessInfo): Verification | null {
  if (!info.seed || !info.commitment) return null;
  const outcome = verifyPack({
    seed: info.seed,
    commitment: info.commitment,
    canonical: info.canonical,
    draws: info.my_positions.map((p) => ({ position: p.position, prize_id: p.prize_id })),
  });
  const mine = new Set(info.my_positions.map((p) => p.position));
  return {
    ...outcome,
    cells: outcome.sequence.map((prizeId, position) => ({
      position,
      prizeId,
      sold: position < info.sold,
      mine: mine.has(position),
    })),
  };
}

/** The sequence as CSV (position from 1, prize id, name, rarity, mine). */
export function sequenceCsv(info: FairnessInfo, v: Verification): string {
  const prizes = new Map(info.prizes.map((p) => [p.id, p]));
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const rows = v.cells.map((c) => {
    const p = prizes.get(c.prizeId);
    return [c.position + 1, c.prizeId, q(p?.name ?? ''), q(p?.rarity_label ?? ''), c.mine ? 1 : 0].join(',');
  });
  return ['position,prize_id,name,rarity,mine', ...rows].join('\n');
}
