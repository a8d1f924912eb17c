import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { creditCoins, creditPurchaseCoins, debitCoins } from '../account/service.ts';
import * as repo from './repo.ts';

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

export function coinBalanceTenths(db: Executor, userId: number): Promise<number> {
  return repo.coinBalanceTenths(db, userId);
}

async function ledger(
  tx: Executor,
  row: { userId: number; delta: number; reason: string; reference?: string; balanceAfter: number },
  now: Date,
) {
  await repo.ledgerInsert(tx, { ...row, reference: row.reference ?? null, at: now.toISOString() });
}

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
  const balanceAfter = await debitCoins(tx, args.userId, args.tenths);
  if (balanceAfter === undefined) {
    throw new InsufficientCoinsError(await coinBalanceTenths(tx, args.userId), args.tenths);
  }
  await ledger(tx, { ...args, delta: -args.tenths, balanceAfter }, now);
  return { balanceAfter };
}

/** Credits coins (tenths) with a ledger row. */
export async function awardCoins(
  tx: Executor,
  args: { userId: number; tenths: number; reason: string; reference?: string },
  now: Date,
): Promise<{ balanceAfter: number }> {
  if (!Number.isInteger(args.tenths) || args.tenths <= 0)
    throw new Error('coin award must be a positive integer');
  const balanceAfter = await creditCoins(tx, args.userId, args.tenths);
  await ledger(tx, { ...args, delta: args.tenths, balanceAfter }, now);
  return { balanceAfter };
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
  const carryBefore = args.lockedCarryGems ?? (await repo.lockedCarryGems(tx, args.userId));
  const { earnedTenths, carry } = coinsForGems(carryBefore, args.gemsPaid);
  const balanceAfter = await creditPurchaseCoins(tx, { userId: args.userId, carry, earnedTenths });
  if (balanceAfter === undefined) throw new Error(`user ${args.userId} does not exist`);
  if (earnedTenths > 0) {
    await ledger(
      tx,
      {
        userId: args.userId,
        delta: earnedTenths,
        reason: 'pack_purchase_reward',
        reference: args.reference,
        balanceAfter,
      },
      now,
    );
  }
  return { earnedTenths, carry, balanceAfter };
}
export { coinHistory, COIN_HISTORY_PAGE_SIZE } from './history.ts';

/** spendCoins, answering `refusal()` instead of InsufficientCoinsError when the balance is short. */
export async function spendCoinsOr(
  tx: Executor,
  args: { userId: number; tenths: number; reason: string; reference?: string },
  now: Date,
  refusal: () => Error,
): Promise<{ balanceAfter: number }> {
  try {
    return await spendCoins(tx, args, now);
  } catch (err) {
    if (err instanceof InsufficientCoinsError) throw refusal();
    throw err;
  }
}
