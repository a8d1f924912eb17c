import type {
  AdminPaymentDetail,
  AdminPaymentList,
  AdminPaymentQuery,
  AdminPaymentRow,
  AdminRefund,
} from '@gacha/contract/admin-payments';
import type { PayMethodKey, PaymentStatus } from '@gacha/contract/payments';
import { jstDayRange } from '../../db/time.ts';
import { conflict, fieldError, notFound } from '../../http/api-error.ts';
import type { StaffWrite } from '../admin/service.ts';
import type { PaymentsDeps } from './deps.ts';
import { creditPaymentAs } from './notifications.ts';
import { refundAmount, unspentOf } from './refunds.ts';
import { paymentById } from './repo.ts';
import * as repo from './staff-repo.ts';

/**
 * The console's view of payments: the list with its filters, one payment with its credit, refund,
 * hand match and provider events, and a pending bank transfer matched by hand. The routes mask personal data for
 * roles without `members.pii`; this file answers it whole.
 */

function toRow(r: repo.PaymentListRow): AdminPaymentRow {
  return {
    id: r.id,
    payment_id: r.public_id,
    user_id: r.user_id,
    email: r.mail,
    method: r.method as PayMethodKey,
    provider: r.provider,
    status: r.status as PaymentStatus,
    amount_yen: r.amount_yen,
    gems: r.gems,
    provider_ref: r.provider_ref,
    holder_name: r.holder_name,
    receipt_number: r.receipt_number,
    failure_code: r.failure_code,
    created_at: r.created_at,
    expires_at: r.expires_at,
    settled_at: r.settled_at,
    refund:
      r.refund_status === null
        ? null
        : {
            status: r.refund_status,
            amount_yen: r.refund_amount_yen ?? 0,
            gems_reclaimed: r.refund_gems_reclaimed ?? 0,
          },
    matched_by_hand: r.matched !== null,
  };
}

