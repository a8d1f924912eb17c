import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../../../db/index.ts';
import type {
  Database,
  SandboxPaymentStatus,
  SandboxPaymentsTable,
  SandboxRefundsTable,
} from '../../../../db/schema.ts';

type Executor = Db | Transaction<Database>;

/**
 * The sandbox provider's own tables (the stand-in for a payment company's books; db/table-owners.json counts
 * them as the payments module's).
 */

export async function insertCardToken(db: Db, row: Insertable<Database['sandbox_card_tokens']>) {
  await db.insertInto('sandbox_card_tokens').values(row).execute();
}

/** Uses a live, unused card token once; its outcome and last digits, or undefined. */
export function useCardToken(db: Db, token: string, now: string) {
  return db
    .updateTable('sandbox_card_tokens')
    .set({ used_at: now })
    .where('token', '=', token)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['outcome', 'last4'])
    .executeTakeFirst();
}

export async function insertPayment(db: Db, row: Insertable<SandboxPaymentsTable>) {
  await db.insertInto('sandbox_payments').values(row).execute();
}

/** A payment by its sandbox id or by the shop's reference. */
export function findPayment(db: Db, idOrReference: string) {
  return db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrReference), eb('merchant_reference', '=', idOrReference)]))
    .executeTakeFirst();
}

/** Moves a payment from one of `from` to `to`, in one conditional update; false when it was not in `from`. */
export async function moveStatus(
  db: Db,
  id: string,
  from: readonly SandboxPaymentStatus[],
  set: { status: SandboxPaymentStatus; failure_code: string | null; updated_at: string; expires_at?: string },
): Promise<boolean> {
  const r = await db
    .updateTable('sandbox_payments')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function recentPayments(db: Db, limit: number) {
  return db.selectFrom('sandbox_payments').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
}

// --- refunds ---

export async function insertRefund(tx: Executor, row: Insertable<SandboxRefundsTable>) {
  await tx.insertInto('sandbox_refunds').values(row).execute();
}

export function refundByMerchantId(ex: Executor, merchantRefundId: string) {
  return ex
    .selectFrom('sandbox_refunds')
    .selectAll()
    .where('merchant_refund_id', '=', merchantRefundId)
    .executeTakeFirst();
}

/** Adds `amount` to a succeeded payment's refunded total, never past its amount; false when it would. */
export async function claimRefund(tx: Executor, paymentId: string, amount: number): Promise<boolean> {
  const r = await tx
    .updateTable('sandbox_payments')
    .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount) }))
    .where('id', '=', paymentId)
    .where('status', '=', 'succeeded')
    .where((eb) => eb(eb('refunded_amount', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function failRefund(tx: Executor, id: string, code: string) {
  await tx
    .updateTable('sandbox_refunds')
    .set({ status: 'failed', failure_code: code })
    .where('id', '=', id)
    .execute();
}
