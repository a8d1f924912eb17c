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
