import type { Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { addMonths } from '../../db/time.ts';

type Executor = Db | Transaction<Database>;

export type LotKind = 'paid' | 'bonus';
export type LotSource =
  'purchase' | 'conversion' | 'referral' | 'post_reward' | 'coupon' | 'free_grant' | 'transfer' | 'admin';

export const GEM_VALIDITY_MONTHS = 6;

/** Balance = sum of remaining over lots not yet expired at `now` (DOMAIN.md: Gems). */
export async function gemBalance(db: Executor, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('gem_lots')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('remaining'), eb.lit(0)).as('balance'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Awards a lot and writes its ledger row. Call inside the transaction of whatever causes the award. */
export async function awardGems(
  tx: Executor,
  args: {
    userId: number;
    amount: number;
    kind: LotKind;
    source: LotSource;
    reason: string;
    reference?: string;
  },
  now: Date,
): Promise<{ lotId: number; balanceAfter: number }> {
  if (!Number.isInteger(args.amount) || args.amount <= 0)
    throw new Error('gem award must be a positive integer');
  const awardedAt = now.toISOString();
  const lot = await tx
    .insertInto('gem_lots')
    .values({
      user_id: args.userId,
      kind: args.kind,
      source: args.source,
      amount: args.amount,
      remaining: args.amount,
      awarded_at: awardedAt,
      expires_at: addMonths(awardedAt, GEM_VALIDITY_MONTHS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const balanceAfter = await gemBalance(tx, args.userId, now);
  await tx
    .insertInto('gem_ledger')
    .values({
      user_id: args.userId,
      delta: args.amount,
      reason: args.reason,
      reference: args.reference ?? null,
      balance_after: balanceAfter,
      created_at: awardedAt,
    })
    .execute();
  return { lotId: lot.id, balanceAfter };
}

/** The member's unexpired gems do not cover a spend. Nothing was written. */
export class InsufficientGemsError extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`not enough gems: ${balance} < ${needed}`);
  }
}

/** A lot changed under a spend (another writer); the caller's transaction must roll back. */
export class ConcurrentSpendError extends Error {}

/**
 * Spends gems, oldest-expiring lot first (ties by lot id), never touching an expired lot, and writes one ledger
 * row. Call inside the transaction of whatever the gems pay for.
 *
 * Concurrency: on PostgreSQL the member's unexpired lots are read `FOR UPDATE`, so two spends of one member
 * queue instead of both reading the same remaining; every lot is then debited with a conditional
 * `remaining >= x` update whose affected count is checked (SQLite runs one transaction at a time on its single
 * connection, so the same statements are simply serial there).
 */
export async function spendGems(
  tx: Executor,
  args: { userId: number; amount: number; reason: string; reference?: string },
  now: Date,
): Promise<{ balanceAfter: number; spent: { lotId: number; amount: number }[] }> {
  if (!Number.isInteger(args.amount) || args.amount <= 0)
    throw new Error('gem spend must be a positive integer');
  const at = now.toISOString();
  const lots = await tx
    .selectFrom('gem_lots')
    .select(['id', 'remaining'])
    .where('user_id', '=', args.userId)
    .where('expires_at', '>', at)
    .where('remaining', '>', 0)
    .orderBy('expires_at')
    .orderBy('id')
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .execute();
  const balance = lots.reduce((s, l) => s + l.remaining, 0);
  if (balance < args.amount) throw new InsufficientGemsError(balance, args.amount);

  const spent: { lotId: number; amount: number }[] = [];
  let left = args.amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    const r = await tx
      .updateTable('gem_lots')
      .set((eb) => ({ remaining: eb('remaining', '-', take) }))
      .where('id', '=', lot.id)
      .where('remaining', '>=', take)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1)
      throw new ConcurrentSpendError(`gem lot ${lot.id} changed during a spend`);
    spent.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  const balanceAfter = balance - args.amount;
  await tx
    .insertInto('gem_ledger')
    .values({
      user_id: args.userId,
      delta: -args.amount,
      reason: args.reason,
      reference: args.reference ?? null,
      balance_after: balanceAfter,
      created_at: at,
    })
    .execute();
  return { balanceAfter, spent };
}

/**
 * Awards one lot per entry (e.g. one conversion lot per won item) with one ledger row each, in batched
 * inserts. Entries with amount 0 are skipped (nothing to award). Call inside the causing transaction.
 */
export async function awardGemsBatch(
  tx: Executor,
  args: {
    userId: number;
    kind: LotKind;
    source: LotSource;
    reason: string;
    awards: readonly { amount: number; reference: string }[];
  },
  now: Date,
): Promise<{ total: number; balanceAfter: number }> {
  const awards = args.awards.filter((a) => a.amount !== 0);
  for (const a of awards) {
    if (!Number.isInteger(a.amount) || a.amount < 0) throw new Error('gem award must be a positive integer');
  }
  let balance = await gemBalance(tx, args.userId, now);
  if (!awards.length) return { total: 0, balanceAfter: balance };
  const at = now.toISOString();
  const expiresAt = addMonths(at, GEM_VALIDITY_MONTHS);
  const CHUNK = 500;
  for (let i = 0; i < awards.length; i += CHUNK) {
    const chunk = awards.slice(i, i + CHUNK);
    await tx
      .insertInto('gem_lots')
      .values(
        chunk.map((a) => ({
          user_id: args.userId,
          kind: args.kind,
          source: args.source,
          amount: a.amount,
          remaining: a.amount,
          awarded_at: at,
          expires_at: expiresAt,
        })),
      )
      .execute();
    await tx
      .insertInto('gem_ledger')
      .values(
        chunk.map((a) => {
          balance += a.amount;
          return {
            user_id: args.userId,
            delta: a.amount,
            reason: args.reason,
            reference: a.reference,
            balance_after: balance,
            created_at: at,
          };
        }),
      )
      .execute();
  }
  return { total: awards.reduce((s, a) => s + a.amount, 0), balanceAfter: balance };
}
