import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
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

/** True for a unique / primary key violation on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}
