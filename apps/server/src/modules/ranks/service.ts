/** Discount on gem packs per rank (spec §1 rank table): White, Bronze 0%, Silver 3%, Gold 5%, Rainbow 10%. */
export const RANK_DISCOUNT_PERCENT: Readonly<Record<number, number>> = { 1: 0, 2: 0, 3: 3, 4: 5, 5: 10 };

export function discountPercent(rank: number): number {
  return RANK_DISCOUNT_PERCENT[rank] ?? 0;
}

/**
 * What the member pays for a gem pack: `point × N` less the rank discount, rounded down to whole gems in the
 * member's favour (DOMAIN.md Packs and lots): floor(price × (100 − d) / 100).
 */
export function discountedPrice(price: number, rank: number): { price: number; discountPercent: number } {
  const d = discountPercent(rank);
  return { price: Math.floor((price * (100 - d)) / 100), discountPercent: d };
}

export { jstMonthRange, monthlyGemSpend } from './spend.ts';

export { rankStatus, type RankStatus } from './status.ts';
// the rollover (rollover.ts) and rank maintenance (maintain.ts) write through the account module, which depends on
// this face: they are imported directly where they run (the routes, the jobs, the command line, the demo)
export { rankHistory } from './repo.ts';
