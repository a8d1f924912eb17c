import { isUniqueViolation } from '../../db/errors.ts';
import type { RefundReasonKind, RefundStatusValue } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/api-error.ts';
import { shopWrite, type Audit, type StaffWrite } from '../admin/service.ts';
import { lockGemAccount, reclaimLot } from '../gems/service.ts';
import type { PaymentsDeps } from './deps.ts';
import { refOf } from './notifications.ts';
import { ProviderUnavailableError, type RefundNotice } from './providers/provider.ts';
import { paymentById, type PaymentRow } from './repo.ts';
import * as repo from './staff-repo.ts';
import type { RefundRow } from './staff-repo.ts';

/**
 * Refunds of gem purchases. A payment has at most one refund (payment_refunds.payment_id is
 * unique); deciding it is one transaction under the member's gem lock: the refund's row, the unspent gems of the
 * purchase taken back (its own lot's remaining, one ledger row) and the staff member's audit row. Only then is the
 * provider asked, with an idempotency key per attempt, so a replay, two staff at once, and the provider's own
 * refund notification (a refund made on its dashboard, or the news of ours) all end in one refund row and one
 * take-back of gems.
 *
 * The amount follows the terms: the company's fault refunds the whole payment; a refund the law requires of the
 * unused balance refunds the unspent gems' share of what was paid (rounded down); nothing else is a refund reason.
 * A refund the provider refuses keeps its gems taken back and can be tried again (a new attempt and key); one the
 * provider cannot be reached for stays requested and is sent again with the same key.
 */

export type StaffRefundKind = Exclude<RefundReasonKind, 'provider'>;

/** What is left of the purchase's lot at `now` (an expired lot has nothing left to give back). */
export function unspentOf(lot: { remaining: number; expires_at: string }, now: Date): number {
  return lot.expires_at > now.toISOString() ? lot.remaining : 0;
}

/** The yen a refund gives back: all of it for the company's fault, else the unspent gems' share, rounded down. */
export function refundAmount(
  kind: StaffRefundKind,
  payment: { amount_yen: number; gems: number },
  unspent: number,
): number {
  if (kind === 'company_fault') return payment.amount_yen;
  return Math.floor((payment.amount_yen * Math.min(unspent, payment.gems)) / payment.gems);
}

/** The provider's idempotency key of a refund attempt (the shop's payment id is unguessable and unique). */
export const refundKey = (payment: PaymentRow, attempt: number) => `${payment.public_id}-refund-${attempt}`;

interface Claim {
  kind: RefundReasonKind;
  reason: string;
  /** Fixed amount (a refund made at the provider); otherwise the terms' amount. */
  amountYen?: number;
  /** The state it starts in (a refund made at the provider starts as the provider says). */
  status?: RefundStatusValue;
  providerRef?: string | null;
}

/**
 * Decides the payment's refund once: under the member's gem lock, if the payment has no refund yet, takes back
 * what is left of its lot and writes the refund's row (and the audit row). Returns the row and whether this call
 * made it.
 */
