import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { jstMonth } from '../../db/time.ts';
import * as repo from './repo.ts';

type Executor = Db | Transaction<Database>;

/** Start and end (exclusive) of the JST calendar month containing `now`, as ISO instants. */
export function jstMonthRange(now: Date): { start: string; end: string } {
  const month = jstMonth(now);
  return { start: month.start.toISOString(), end: month.end.toISOString() };
}

/** Gems the member paid for gem packs in the JST calendar month containing `now` (what ranks are based on). */
export function monthlyGemSpend(db: Executor, userId: number, now: Date): Promise<number> {
  return repo.gemPackSpend(db, userId, jstMonthRange(now));
}
