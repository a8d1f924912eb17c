import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import { FREE_GRANT_RATE, MAX_PURCHASE_GEMS, MIN_PURCHASE_GEMS } from '@gacha/contract/payments';
import { countRows } from '../../db/count.ts';
import type { Database, PaymentStatusValue, PaymentsTable } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type PaymentRow = Selectable<PaymentsTable>;

export async function insertPayment(db: Executor, row: Insertable<PaymentsTable>): Promise<PaymentRow> {
  return db.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function paymentById(db: Executor, id: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A member's payment by its public id (another member's id reads as missing). */
export async function memberPayment(
  db: Executor,
  userId: number,
  publicId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The member's latest payment, optionally of some methods / statuses. */
export async function latestPayment(
  db: Executor,
  userId: number,
  filter: { methods?: string[]; statuses?: PaymentStatusValue[] } = {},
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(Boolean(filter.methods?.length), (q) => q.where('method', 'in', filter.methods!))
    .$if(Boolean(filter.statuses?.length), (q) => q.where('status', 'in', filter.statuses!))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The payment a provider's notification is about: by the provider's id, else by the echoed shop id. */
export async function paymentForNotification(
  db: Executor,
  provider: string,
  ref: string | null,
  publicId: string | null,
): Promise<PaymentRow | undefined> {
  if (ref) {
    const byRef = await db
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_ref', '=', ref)
      .executeTakeFirst();
    if (byRef) return byRef;
  }
  if (!publicId) return undefined;
  return db
    .selectFrom('payments')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** Records what start returned. Only the provider's facts; the status moves elsewhere. */
export async function recordStart(
  db: Executor,
  id: number,
  fields: Partial<
    Pick<
      PaymentRow,
      'provider_ref' | 'receipt_number' | 'payment_url' | 'detail' | 'expires_at' | 'failure_code'
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ ...fields, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** pending → a final non-success status, as one conditional update. Returns whether this call moved it. */
export async function closePayment(
  db: Executor,
  id: number,
  to: Exclude<PaymentStatusValue, 'pending' | 'succeeded'>,
  failureCode: string | null,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const r = await db
    .updateTable('payments')
    .set({ status: to, failure_code: failureCode, updated_at: at, settled_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function pendingDue(db: Executor, now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now.toISOString())
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function recordEvent(
  db: Executor,
  row: { provider: string; event_id: string; type: string; payment_id: number | null; received_at: string },
): Promise<boolean> {
  const r = await db
    .insertInto('payment_events')
    .values({ ...row, event_id: row.event_id.slice(0, 200), type: row.type.slice(0, 100) })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function customerRef(db: Executor, userId: number, provider: string): Promise<string | null> {
  const row = await db
    .selectFrom('payment_customers')
    .select('customer_ref')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row?.customer_ref ?? null;
}

export async function saveCustomerRef(
  db: Executor,
  userId: number,
  provider: string,
  ref: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('payment_customers')
    .values({ user_id: userId, provider, customer_ref: ref, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
    .execute();
}

/** Yen paid per payment id, for the gems history's Amount column. */
export async function paymentAmounts(
  db: Executor,
  userId: number,
  ids: number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'amount_yen'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.amount_yen]));
}

/** A member's payment by the provider's reference (Amazon Pay's checkout session). */
export function paymentByProviderRef(db: Executor, userId: number, ref: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
}

/** What a gem purchase needs of the member: the mail and name the provider gets, and the country. */
export function findPayer(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'mail', 'first_name', 'last_name', 'country_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

// --- the credit of a succeeded payment ---

/** `pending → succeeded` in one conditional update; false when the payment had moved already. */
export async function markSucceeded(tx: Executor, paymentId: number, at: string): Promise<boolean> {
  const r = await tx
    .updateTable('payments')
    .set({ status: 'succeeded', settled_at: at, updated_at: at, failure_code: null })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertCredit(tx: Executor, row: Insertable<Database['payment_credits']>) {
  await tx.insertInto('payment_credits').values(row).execute();
}

// --- free grants and unlocked courses ---

export async function freeGrantExists(tx: Executor, userId: number, pointPriceId: number) {
  const row = await tx
    .selectFrom('free_grants')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('point_price_id', '=', pointPriceId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertFreeGrant(tx: Executor, row: Insertable<Database['free_grants']>) {
  await tx.insertInto('free_grants').values(row).execute();
}

/** Unlocks a hidden course for a member once; false when it was unlocked already. */
export async function insertUnlock(tx: Executor, userId: number, pointPriceId: number, at: string) {
  const r = await tx
    .insertInto('point_price_unlocks')
    .values({ user_id: userId, point_price_id: pointPriceId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'point_price_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

// --- point price courses ---

/**
 * Courses the member may see: public ones and hidden (coupon_only) ones the member unlocked; purchasable ones
 * must give 300–50,000 gems (free grant courses are not purchases and are shown regardless).
 */
function visibleCourses(db: Executor, userId: number | null) {
  return db
    .selectFrom('point_prices as pp')
    .where('pp.disabled', '=', 0)
    .where((eb) =>
      eb.or([
        eb('pp.coupon_only', '=', 0),
        ...(userId === null
          ? []
          : [
              eb.exists(
                eb
                  .selectFrom('point_price_unlocks as u')
                  .select(sql<number>`1`.as('one'))
                  .whereRef('u.point_price_id', '=', 'pp.id')
                  .where('u.user_id', '=', userId),
              ),
            ]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('pp.rate', '=', FREE_GRANT_RATE),
        eb.and([eb('pp.point', '>=', MIN_PURCHASE_GEMS), eb('pp.point', '<=', MAX_PURCHASE_GEMS)]),
      ]),
    );
}

const COURSE_COLUMNS = [
  'pp.id',
  'pp.point',
  'pp.price',
  'pp.rate',
  'pp.coupon_only',
  'pp.sort',
  'pp.modified',
] as const;

export function countVisibleCourses(db: Executor, userId: number | null): Promise<number> {
  return countRows(visibleCourses(db, userId));
}

/** One page of the courses the member may see, in list order. */
export function visibleCoursePage(
  db: Executor,
  userId: number | null,
  page: { limit: number; offset: number },
) {
  return visibleCourses(db, userId)
    .select(COURSE_COLUMNS)
    .orderBy('pp.sort')
    .orderBy('pp.point')
    .orderBy('pp.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** A course the member may see, or undefined. */
export function findVisibleCourse(db: Executor, userId: number | null, id: number) {
  return visibleCourses(db, userId).select(COURSE_COLUMNS).where('pp.id', '=', id).executeTakeFirst();
}

/** A course, whoever may see it. */
export function findCourse(db: Executor, id: number) {
  return db
    .selectFrom('point_prices as pp')
    .select(COURSE_COLUMNS)
    .where('pp.id', '=', id)
    .executeTakeFirst();
}

export async function insertCourses(db: Executor, rows: readonly Insertable<Database['point_prices']>[]) {
  await db.insertInto('point_prices').values(rows).execute();
}

/** Every course with the number of payments naming it, for staff. */
export function coursesForStaff(db: Executor) {
  return db
    .selectFrom('point_prices as pp')
    .select([...COURSE_COLUMNS, 'pp.disabled'])
    .select((eb) =>
      eb
        .selectFrom('payments as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.point_price_id', '=', 'pp.id')
        .as('payments'),
    )
    .orderBy('pp.sort')
    .orderBy('pp.point')
    .orderBy('pp.id')
    .execute();
}

export function courseRow(db: Executor, id: number) {
  return db.selectFrom('point_prices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCourse(db: Executor, row: Insertable<Database['point_prices']>): Promise<number> {
  const r = await db.insertInto('point_prices').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateCourse(db: Executor, id: number, set: Updateable<Database['point_prices']>) {
  await db.updateTable('point_prices').set(set).where('id', '=', id).execute();
}

// --- settings (the monthly exchange rates) ---

/** The setting with the greatest key in [from, to], or undefined. */
export function lastSettingBetween(db: Executor, from: string, to: string) {
  return db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', '>=', from)
    .where('key', '<=', to)
    .orderBy('key', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Settings with keys in [from, before), by key. */
export function settingsBetween(db: Executor, from: string, before: string) {
  return db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', '>=', from)
    .where('key', '<', before)
    .orderBy('key')
    .execute();
}

export async function upsertSetting(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
