import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export function findByCode(ex: Executor, code: string) {
  return ex.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The member's one use of a coupon; false when the member used it before (unique coupon and member). */
export async function insertUse(
  tx: Executor,
  couponId: number,
  userId: number,
  at: string,
): Promise<boolean> {
  const row = await tx
    .insertInto('coupon_uses')
    .values({ coupon_id: couponId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['coupon_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts a use against the total limit in one conditional update; false when the limit is reached. */
export async function claimUse(tx: Executor, couponId: number): Promise<boolean> {
  const r = await tx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The hidden point price courses an unlock coupon opens, by id. */
export async function unlockedCourseIds(ex: Executor, couponId: number): Promise<number[]> {
  const rows = await ex
    .selectFrom('coupon_point_prices')
    .select('point_price_id')
    .where('coupon_id', '=', couponId)
    .orderBy('point_price_id')
    .execute();
  return rows.map((r) => r.point_price_id);
}

/** Which of `ids` name a point price course. */
export async function existingPointPriceIds(ex: Executor, ids: readonly number[]): Promise<number[]> {
  const rows = await ex.selectFrom('point_prices').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function codeExists(ex: Executor, code: string): Promise<boolean> {
  const row = await ex.selectFrom('coupons').select('id').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

export async function insertCoupon(tx: Executor, row: Insertable<Database['coupons']>): Promise<number> {
  const r = await tx.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertCourses(tx: Executor, couponId: number, pointPriceIds: readonly number[]) {
  await tx
    .insertInto('coupon_point_prices')
    .values(pointPriceIds.map((id) => ({ coupon_id: couponId, point_price_id: id })))
    .execute();
}

export function listAll(ex: Executor) {
  return ex.selectFrom('coupons').selectAll().orderBy('id', 'desc').execute();
}

export function listAllCourses(ex: Executor) {
  return ex.selectFrom('coupon_point_prices').selectAll().execute();
}
