import type { Transaction } from 'kysely';
import { message, type Lang, type MessageKey } from '@gacha/contract/messages';
import {
  METHOD_FAILURE_KEYS,
  type PaymentStatus,
  type PayMethodKey,
  type PointEndResult,
} from '@gacha/contract/payments';
import type { PaymentMethodKey } from '../../config.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/api-error.ts';
import type { Audit, StaffWrite } from '../admin/service.ts';
import { awardGems } from '../gems/service.ts';
import { checkReferralReward } from '../referrals/service.ts';
import type { PaymentsDeps } from './deps.ts';
import {
  ProviderUnavailableError,
  type FailureCode,
  type PaymentRef,
  type ProviderStatus,
} from './providers/provider.ts';
import {
  closePayment,
  insertCredit,
  markSucceeded,
  latestPayment,
  memberPayment,
  paymentById,
  recordStart,
  type PaymentRow,
} from './repo.ts';
import { countCredit } from '../ops/service.ts';

/**
 * What providers say about payments: confirmations on the buyer's return, a status to apply (notifications come
 * through webhooks.ts), and the credit of a succeeded payment (exactly once). Also the failure message of spec §8 a refused payment answers.
 */

/**
 * The failure message of spec §8 for a method and a provider's failure code: a provider that cannot be
 * reached at all → 'Unable to connect to payment company'; a provider that answered with a communication
 * error → the communication message; a card refused by the card status check (expired, lost, stolen,
 * restricted) → the card status message.
 */
export function failureMessage(method: string, code: FailureCode | string | null): MessageKey {
  if (code === 'maintenance') return 'payment_maintenance';
  if (code === 'unreachable') return 'payment_unreachable';
  if (code === 'communication') return 'payment_communication';
  if (code === 'invalid') return 'payment_invalid_input';
  if (code === 'card_status') return 'payment_card_status';
  if (method === 'card') {
    if (code === 'card_check_failed') return 'card_check_failed';
    if (code !== 'declined') return 'payment_error_other';
  }
  return METHOD_FAILURE_KEYS[method as PayMethodKey] ?? 'payment_failed_other';
}

/** The provider's view of a payment: its reference, our id, method and amount. */
export function refOf(p: PaymentRow): PaymentRef {
  return {
    ref: p.provider_ref,
    paymentId: p.public_id,
    method: p.method as PaymentMethodKey,
    amountYen: p.amount_yen,
  };
}

// --- the credit: exactly once -------------------------------------------------------------------------

/**
 * Credits the gems of a succeeded payment: in one transaction, `pending → succeeded` with a conditional
 * update, a paid lot + ledger row (reference payment:<id>) and the payment_credits row (primary key
 * payment_id). A second caller — a replayed notification, a reloaded return page, a racing confirmation —
 * finds the status already moved and writes nothing. Returns whether this call credited.
 */
export function creditPayment(db: Db, payment: PaymentRow, now: Date): Promise<boolean> {
  return countedCredit(payment, () => db.transaction().execute((tx) => creditIn(tx, payment, now)));
}

/**
 * A credit staff make (a bank transfer matched by hand): `andThen` writes the match's row and its audit row in the
 * credit's transaction, once this call credits.
 */
export function creditPaymentAs(
  write: StaffWrite,
  payment: PaymentRow,
  andThen: (tx: Transaction<Database>, audit: Audit) => Promise<void>,
): Promise<boolean> {
  return countedCredit(payment, () =>
    write(async (tx, audit) => {
      if (!(await creditIn(tx, payment, write.now))) return false;
      await andThen(tx, audit);
      return true;
    }),
  );
}

