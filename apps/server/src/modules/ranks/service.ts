import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { jstMonth } from '../../db/time.ts';
import * as repo from './repo.ts';

type Executor = Db | Transaction<Database>;

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

/** Start and end (exclusive) of the JST calendar month containing `now`, as ISO instants. */
export function jstMonthRange(now: Date): { start: string; end: string } {
  const month = jstMonth(now);
  return { start: month.start.toISOString(), end: month.end.toISOString() };
}

/** Gems the member paid for gem packs in the JST calendar month containing `now` (what ranks are based on). */
export function monthlyGemSpend(db: Executor, userId: number, now: Date): Promise<number> {
  return repo.gemPackSpend(db, userId, jstMonthRange(now));
}
