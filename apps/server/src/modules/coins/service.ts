import type { Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import { prepareQuery, type Slots } from '../../db/prepared.ts';
import type { LedgerEntry } from '../gems/service.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/**
 * Coins (DOMAIN.md Units): stored and sent as integer tenths in `users.coin_tenths`; every change writes a
 * `coin_ledger` row with the balance after it.
 */

/** Gems paid per tenth of a coin earned on gem packs (0.1 coin per 100 gems). */
export const GEMS_PER_COIN_TENTH = 100;

export class InsufficientCoinsError extends Error {
  constructor(
    readonly balanceTenths: number,
    readonly neededTenths: number,
  ) {
    super(`not enough coins: ${balanceTenths} < ${neededTenths} tenths`);
  }
}

export async function coinBalanceTenths(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('coin_tenths').where('id', '=', userId).executeTakeFirst();
  return row?.coin_tenths ?? 0;
}

const ledgerInsert = prepareQuery((db, p: Slots<LedgerEntry>) =>
  db.insertInto('coin_ledger').values({
    user_id: p.userId,
    delta_tenths: p.delta,
    reason: p.reason,
    reference: p.reference,
    balance_after_tenths: p.balanceAfter,
    created_at: p.at,
  }),
);

async function ledger(
  tx: Executor,
  row: { userId: number; delta: number; reason: string; reference?: string; balanceAfter: number },
  now: Date,
) {
  await ledgerInsert(tx, { ...row, reference: row.reference ?? null, at: now.toISOString() });
}

const creditOnPurchase = prepareQuery(
  (db, p: Slots<{ userId: number; carry: number; earnedTenths: number }>) =>
    db
      .updateTable('users')
      .set((eb) => ({ coin_carry_gems: p.carry, coin_tenths: eb('coin_tenths', '+', p.earnedTenths) }))
      .where('id', '=', p.userId)
      .returning('coin_tenths'),
);

/**
 * Debits coins with one conditional update (`coin_tenths >= x`), so a balance can never go below zero even
 * when two spends race. Throws InsufficientCoinsError and writes nothing when the balance is short.
 */
export async function spendCoins(
  tx: Executor,
  args: { userId: number; tenths: number; reason: string; reference?: string },
  now: Date,
): Promise<{ balanceAfter: number }> {
  if (!Number.isInteger(args.tenths) || args.tenths <= 0)
    throw new Error('coin spend must be a positive integer');
  const row = await tx
    .updateTable('users')
    .set((eb) => ({ coin_tenths: eb('coin_tenths', '-', args.tenths) }))
    .where('id', '=', args.userId)
    .where('coin_tenths', '>=', args.tenths)
    .returning('coin_tenths')
    .executeTakeFirst();
  if (!row) throw new InsufficientCoinsError(await coinBalanceTenths(tx, args.userId), args.tenths);
  await ledger(tx, { ...args, delta: -args.tenths, balanceAfter: row.coin_tenths }, now);
  return { balanceAfter: row.coin_tenths };
}

/** Credits coins (tenths) with a ledger row. */
export async function awardCoins(
  tx: Executor,
  args: { userId: number; tenths: number; reason: string; reference?: string },
  now: Date,
): Promise<{ balanceAfter: number }> {
  if (!Number.isInteger(args.tenths) || args.tenths <= 0)
    throw new Error('coin award must be a positive integer');
  const row = await tx
    .updateTable('users')
    .set((eb) => ({ coin_tenths: eb('coin_tenths', '+', args.tenths) }))
    .where('id', '=', args.userId)
    .returning('coin_tenths')
    .executeTakeFirstOrThrow();
  await ledger(tx, { ...args, delta: args.tenths, balanceAfter: row.coin_tenths }, now);
  return { balanceAfter: row.coin_tenths };
}

/** Pure rule: tenths earned for gems paid, and the gems carried to the next purchase. */
export function coinsForGems(carryGems: number, gemsPaid: number): { earnedTenths: number; carry: number } {
  const total = carryGems + gemsPaid;
  return {
    earnedTenths: Math.floor(total / GEMS_PER_COIN_TENTH),
    carry: total % GEMS_PER_COIN_TENTH,
  };
}

/**
 * Coins earned on a gem pack (DOMAIN.md): one tenth per 100 gems actually paid, the remainder below 100 kept in
 * `users.coin_carry_gems` for the next purchase. The member's row is locked (PostgreSQL `FOR UPDATE`) so two
 * purchases cannot both use the same carry; a caller that already holds that lock passes the carry it read
 * (`lockedCarryGems`) to save the read.
 */
export async function earnCoinsForGems(
  tx: Executor,
  args: { userId: number; gemsPaid: number; reference?: string; lockedCarryGems?: number },
  now: Date,
): Promise<{ earnedTenths: number; carry: number; balanceAfter: number }> {
  const carryBefore =
    args.lockedCarryGems ??
    (
      await tx
        .selectFrom('users')
        .select('coin_carry_gems')
        .where('id', '=', args.userId)
        .$if(isPostgres(tx), (q) => q.forUpdate())
        .executeTakeFirstOrThrow()
    ).coin_carry_gems;
  const { earnedTenths, carry } = coinsForGems(carryBefore, args.gemsPaid);
  const [row] = (await creditOnPurchase(tx, { userId: args.userId, carry, earnedTenths })).rows;
  if (!row) throw new Error(`user ${args.userId} does not exist`);
  if (earnedTenths > 0) {
    await ledger(
      tx,
      {
        userId: args.userId,
        delta: earnedTenths,
        reason: 'pack_purchase_reward',
        reference: args.reference,
        balanceAfter: row.coin_tenths,
      },
      now,
    );
  }
  return { earnedTenths, carry, balanceAfter: row.coin_tenths };
}