async function claimRefund(
  deps: PaymentsDeps,
  payment: PaymentRow,
  claim: Claim,
  write: StaffWrite,
): Promise<{ row: RefundRow; created: boolean }> {
  const now = write.now;
  const at = now.toISOString();
  try {
    return await write(async (tx, audit) => {
      await lockGemAccount(tx, payment.user_id); // a racing refund or spend of this member waits here
      const prior = await repo.refundOf(tx, payment.id);
      if (prior) return { row: prior, created: false };
      const credit = await repo.creditWithLot(tx, payment.id);
      if (!credit) throw conflict('payment', 'payment_not_refundable');
      const { reclaimed } = await reclaimLot(
        tx,
        {
          userId: payment.user_id,
          lotId: credit.lot_id,
          reason: 'refund',
          reference: `payment:${payment.id}`,
        },
        now,
      );
      const amount = claim.amountYen ?? refundAmount(claim.kind as StaffRefundKind, payment, reclaimed);
      if (claim.kind === 'legal_unused' && amount === 0) throw conflict('refund', 'refund_nothing_unspent');
      const matched = await repo.matchOf(tx, payment.id);
      const status = claim.status ?? (matched ? 'manual' : 'requested');
      const row = await repo.insertRefund(tx, {
        payment_id: payment.id,
        user_id: payment.user_id,
        reason_kind: claim.kind,
        reason: claim.reason,
        gems: payment.gems,
        gems_reclaimed: reclaimed,
        gems_spent: payment.gems - reclaimed,
        amount_yen: amount,
        status,
        provider: payment.provider,
        provider_refund_ref: claim.providerRef ?? null,
        failure_code: null,
        staff_id: write.staffId,
        created_at: at,
        updated_at: at,
        settled_at: status === 'succeeded' ? at : null,
      });
      await audit({
        action: 'payment.refund',
        target: targetOf(payment),
        // the payment's state and the refund's are two things: the refund goes from none to its first state
        before: {
          payment_status: payment.status,
          gems_unspent: reclaimed,
          refund: null,
          refund_status: null,
        },
        after: {
          refund: row.id,
          reason_kind: row.reason_kind,
          reason: row.reason,
          amount_yen: row.amount_yen,
          gems_reclaimed: row.gems_reclaimed,
          gems_spent: row.gems_spent,
          refund_status: row.status,
        },
      });
      return { row, created: true };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const row = await repo.refundOf(deps.db, payment.id);
      if (row) return { row, created: false };
    }
    throw err;
  }
}

/**
 * Sends a requested refund to the provider and records its answer (unreachable: it stays requested). The answer
 * that moves the refund on (pending, succeeded, failed) is its own audit row beside the decision's, so the log
 * shows the states as they happened.
 */
async function sendRefund(
  deps: PaymentsDeps,
  payment: PaymentRow,
  row: RefundRow,
  write: StaffWrite,
): Promise<RefundRow> {
  if (row.status !== 'requested') return row;
  const stamp = () => deps.clock.now().toISOString();
  const reread = async () => (await repo.refundOf(deps.db, payment.id)) ?? row;
  const provider = deps.providers.byName(payment.provider);
  if (!provider) {
    deps.log?.warn({ payment: payment.public_id }, 'refund: the payment provider is not configured');
    await repo.moveRefund(deps.db, row.id, ['requested'], {
      status: 'requested',
      failure_code: 'provider_unavailable',
      updated_at: stamp(),
    });
    return reread();
  }
  let outcome;
  try {
    outcome = await provider.refund({
      payment: refOf(payment),
      refundKey: refundKey(payment, row.attempt),
      amountYen: row.amount_yen,
      reason: row.reason,
    });
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError)) throw err;
    deps.log?.warn({ payment: payment.public_id, err: err.message }, 'refund: provider unreachable');
    await repo.moveRefund(
      deps.db,
      row.id,
      ['requested'],
      { status: 'requested', failure_code: 'unreachable', updated_at: stamp() },
      row.attempt,
    );
    return reread();
  }
  const at = stamp();
  // the provider's notification may have said so already: a final state is never moved back
  const moved = await write((tx, audit) =>
    moveAudited(
      tx,
      audit,
      payment,
      row,
      ['requested', 'pending'],
      {
        status: outcome.status,
        ...(outcome.ref ? { provider_refund_ref: outcome.ref } : {}),
        failure_code: outcome.status === 'failed' ? (outcome.failureCode ?? 'declined') : null,
        settled_at: outcome.status === 'succeeded' ? at : null,
        updated_at: at,
      },
      row.attempt,
    ),
  );
  if (outcome.status === 'failed')
    deps.log?.warn(
      { payment: payment.public_id, code: outcome.failureCode },
      'refund refused by the provider',
    );
  return moved ?? reread();
}

/**
 * POST /api/admin/payments/{id}/refund: refunds a succeeded payment once (see above). A payment that has its refund
 * already answers it (`changed: false`); a requested one is sent again, a failed one gets a new attempt (audited).
 */
