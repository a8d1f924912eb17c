import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ListParams } from '@gacha/contract/admin-list';
import type { paymentSorts } from '@gacha/contract/admin-payments';
import { listPage, type ListSpec } from '../../db/list-page.ts';
import type {
  Database,
  PaymentMatchesTable,
  PaymentRefundsTable,
  RefundStatusValue,
} from '../../db/schema.ts';

/** The staff console's queries of payments: the list, one payment's facts, refunds and hand matches. */

type Executor = Kysely<Database> | Transaction<Database>;
export type RefundRow = Selectable<PaymentRefundsTable>;
export type MatchRow = Selectable<PaymentMatchesTable>;

export interface PaymentFilter {
  method?: string;
  status?: string;
  /** Created at or after / before these instants. */
  from?: string;
  before?: string;
  userId?: number;
  email?: string;
  /** The shop's payment id or the provider's reference. */
  reference?: string;
  /** Part of a bank transfer's holder name (without LIKE's wildcards: the caller strips % and _). */
  holderName?: string;
  amountYen?: number;
}

function filtered(ex: Executor, f: PaymentFilter) {
  return ex
    .selectFrom('payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .$if(f.method !== undefined, (q) => q.where('p.method', '=', f.method!))
    .$if(f.status !== undefined, (q) => q.where('p.status', '=', f.status! as 'pending'))
    .$if(f.from !== undefined, (q) => q.where('p.created_at', '>=', f.from!))
    .$if(f.before !== undefined, (q) => q.where('p.created_at', '<', f.before!))
    .$if(f.userId !== undefined, (q) => q.where('p.user_id', '=', f.userId!))
    .$if(f.email !== undefined, (q) => q.where('u.mail', '=', f.email!))
    .$if(f.reference !== undefined, (q) =>
      q.where((eb) => eb.or([eb('p.public_id', '=', f.reference!), eb('p.provider_ref', '=', f.reference!)])),
    )
    .$if(f.holderName !== undefined, (q) => q.where('p.holder_name', 'like', `%${f.holderName!}%`))
    .$if(f.amountYen !== undefined, (q) => q.where('p.amount_yen', '=', f.amountYen!));
}

const ROW_COLUMNS = [
  'p.id',
  'p.public_id',
  'p.user_id',
  'u.mail',
  'p.method',
  'p.provider',
  'p.status',
  'p.amount_yen',
  'p.gems',
  'p.provider_ref',
  'p.holder_name',
  'p.receipt_number',
  'p.failure_code',
  'p.created_at',
  'p.expires_at',
  'p.settled_at',
  'p.point_price_id',
  'p.pack_id',
  'p.combini_code',
  'r.status as refund_status',
  'r.amount_yen as refund_amount_yen',
  'r.gems_reclaimed as refund_gems_reclaimed',
  'm.payment_id as matched',
] as const;

function joined(ex: Executor, f: PaymentFilter) {
  return filtered(ex, f)
    .leftJoin('payment_refunds as r', 'r.payment_id', 'p.id')
    .leftJoin('payment_matches as m', 'm.payment_id', 'p.id');
}

function withRefundAndMatch(ex: Executor, f: PaymentFilter) {
  return joined(ex, f).select(ROW_COLUMNS);
}

/** The console's payments list: its text search (personal columns only for `members.pii`) and orders. */
const paymentList = (pii: boolean): ListSpec<(typeof paymentSorts)[number]> => ({
  search: ['p.public_id', 'p.provider_ref', ...(pii ? ['u.mail', 'p.holder_name'] : [])],
  id: 'p.id',
  sorts: { created_at: 'p.created_at', id: 'p.id', amount_yen: 'p.amount_yen', gems: 'p.gems' },
  defaultSort: 'created_at',
  defaultDir: 'desc',
});

/** One page of payments with the member's address and the payment's refund and hand match. */
export function paymentsPage(ex: Executor, f: PaymentFilter, params: ListParams, opts: { pii: boolean }) {
  return listPage(joined(ex, f), (q) => q.select(ROW_COLUMNS), paymentList(opts.pii), params);
}

export type PaymentListRow = Awaited<ReturnType<typeof paymentsPage>>['list'][number];

export function paymentRowById(ex: Executor, id: number) {
  return withRefundAndMatch(ex, {}).where('p.id', '=', id).executeTakeFirst();
}

/** The payment's credit and its lot as it is now. */
export function creditWithLot(ex: Executor, paymentId: number) {
  return ex
    .selectFrom('payment_credits as c')
    .innerJoin('gem_lots as l', 'l.id', 'c.lot_id')
    .select(['c.lot_id', 'c.gems', 'c.created_at', 'l.remaining', 'l.expires_at'])
    .where('c.payment_id', '=', paymentId)
    .executeTakeFirst();
}

export function eventsOf(ex: Executor, paymentId: number) {
  return ex
    .selectFrom('payment_events')
    .select(['id', 'provider', 'event_id', 'type', 'received_at'])
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute();
}

export function staffEmails(ex: Executor, ids: readonly number[]) {
  return ex
    .selectFrom('staff')
    .select(['id', 'email'])
    .where('id', 'in', ids.length ? ids : [0])
    .execute();
}

// --- refunds ---

export function refundOf(ex: Executor, paymentId: number): Promise<RefundRow | undefined> {
  return ex.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

export async function insertRefund(tx: Executor, row: Insertable<PaymentRefundsTable>): Promise<RefundRow> {
  return tx.insertInto('payment_refunds').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves a refund from one of `from` to `set.status`, as one conditional update (an attempt number, when given,
 * must still be the row's); the row afterwards, or undefined when it had moved on.
 */
export function moveRefund(
  tx: Executor,
  id: number,
  from: readonly RefundStatusValue[],
  set: {
    status: RefundStatusValue;
    updated_at: string;
    provider_refund_ref?: string | null;
    failure_code?: string | null;
    settled_at?: string | null;
  },
  attempt?: number,
) {
  return tx
    .updateTable('payment_refunds')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', from)
    .$if(attempt !== undefined, (q) => q.where('attempt', '=', attempt!))
    .returningAll()
    .executeTakeFirst();
}

/** A refused refund's next attempt (failed → requested, attempt + 1), once however many ask at the same time. */
export function nextAttempt(tx: Executor, id: number, attempt: number, at: string) {
  return tx
    .updateTable('payment_refunds')
    .set((eb) => ({
      status: 'requested',
      attempt: eb('attempt', '+', 1),
      failure_code: null,
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .where('attempt', '=', attempt)
    .returningAll()
    .executeTakeFirst();
}

// --- bank transfers matched by hand ---

export function matchOf(ex: Executor, paymentId: number): Promise<MatchRow | undefined> {
  return ex.selectFrom('payment_matches').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

export async function insertMatch(tx: Executor, row: Insertable<PaymentMatchesTable>): Promise<void> {
  await tx.insertInto('payment_matches').values(row).execute();
}