async function countedCredit(payment: PaymentRow, credit: () => Promise<boolean>): Promise<boolean> {
  try {
    const credited = await credit();
    if (credited) countCredit(payment.gems);
    return credited;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

async function creditIn(tx: Transaction<Database>, payment: PaymentRow, now: Date): Promise<boolean> {
  const at = now.toISOString();
  if (!(await markSucceeded(tx, payment.id, at))) return false;
  const { lotId } = await awardGems(
    tx,
    {
      userId: payment.user_id,
      amount: payment.gems,
      kind: 'paid',
      source: 'purchase',
      reason: 'gem_purchase',
      reference: `payment:${payment.id}`,
    },
    now,
  );
  await insertCredit(tx, {
    payment_id: payment.id,
    user_id: payment.user_id,
    gems: payment.gems,
    lot_id: lotId,
    created_at: at,
  });
  // a purchase can complete a referral (SMS done + 1,000 gems bought): paid in the same transaction
  await checkReferralReward(tx, payment.user_id, now);
  return true;
}

/**
 * Applies what a provider says about a payment. Success credits once, and only when the provider's amount
 * equals the intent's (a notification or return with another amount is refused and logged); failure,
 * cancellation and expiry close a pending payment. Returns the payment as it is afterwards.
 */
export async function applyProviderStatus(
  deps: PaymentsDeps,
  payment: PaymentRow,
  st: ProviderStatus,
  now: Date,
): Promise<PaymentRow> {
  if (st.status === 'succeeded') {
    if (st.amountYen !== payment.amount_yen) {
      deps.log?.warn(
        { payment: payment.public_id, expected: payment.amount_yen, reported: st.amountYen },
        'payment amount mismatch: not credited',
      );
      if (payment.status === 'pending')
        await recordStart(deps.db, payment.id, { failure_code: 'amount_mismatch' }, now);
    } else {
      await creditPayment(deps.db, payment, now);
    }
  } else if (st.status !== 'pending') {
    await closePayment(deps.db, payment.id, st.status, st.failureCode ?? null, now);
  }
  return (await paymentById(deps.db, payment.id)) ?? payment;
}

// --- return and end ------------------------------------------------------------------------------------

export function endResult(p: PaymentRow | undefined): PointEndResult {
  if (!p)
    return { result: '0', status: null, payment_id: null, pay_id: null, point: 0, price: 0, pack_id: null };
  return {
    result: p.status === 'succeeded' ? '1' : p.status === 'pending' ? '2' : '0',
    status: p.status as PaymentStatus,
    payment_id: p.public_id,
    pay_id: p.pay_id,
    point: p.gems,
    price: p.amount_yen,
    pack_id: p.pack_id,
  };
}

/** Asks the provider about a pending payment and applies the answer (unreachable: left as it is). */
async function confirmWithProvider(deps: PaymentsDeps, p: PaymentRow): Promise<PaymentRow> {
  if (p.status !== 'pending') return p;
  const provider = deps.providers.byName(p.provider);
  if (!provider || (!p.provider_ref && p.provider !== 'carrier')) return p;
  try {
    return await applyProviderStatus(deps, p, await provider.confirm(refOf(p)), deps.clock.now());
  } catch (err) {
    if (err instanceof ProviderUnavailableError) return p;
    throw err;
  }
}

/**
 * POST /user/point/append {token = payment_id}: the buyer is back (/pay-redirect, PayPal, carrier, Amazon
 * Pay): confirm with the provider and credit once. Reloading the page changes nothing. Another member's
 * payment id is a 404.
 */
export async function appendPoints(
  deps: PaymentsDeps,
  args: { userId: number; paymentId: string; lang: Lang },
): Promise<PointEndResult & { message?: string }> {
  const p = await memberPayment(deps.db, args.userId, args.paymentId);
  if (!p) throw notFound('payment_not_found');
  const after = await confirmWithProvider(deps, p);
  const result = endResult(after);
  if (result.result === '0')
    return { ...result, message: message(failureMessage(after.method, after.failure_code), args.lang) };
  return result;
}

/**
 * GET /user/point/end: the member's latest payment (or ?payment_id=) — result '1' when it succeeded, with
 * pack_id when the member came from a pack. A pending redirect / 3-D Secure payment is confirmed first.
 */
export async function pointEnd(
  deps: PaymentsDeps,
  args: { userId: number; paymentId?: string },
): Promise<PointEndResult> {
  const p = args.paymentId
    ? await memberPayment(deps.db, args.userId, args.paymentId)
    : await latestPayment(deps.db, args.userId);
  if (args.paymentId && !p) throw notFound('payment_not_found');
  if (p && p.status === 'pending' && p.method !== 'combini' && p.method !== 'bank')
    return endResult(await confirmWithProvider(deps, p));
  return endResult(p);
}
