import { sql, type Insertable, type Transaction } from 'kysely';
import { countRows } from '../../db/count.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import { prepareQuery, type Slots } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';

/** A gem or coin ledger row as the value-moving writes append it. */
export interface LedgerEntry {
  userId: number;
  delta: number;
  reason: string;
  reference: string | null;
  balanceAfter: number;
  at: string;
}

/** A gem ledger row: a LedgerEntry and the part of its delta in paid gems. */
export interface GemLedgerEntry extends LedgerEntry {
  paidDelta: number;
}

type Executor = Db | Transaction<Database>;
type NewLot = Insertable<Database['gem_lots']>;
type NewLedgerRow = Insertable<Database['gem_ledger']>;

export const balanceQuery = prepareQuery((db, p: Slots<{ userId: number; at: string }>) =>
  db
    .selectFrom('gem_lots')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('remaining'), eb.lit(0)).as('balance'))
    .where('user_id', '=', p.userId)
    .where('expires_at', '>', p.at),
);

/** Locks the member's row `FOR UPDATE` (PostgreSQL only; see the service's lockGemAccount). */
export async function lockMemberRow(tx: Executor, userId: number): Promise<void> {
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function insertLot(tx: Executor, lot: NewLot): Promise<number> {
  const row = await tx.insertInto('gem_lots').values(lot).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertLots(tx: Executor, lots: readonly NewLot[]): Promise<void> {
  await tx.insertInto('gem_lots').values(lots).execute();
}

export async function insertLedgerRows(tx: Executor, rows: NewLedgerRow | readonly NewLedgerRow[]) {
  await tx.insertInto('gem_ledger').values(rows).execute();
}

/*
 * `remaining > 0` is written as a literal in these queries: compared with a bound parameter, SQLite must check on
 * every run whether the partial index gem_lots_expiring (`where remaining > 0`) still applies, so it prepared
 * the statement again each time it was given new values (bench/buy.bench.ts, perf: sqlite3Reprepare).
 */
export const spendableLots = prepareQuery((db, p: Slots<{ userId: number; at: string }>) =>
  db
    .selectFrom('gem_lots')
    .select(['id', 'remaining', 'kind'])
    .where('user_id', '=', p.userId)
    .where('expires_at', '>', p.at)
    .where('remaining', '>', sql.lit(0))
    .orderBy('expires_at')
    .orderBy('id')
    .$if(isPostgres(db), (q) => q.forUpdate()),
);
export const debitLot = prepareQuery((db, p: Slots<{ lotId: number; take: number; at: string }>) =>
  db
    .updateTable('gem_lots')
    .set((eb) => ({ remaining: eb('remaining', '-', p.take) }))
    .where('id', '=', p.lotId)
    .where('remaining', '>=', p.take)
    .where('expires_at', '>', p.at),
);
export const spendLedgerRow = prepareQuery((db, p: Slots<GemLedgerEntry>) =>
  db.insertInto('gem_ledger').values({
    user_id: p.userId,
    delta: p.delta,
    paid_delta: p.paidDelta,
    reason: p.reason,
    reference: p.reference,
    balance_after: p.balanceAfter,
    created_at: p.at,
  }),
);

/** Lots past their expiry that still hold gems, oldest first. */
export function expiredWithGems(ex: Executor, at: string, limit: number) {
  return ex
    .selectFrom('gem_lots')
    .select(['id', 'user_id', 'remaining', 'kind'])
    .where('expires_at', '<=', at)
    .where('remaining', '>', sql.lit(0)) // a literal: see spendableLots
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Zeroes a lot that still holds `remaining` (and, with `expiredAt`, has expired by then); false when it changed. */
export async function zeroLot(
  tx: Executor,
  lot: { id: number; remaining: number },
  opts: { expiredAt?: string } = {},
): Promise<boolean> {
  const r = await tx
    .updateTable('gem_lots')
    .set({ remaining: 0 })
    .where('id', '=', lot.id)
    .where('remaining', '=', lot.remaining)
    .$if(opts.expiredAt !== undefined, (q) => q.where('expires_at', '<=', opts.expiredAt!))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The member's unexpired lots that hold gems, oldest-expiring first, locked on PostgreSQL. */
export function liveLotsLocked(tx: Executor, userId: number, at: string) {
  return tx
    .selectFrom('gem_lots')
    .select(['id', 'remaining', 'kind'])
    .where('user_id', '=', userId)
    .where('remaining', '>', sql.lit(0)) // a literal: see spendableLots
    .where('expires_at', '>', at)
    .orderBy('expires_at')
    .orderBy('id')
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .execute();
}

export function countLedger(ex: Executor, userId: number): Promise<number> {
  return countRows(ex.selectFrom('gem_ledger').where('user_id', '=', userId));
}

export function ledgerRows(ex: Executor, userId: number, page: { limit: number; offset: number }) {
  return ex
    .selectFrom('gem_ledger')
    .select(['id', 'delta', 'reason', 'reference', 'balance_after', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** One lot of a member, locked on PostgreSQL (a refund reads it before taking back its remaining). */
export function lotLocked(tx: Executor, userId: number, lotId: number) {
  return tx
    .selectFrom('gem_lots')
    .select(['id', 'remaining', 'amount', 'expires_at', 'kind'])
    .where('id', '=', lotId)
    .where('user_id', '=', userId)
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Whether a staff grant or deduction left its ledger row (the replay check of its request id). */
export async function hasStaffRow(ex: Executor, reference: string): Promise<boolean> {
  const row = await ex
    .selectFrom('gem_ledger')
    .select('id')
    .where('reference', '=', reference)
    .where('reason', 'in', ['admin', 'admin_deduction'])
    .executeTakeFirst();
  return row !== undefined;
}