export async function refundPayment(
  deps: PaymentsDeps,
  args: { paymentId: number; kind: StaffRefundKind; reason: string },
  write: StaffWrite,
): Promise<{ changed: boolean; refund: RefundRow }> {
  const now = write.now;
  const payment = await paymentById(deps.db, args.paymentId);
  if (!payment) throw notFound('payment_not_found');
  let existing = await repo.refundOf(deps.db, payment.id);
  if (!existing) {
    if (payment.status !== 'succeeded') throw conflict('payment', 'payment_not_refundable');
    const claimed = await claimRefund(deps, payment, { kind: args.kind, reason: args.reason }, write);
    if (claimed.created)
      return { changed: true, refund: await sendRefund(deps, payment, claimed.row, write) };
    existing = claimed.row;
  }
  if (existing.status === 'requested')
    return { changed: false, refund: await sendRefund(deps, payment, existing, write) };
  if (existing.status === 'failed') {
    const failed = existing;
    const next = await write(async (tx, audit) => {
      const r = await repo.nextAttempt(tx, failed.id, failed.attempt, now.toISOString());
      if (r)
        await audit({
          action: 'payment.refund_retry',
          target: targetOf(payment),
          before: { refund_status: 'failed', attempt: failed.attempt, failure_code: failed.failure_code },
          after: { refund_status: 'requested', attempt: r.attempt },
        });
      return r;
    });
    if (next) return { changed: true, refund: await sendRefund(deps, payment, next, write) };
    existing = (await repo.refundOf(deps.db, payment.id)) ?? existing;
  }
  return { changed: false, refund: existing };
}

/**
 * A provider's notification about a refund of a payment: the news of the shop's own refund moves its row on
 * (succeeded is final); a refund made at the provider that the shop had not decided becomes the payment's refund
 * (kind 'provider', its amount as the provider says) and takes back the unspent gems, once, like a staff refund.
 */
export async function applyRefundNotice(
  deps: PaymentsDeps,
  payment: PaymentRow,
  notice: RefundNotice,
  now: Date,
): Promise<void> {
  // the shop records what the provider told it: the provider is the actor of these rows
  const write = shopWrite(deps.db, `payment provider ${payment.provider}`, now);
  let row = await repo.refundOf(deps.db, payment.id);
  if (!row) {
    if (notice.status === 'failed') return; // a refund the shop never decided, and it did not happen
    if (payment.status !== 'succeeded') {
      deps.log?.warn(
        { payment: payment.public_id, refund: notice.ref },
        'refund notice for a payment not credited',
      );
      return;
    }
    const claimed = await claimRefund(
      deps,
      payment,
      {
        kind: 'provider',
        reason: 'Refunded at the payment provider',
        amountYen: notice.amountYen ?? 0,
        status: notice.status,
        providerRef: notice.ref,
      },
      write,
    );
    if (claimed.created) return;
    row = claimed.row;
  }
  if (row.status === 'succeeded' || row.status === 'manual') return;
  const at = now.toISOString();
  const ours = row.provider_refund_ref === null || row.provider_refund_ref === notice.ref;
  if (notice.amountYen !== null && notice.amountYen !== row.amount_yen)
    deps.log?.warn(
      { payment: payment.public_id, decided: row.amount_yen, refunded: notice.amountYen },
      'refund notice with another amount',
    );
  if (notice.status !== 'succeeded' && !ours) {
    deps.log?.warn(
      { payment: payment.public_id, refund: notice.ref },
      'notice of another refund: not applied',
    );
    return;
  }
  const from: Record<RefundNotice['status'], RefundStatusValue[]> = {
    succeeded: ['requested', 'pending', 'failed'],
    pending: ['requested'],
    failed: ['requested', 'pending'],
  };
  const settled = notice.status === 'succeeded';
  const moving = row;
  await write((tx, audit) =>
    moveAudited(tx, audit, payment, moving, from[notice.status], {
      status: notice.status,
      provider_refund_ref: notice.ref,
      updated_at: at,
      ...(settled ? { failure_code: null, settled_at: at } : {}),
      ...(notice.status === 'failed' ? { failure_code: 'declined' } : {}),
    }),
  );
}

const targetOf = (payment: PaymentRow) => ({ type: 'payment', id: payment.id });

/**
 * Moves a refund on to the provider's answer (its call's or its notice's), with the answer's audit row when this
 * move made it: whichever of the two arrives first records the state, once.
 */
async function moveAudited(
  tx: Parameters<typeof repo.moveRefund>[0],
  audit: Audit,
  payment: PaymentRow,
  row: RefundRow,
  from: readonly RefundStatusValue[],
  set: Parameters<typeof repo.moveRefund>[3],
  attempt?: number,
): Promise<RefundRow | undefined> {
  const r = await repo.moveRefund(tx, row.id, from, set, attempt);
  if (r && r.status !== row.status)
    await audit({
      action: 'payment.refund_result',
      target: targetOf(payment),
      before: { refund_status: row.status, attempt: row.attempt },
      after: {
        refund_status: r.status,
        attempt: r.attempt,
        provider_refund_ref: r.provider_refund_ref,
        failure_code: r.failure_code,
      },
    });
  return r;
}
