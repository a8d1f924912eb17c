import type { Insertable, Transaction } from 'kysely';
import type { AdminCouponSort, AdminCouponStatus } from '@gacha/contract/admin-shop';
import type { Db } from '../../db/index.ts';
import type { ListSpec } from '../../db/list-page.ts';
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

/** The console's list of coupons: searched by code, note or `#id`, sorted by one of its columns. */
export const STAFF_COUPON_LIST: ListSpec<AdminCouponSort> = {
  search: ['code', 'note'],
  id: 'id',
  sorts: { created: 'id', code: 'code', starts: 'starts_at', ends: 'ends_at', uses: 'used_count' },
  defaultSort: 'created',
  defaultDir: 'desc',
};

/** The coupons of a kind in a status at `now` (as the console's couponStatus decides it, in SQL). */
export function staffCoupons(
  ex: Executor,
  f: { status?: AdminCouponStatus | undefined; kind?: 'gems' | 'unlock' | undefined },
  now: string,
) {
  let q = ex.selectFrom('coupons');
  if (f.kind !== undefined) q = q.where('kind', '=', f.kind);
  if (f.status === undefined) return q;
  if (f.status === 'disabled') return q.where('disabled_at', 'is not', null);
  q = q.where('disabled_at', 'is', null);
  if (f.status === 'upcoming') return q.where('starts_at', '>', now);
  q = q.where('starts_at', '<=', now);
  if (f.status === 'ended') return q.where('ends_at', '<=', now);
  q = q.where('ends_at', '>', now);
  if (f.status === 'used_up')
    return q.where('max_uses', 'is not', null).whereRef('used_count', '>=', 'max_uses');
  return q.where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]));
}

export function findCoupon(ex: Executor, id: number) {
  return ex.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The courses the unlock coupons among `couponIds` open. */
export function coursesOf(ex: Executor, couponIds: readonly number[]) {
  if (!couponIds.length) return Promise.resolve([]);
  return ex.selectFrom('coupon_point_prices').selectAll().where('coupon_id', 'in', couponIds).execute();
}
