import type { Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import { prepareQuery, type Slots } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
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