/** GET /api/admin/payments: a console list (newest first unless sorted), filtered (days in Japan time, both included). */
export async function listPayments(
  deps: Pick<PaymentsDeps, 'db'>,
  q: AdminPaymentQuery,
  opts: { pii: boolean },
): Promise<Omit<AdminPaymentList, 'pii'>> {
  const holder = q.holder_name?.replace(/[%_]/g, '');
  const f: repo.PaymentFilter = {
    ...(q.method ? { method: q.method } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...jstDayRange(q.from, q.to),
    ...(q.user_id !== undefined ? { userId: q.user_id } : {}),
    ...(q.email && opts.pii ? { email: q.email } : {}),
    ...(q.payment_id ? { reference: q.payment_id } : {}),
    ...(holder && opts.pii ? { holderName: holder } : {}),
    ...(q.amount_yen !== undefined ? { amountYen: q.amount_yen } : {}),
  };
  const found = await repo.paymentsPage(deps.db, f, q, opts);
  return { ...found, list: found.list.map(toRow) };
}

async function emailsOf(deps: Pick<PaymentsDeps, 'db'>, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  return new Map((await repo.staffEmails(deps.db, wanted)).map((s) => [s.id, s.email]));
}

export function refundView(r: repo.RefundRow, staffEmail: string | null): AdminRefund {
  return {
    id: r.id,
    reason_kind: r.reason_kind,
    reason: r.reason,
    gems: r.gems,
    gems_reclaimed: r.gems_reclaimed,
    gems_spent: r.gems_spent,
    amount_yen: r.amount_yen,
    status: r.status,
    attempt: r.attempt,
    provider: r.provider,
    provider_refund_ref: r.provider_refund_ref,
    failure_code: r.failure_code,
    staff_id: r.staff_id,
    staff_email: staffEmail,
    created_at: r.created_at,
    settled_at: r.settled_at,
  };
}

/** One payment for staff (404 when unknown), as it stands at `now`. */
export async function paymentForStaff(
  deps: Pick<PaymentsDeps, 'db'>,
  id: number,
  now: Date,
): Promise<Omit<AdminPaymentDetail, 'pii'>> {
  const row = await repo.paymentRowById(deps.db, id);
  if (!row) throw notFound('payment_not_found');
  const [credit, refund, match, events] = await Promise.all([
    repo.creditWithLot(deps.db, id),
    repo.refundOf(deps.db, id),
    repo.matchOf(deps.db, id),
    repo.eventsOf(deps.db, id),
  ]);
  const emails = await emailsOf(deps, [refund?.staff_id, match?.staff_id]);
  const unspent = credit ? unspentOf(credit, now) : 0;
  return {
    payment: {
      ...toRow(row),
      point_price_id: row.point_price_id,
      pack_id: row.pack_id,
      combini_code: row.combini_code,
    },
    credit: credit
      ? {
          lot_id: credit.lot_id,
          gems: credit.gems,
          credited_at: credit.created_at,
          lot_expires_at: credit.expires_at,
          unspent,
          spent: credit.gems - unspent,
          expired: credit.expires_at <= now.toISOString(),
        }
      : null,
    refund_options:
      credit && !refund && row.status === 'succeeded'
        ? {
            company_fault: refundAmount('company_fault', row, unspent),
            legal_unused: refundAmount('legal_unused', row, unspent),
          }
        : null,
    refund: refund ? refundView(refund, emails.get(refund.staff_id ?? -1) ?? null) : null,
    match: match
      ? {
          amount_yen: match.amount_yen,
          holder_name: match.holder_name,
          reason: match.reason,
          staff_id: match.staff_id,
          staff_email: emails.get(match.staff_id ?? -1) ?? null,
          created_at: match.created_at,
        }
      : null,
    events,
  };
}

/** The payment's refund as staff see it (with who decided it), for the answer of a refund. */
export async function refundForStaff(
  deps: Pick<PaymentsDeps, 'db'>,
  refund: repo.RefundRow,
): Promise<AdminRefund> {
  const emails = await emailsOf(deps, [refund.staff_id]);
  return refundView(refund, emails.get(refund.staff_id ?? -1) ?? null);
}

/** A row of the list, for an answer after a write. */
export async function paymentRowForStaff(
  deps: Pick<PaymentsDeps, 'db'>,
  id: number,
): Promise<AdminPaymentRow> {
  const row = await repo.paymentRowById(deps.db, id);
  if (!row) throw notFound('payment_not_found');
  return toRow(row);
}

/**
 * Credits a pending bank transfer matched by hand (staff saw the money arrive): the payment must be that member's
 * and that amount; the credit is the one a provider's notification makes (exactly once, whoever comes first), and
 * the match's row and audit row are written in its transaction. A replay answers `changed: false`.
 */
export async function matchBankTransfer(
  deps: Pick<PaymentsDeps, 'db' | 'clock'>,
  args: {
    paymentId: number;
    userId: number;
    amountYen: number;
    holderName: string;
    reason: string;
  },
  write: StaffWrite,
): Promise<{ changed: boolean; gems: number }> {
  const payment = await paymentById(deps.db, args.paymentId);
  if (!payment) throw notFound('payment_not_found');
  if (payment.method !== 'bank') throw conflict('payment', 'payment_not_bank_transfer');
  if (payment.user_id !== args.userId) throw fieldError('user_id', 'payment_member_mismatch');
  if (payment.amount_yen !== args.amountYen)
    throw fieldError('amount_yen', {
      key: 'payment_amount_mismatch',
      params: { amount: payment.amount_yen },
    });
  const refuse = async () => {
    const now = (await paymentById(deps.db, payment.id)) ?? payment;
    if (now.status === 'succeeded') {
      if (await repo.matchOf(deps.db, payment.id)) return { changed: false, gems: 0 };
      throw conflict('payment', 'payment_already_credited');
    }
    throw conflict('payment', { key: 'payment_not_pending', params: { status: now.status } });
  };
  if (payment.status !== 'pending') return refuse();
  const credited = await creditPaymentAs(write, payment, async (tx, audit) => {
    await repo.insertMatch(tx, {
      payment_id: payment.id,
      user_id: payment.user_id,
      amount_yen: args.amountYen,
      holder_name: args.holderName,
      reason: args.reason,
      staff_id: write.staffId,
      created_at: write.now.toISOString(),
    });
    await audit({
      action: 'payment.match',
      target: { type: 'payment', id: payment.id },
      before: { status: 'pending', holder_name: payment.holder_name },
      after: {
        status: 'succeeded',
        gems: payment.gems,
        amount_yen: args.amountYen,
        holder_name: args.holderName,
        reason: args.reason,
      },
    });
  });
  if (!credited) return refuse();
  return { changed: true, gems: payment.gems };
}
