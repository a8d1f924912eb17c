import type { Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/** Gems the member has bought in total: every paid lot ever credited (spent or expired ones included). */
export async function purchasedGems(tx: Executor, userId: number): Promise<number> {
  const row = await tx
    .selectFrom('gem_lots')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'paid')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The referred member's side of the reward, the row locked FOR NO KEY UPDATE on PostgreSQL (see the service). */
export function lockReferred(tx: Executor, userId: number) {
  return tx
    .selectFrom('users')
    .select(['id', 'referred_by', 'end_sms', 'anonymised_at'])
    .where('id', '=', userId)
    .$if(isPostgres(tx), (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
}

/** The reward row of a referred member, once: undefined when it exists already (the unique referred_id). */
export function insertReward(
  tx: Executor,
  row: { referrerId: number; referredId: number; amount: number; at: string },
) {
  return tx
    .insertInto('referral_rewards')
    .values({
      referrer_id: row.referrerId,
      referred_id: row.referredId,
      amount: row.amount,
      created_at: row.at,
    })
    .onConflict((oc) => oc.column('referred_id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function findAnonymisedAt(ex: Executor, userId: number) {
  return ex.selectFrom('users').select('anonymised_at').where('id', '=', userId).executeTakeFirst();
}

export function findReferrerByCode(ex: Executor, code: string) {
  return ex
    .selectFrom('users')
    .select(['id', 'referred_by', 'anonymised_at'])
    .where('referral_code', '=', code)
    .executeTakeFirst();
}
