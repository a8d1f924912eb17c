import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { addMonths } from '../../db/time.ts';

type Executor = Db | Transaction<Database>;

export type LotKind = 'paid' | 'bonus';
export type LotSource =
  | 'purchase'
  | 'conversion'
  | 'referral'
  | 'post_reward'
  | 'coupon'
  | 'free_grant'
  | 'transfer'
  | 'admin';

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
  args: { userId: number; amount: number; kind: LotKind; source: LotSource; reason: string; reference?: string },
  now: Date,
): Promise<{ lotId: number; balanceAfter: number }> {
  if (!Number.isInteger(args.amount) || args.amount <= 0) throw new Error('gem award must be a positive integer');
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
