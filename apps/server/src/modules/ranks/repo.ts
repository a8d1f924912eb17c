import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** Gems the member paid for gem packs in [start, end). */
export async function gemPackSpend(ex: Executor, userId: number, range: { start: string; end: string }) {
  const row = await ex
    .selectFrom('pack_purchases')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('price_paid'), eb.lit(0)).as('spent'))
    .where('user_id', '=', userId)
    .where('currency', '=', 'gem')
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .executeTakeFirst();
  return Number(row?.spent ?? 0);
}
/** A batch of members by id, registered before `createdBefore` (the month's start), with their current rank. */
export function membersAfter(ex: Executor, afterId: number, limit: number, createdBefore: string) {
  return ex
    .selectFrom('users')
    .select(['id', 'rank', 'rank_maintained_month'])
    .where('id', '>', afterId)
    .where('created_at', '<', createdBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function monthRows(ex: Executor, month: string, userIds: readonly number[]) {
  return ex
    .selectFrom('rank_months')
    .select(['user_id', 'rank'])
    .where('month', '=', month)
    .where('user_id', 'in', [...userIds])
    .execute();
}

/** Gems each member paid for gem packs within [start, end). */
export function gemSpendByMember(
  ex: Executor,
  userIds: readonly number[],
  range: { start: string; end: string },
) {
  return ex
    .selectFrom('pack_purchases')
    .select(['user_id', (eb) => eb.fn.sum<number>('price_paid').as('spend')])
    .where('user_id', 'in', [...userIds])
    .where('currency', '=', 'gem')
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .groupBy('user_id')
    .execute();
}

export interface MonthRow {
  user_id: number;
  month: string;
  rank: number;
  spend: number;
  how: 'spend' | 'maintained';
  created_at: string;
}

/** Inserts the rows not written yet; answers how many were. */
export async function insertMonthRows(tx: Executor, rows: readonly MonthRow[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const r = await tx
      .insertInto('rank_months')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
      .returning('user_id')
      .execute();
    written += r.length;
  }
  return written;
}

export async function recordRollover(
  ex: Executor,
  row: { month: string; members: number; started_at: string; finished_at: string },
): Promise<void> {
  await ex
    .insertInto('rank_rollovers')
    .values(row)
    .onConflict((oc) => oc.column('month').doNothing())
    .execute();
}

export async function lastRolledMonth(ex: Executor): Promise<string | null> {
  const r = await ex
    .selectFrom('rank_rollovers')
    .select((eb) => eb.fn.max('month').as('m'))
    .executeTakeFirst();
  return (r?.m as string | null) ?? null;
}

/** The member's rank months, newest first (the rank history). */
export function rankHistory(ex: Executor, userId: number, limit = 24) {
  return ex
    .selectFrom('rank_months')
    .select(['month', 'rank', 'spend', 'how'])
    .where('user_id', '=', userId)
    .orderBy('month', 'desc')
    .limit(limit)
    .execute();
}

/** What rank maintenance reads of the member. */
export function rankMember(ex: Executor, userId: number) {
  return ex
    .selectFrom('users')
    .select(['rank', 'rank_maintained_month', 'coin_tenths'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
