import type { Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import { prepareQuery, type Slots } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { countRows } from '../../db/count.ts';
import type { LedgerEntry } from '../gems/service.ts';

type Executor = Db | Transaction<Database>;

export async function coinBalanceTenths(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('coin_tenths').where('id', '=', userId).executeTakeFirst();
  return row?.coin_tenths ?? 0;
}

/** The member's coin carry, the row locked (PostgreSQL `FOR UPDATE`) for the rest of the transaction. */
export async function lockedCarryGems(tx: Executor, userId: number): Promise<number> {
  const row = await tx
    .selectFrom('users')
    .select('coin_carry_gems')
    .where('id', '=', userId)
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  return row.coin_carry_gems;
}

export const ledgerInsert = prepareQuery((db, p: Slots<LedgerEntry>) =>
  db.insertInto('coin_ledger').values({
    user_id: p.userId,
    delta_tenths: p.delta,
    reason: p.reason,
    reference: p.reference,
    balance_after_tenths: p.balanceAfter,
    created_at: p.at,
  }),
);

export function countLedger(ex: Executor, userId: number): Promise<number> {
  return countRows(ex.selectFrom('coin_ledger').where('user_id', '=', userId));
}

/** A page of the member's coin ledger, newest first. */
export function ledgerPage(ex: Executor, userId: number, page: { limit: number; offset: number }) {
  return ex
    .selectFrom('coin_ledger')
    .select(['id', 'delta_tenths', 'reason', 'reference', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The packs of purchases (the coin history's memo). */
export function packNamesOfPurchases(ex: Executor, purchaseIds: readonly number[]) {
  if (!purchaseIds.length) return Promise.resolve([]);
  return ex
    .selectFrom('pack_purchases as p')
    .innerJoin('packs as k', 'k.id', 'p.pack_id')
    .select(['p.id', 'k.name_en', 'k.name_ja'])
    .where('p.id', 'in', [...purchaseIds])
    .execute();
}

/** The cards of exchanges (the coin history's memo). */
export function cardNamesOfExchanges(ex: Executor, exchangeIds: readonly number[]) {
  if (!exchangeIds.length) return Promise.resolve([]);
  return ex
    .selectFrom('exchanges as x')
    .innerJoin('cards as c', 'c.id', 'x.card_id')
    .select(['x.id', 'c.name_en', 'c.name_ja'])
    .where('x.id', 'in', [...exchangeIds])
    .execute();
}

/** Whether a staff grant or deduction left its ledger row (the replay check of its request id). */
export async function hasStaffRow(ex: Executor, reference: string): Promise<boolean> {
  const row = await ex
    .selectFrom('coin_ledger')
    .select('id')
    .where('reference', '=', reference)
    .where('reason', 'in', ['admin', 'admin_deduction'])
    .executeTakeFirst();
  return row !== undefined;
}
