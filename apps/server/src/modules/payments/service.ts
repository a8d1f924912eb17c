import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { message, type Lang, type MessageKey } from '@gacha/contract/messages';
import { pageInfo } from '@gacha/contract/paging';
import {
  FREE_GRANT_RATE,
  normaliseKatakanaName,
  METHOD_FAILURE_KEYS,
  PAY_METHODS,
  payMethod,
  type BankAccount,
  type BankInfo,
  type CardTokenizer,
  type PaymentStatus,
  type PayMethodKey,
  type PayStyleList,
  type PointBuyResult,
  type PointEndResult,
  type PointHistoryList,
} from '@gacha/contract/payments';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import type { Clock } from '../../app.ts';
import type { Config, PaymentMethodKey } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { formatJst, formatJstDate } from '../../db/time.ts';
import { ApiError, fieldError, notFound } from '../../http/api-error.ts';
import { awardGems, ledgerMemoKey, ledgerPage, referenceId } from '../gems/service.ts';
import { formatDeadline, memberMail, type Mailer } from '../mail/service.ts';
import { purchasableCourse, visibleCourse } from './point-prices.ts';
import {
  NotificationRejectedError,
  ProviderUnavailableError,
  type FailureCode,
  type NotificationInput,
  type PaymentRef,
  type ProviderStatus,
  type StartOutcome,
} from './providers/provider.ts';
import type { Providers } from './providers/registry.ts';
import {
  SANDBOX_AMAZON_ALGORITHM,
  signAmazonPayload,
  type AmazonButtonPayload,
} from './providers/sandbox/amazon.ts';
import {
  closePayment,
  customerRef,
  insertPayment,
  isUniqueViolation,
  latestPayment,
  memberPayment,
  paymentAmounts,
  paymentById,
  paymentForNotification,
  pendingDue,
  recordEvent,
  recordStart,
  saveCustomerRef,
  type PaymentRow,
} from './repo.ts';
import { checkReferralReward } from '../referrals/service.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface PaymentsDeps {
  db: Db;
  config: Config;
  clock: Clock;
  providers: Providers;
  /** Sends the bank transfer remittance email (absent: no email, as in some unit tests). */
  mailer?: Mailer;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const DAY_MS = 24 * 3600_000;
/** Convenience store and bank transfer: unpaid after 3 days, expired (spec §9). Others: abandoned after a day. */
const PAY_WINDOW_MS: Record<PaymentMethodKey, number> = {
  combini: 3 * DAY_MS,
  bank: 3 * DAY_MS,
  card: DAY_MS,
  paypal: DAY_MS,
  amazon_pay: DAY_MS,
  carrier: DAY_MS,
  unionpay: DAY_MS,
  alipay: DAY_MS,
};
export const HISTORY_PAGE_SIZE = 10;

const base = (config: Config) => config.publicUrl.replace(/\/$/, '');

/** Where the buyer comes back to the shop (web routes of spec §2). */
function returnUrls(config: Config, method: PaymentMethodKey, paymentId: string) {
  const q = `payment_id=${encodeURIComponent(paymentId)}`;
  const b = base(config);
  switch (method) {
    case 'paypal':
      return { ok: `${b}/complete-buy-point-paypal?${q}`, cancel: `${b}/complete-buy-point-paypal?${q}` };
    case 'carrier':
      return { ok: `${b}/complete-carrier?${q}`, cancel: `${b}/error-carrier?${q}` };
    case 'amazon_pay':
      return { ok: `${b}/amazon-pay-redirect?${q}`, cancel: `${b}/amazon-pay-redirect?${q}` };
    case 'combini':
    case 'bank':
      return { ok: `${b}/complete-buy-point?${q}`, cancel: `${b}/complete-buy-point?${q}` };
    default: // card (3-D Secure), UnionPay, Alipay
      return { ok: `${b}/pay-redirect?${q}`, cancel: `${b}/pay-redirect?${q}` };
  }
}

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

function refOf(p: PaymentRow): PaymentRef {
  return {
    ref: p.provider_ref,
    paymentId: p.public_id,
    method: p.method as PaymentMethodKey,
    amountYen: p.amount_yen,
  };
}

function refusal(p: PaymentRow, code: FailureCode | string | null): ApiError {
  const key = failureMessage(p.method, code);
  return new ApiError(400, {
    message: key,
    errors: { payment: key },
    extra: { result: '0', pay_id: p.pay_id, payment_id: p.public_id },
  });
}

// --- the credit: exactly once -------------------------------------------------------------------------

/**
 * Credits the gems of a succeeded payment: in one transaction, `pending → succeeded` with a conditional
 * update, a paid lot + ledger row (reference payment:<id>) and the payment_credits row (primary key
 * payment_id). A second caller — a replayed notification, a reloaded return page, a racing confirmation —
 * finds the status already moved and writes nothing. Returns whether this call credited.
 */
export async function creditPayment(db: Db, payment: PaymentRow, now: Date): Promise<boolean> {
  const at = now.toISOString();
  try {
    return await db.transaction().execute(async (tx) => {
      const moved = await tx
        .updateTable('payments')
        .set({ status: 'succeeded', settled_at: at, updated_at: at, failure_code: null })
        .where('id', '=', payment.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
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
      await tx
        .insertInto('payment_credits')
        .values({
          payment_id: payment.id,
          user_id: payment.user_id,
          gems: payment.gems,
          lot_id: lotId,
          created_at: at,
        })
        .execute();
      // a purchase can complete a referral (SMS done + 1,000 gems bought): paid in the same transaction
      await checkReferralReward(tx, payment.user_id, now);
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
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

// --- buying -------------------------------------------------------------------------------------------

export interface BuyInput {
  pay_id: number;
  pointPriceId: number;
  combini_code?: 'econ' | 'sej' | 'other';
  name?: string;
  token?: string;
  req_card_number?: string;
  card_user_name?: string;
  productId?: number;
}

/**
 * POST /user/point/buy: makes a payment intent for a course and starts it at the method's provider. The
 * amount is the course's price now (campaign applied), never the client's. Answers per spec §4 (PointBuyResult).
 */
export async function buyPoints(
  deps: PaymentsDeps,
  args: { userId: number; lang: Lang; input: BuyInput },
): Promise<PointBuyResult & { message?: string; point?: number; price?: number }> {
  const { db, config, clock } = deps;
  const now = clock.now();
  const info = payMethod(args.input.pay_id);
  const provider = info ? deps.providers.forMethod(info.key) : null;
  if (!info || !provider) throw fieldError('pay_id', 'pay_method_unavailable');
  // a card needs the tokenizer's token, except on Stripe where no token means its hosted Checkout page
  if (info.key === 'card' && !args.input.token && provider.name !== 'stripe')
    throw fieldError('token', 'card_check_failed');

  const user = await db
    .selectFrom('users')
    .select(['id', 'mail', 'first_name', 'last_name', 'country_id'])
    .where('id', '=', args.userId)
    .executeTakeFirstOrThrow();
  if (user.country_id === JAPAN_COUNTRY_ID) {
    // spec §4: isJp — shipping to Japan is not available, so nothing is created or charged
    return { result: '0', pay_id: info.id, isJp: true, message: message('buy_from_japan', args.lang) };
  }
  const course = await purchasableCourse(
    db,
    args.userId,
    args.input.pointPriceId,
    now,
    config.payments.fxUsdJpy,
  );

  const at = now.toISOString();
  const publicId = `pay_${randomBytes(12).toString('base64url')}`;
  const holderName = info.key === 'bank' ? normaliseKatakanaName(args.input.name ?? '') : null;
  const payment = await insertPayment(db, {
    public_id: publicId,
    user_id: args.userId,
    point_price_id: course.id,
    pay_id: info.id,
    method: info.key,
    provider: provider.name,
    amount_yen: course.pay_price,
    gems: course.point,
    status: 'pending',
    provider_ref: null,
    pack_id: args.input.productId ?? null,
    holder_name: holderName,
    combini_code: info.key === 'combini' ? (args.input.combini_code ?? 'econ') : null,
    receipt_number: null,
    payment_url: null,
    detail: info.carrier ? JSON.stringify({ carrier: info.carrier }) : null,
    failure_code: null,
    created_at: at,
    updated_at: at,
    expires_at: new Date(now.getTime() + PAY_WINDOW_MS[info.key]).toISOString(),
    settled_at: null,
  });

  const urls = returnUrls(config, info.key, publicId);
  let outcome: StartOutcome;
  try {
    outcome = await provider.start({
      paymentId: publicId,
      method: info.key,
      ...(info.carrier ? { carrier: info.carrier } : {}),
      amountYen: payment.amount_yen,
      gems: payment.gems,
      description: `${payment.gems} gems`,
      returnUrl: urls.ok,
      cancelUrl: urls.cancel,
      ...(args.input.token ? { card: { token: args.input.token, holder: args.input.card_user_name } } : {}),
      combini: { code: args.input.combini_code ?? 'econ' },
      ...(holderName ? { bank: { holderName } } : {}),
      customer: {
        userId: user.id,
        email: user.mail,
        name: `${user.first_name} ${user.last_name}`.trim(),
        customerRef: await customerRef(db, user.id, provider.name),
      },
    });
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError)) throw err;
    // the provider may or may not have it: stay pending; the expiry sweep asks the provider again later
    deps.log?.warn({ payment: publicId, err: err.message }, 'payment provider unreachable');
    await recordStart(db, payment.id, { failure_code: 'unreachable' }, now);
    throw refusal(payment, 'unreachable');
  }
  const answer = await finishStart(deps, payment, outcome, now);
  if (info.key === 'bank' && answer.result === '2' && outcome.kind === 'pending')
    deps.mailer?.sendLater(
      // in the language the member is using right now (the one they chose the transfer in)
      memberMail({ id: user.id, mail: user.mail, lang: args.lang }, 'bank_transfer', {
        amount: payment.amount_yen,
        gems: payment.gems,
        holderName: holderName ?? '',
        deadline: formatDeadline(payment.expires_at),
        paymentId: payment.public_id,
        account: outcome.bank ?? null,
        instructionsUrl: outcome.bank ? null : (outcome.paymentUrl ?? null),
      }),
    );
  return answer;
}

async function finishStart(
  deps: PaymentsDeps,
  payment: PaymentRow,
  outcome: StartOutcome,
  now: Date,
): Promise<PointBuyResult & { point?: number; price?: number }> {
  const { db } = deps;
  const answer = {
    pay_id: payment.pay_id,
    payment_id: payment.public_id,
    point: payment.gems,
    price: payment.amount_yen,
  };
  switch (outcome.kind) {
    case 'succeeded': {
      await recordStart(db, payment.id, { provider_ref: outcome.ref }, now);
      const after = await applyProviderStatus(
        deps,
        { ...payment, provider_ref: outcome.ref },
        { status: 'succeeded', amountYen: outcome.amountYen },
        now,
      );
      if (after.status !== 'succeeded') throw refusal(after, after.failure_code);
      return { result: '1', ...answer };
    }
    case 'failed':
      if (outcome.ref) await recordStart(db, payment.id, { provider_ref: outcome.ref }, now);
      await closePayment(
        db,
        payment.id,
        outcome.code === 'canceled' ? 'canceled' : 'failed',
        outcome.code,
        now,
      );
      throw refusal(payment, outcome.code);
    case 'action':
      await recordStart(db, payment.id, { provider_ref: outcome.ref, payment_url: outcome.url }, now);
      if (outcome.threeDSecure)
        return {
          result: '7',
          ...answer,
          acs_url: `/api/acs/secure?payment_id=${encodeURIComponent(payment.public_id)}`,
        };
      return { result: '3', ...answer, url: outcome.url };
    case 'pending': {
      const detail = {
        ...(payment.detail ? (JSON.parse(payment.detail) as object) : {}),
        ...(outcome.bank ? { bank: outcome.bank } : {}),
      };
      await recordStart(
        db,
        payment.id,
        {
          provider_ref: outcome.ref,
          receipt_number: outcome.receiptNumber ?? null,
          payment_url: outcome.paymentUrl ?? null,
          detail: Object.keys(detail).length ? JSON.stringify(detail) : null,
        },
        now,
      );
      if (outcome.customerRef) await saveCustomerRef(db, payment.user_id, 'stripe', outcome.customerRef, now);
      return {
        result: '2',
        ...answer,
        ...(outcome.receiptNumber ? { receipt_number: outcome.receiptNumber } : {}),
        ...(outcome.bank ? { bank: bankAccount(outcome.bank) } : {}),
      };
    }
  }
}

function bankAccount(b: { bank: string; branch: string; accountType: string; number: string; name: string }) {
  const account: BankAccount = {
    bank: b.bank,
    branch: b.branch,
    account_type: b.accountType,
    number: b.number,
    name: b.name,
  };
  return account;
}

// --- return, end and the pending pages ------------------------------------------------------------------

function endResult(p: PaymentRow | undefined): PointEndResult {
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

async function pendingOf(deps: PaymentsDeps, userId: number, method: string, paymentId?: string) {
  const p = paymentId
    ? await memberPayment(deps.db, userId, paymentId)
    : await latestPayment(deps.db, userId, { methods: [method], statuses: ['pending'] });
  if (!p || p.method !== method) throw notFound('payment_not_found');
  return p;
}

/** GET /user/bank: transfer details of the member's pending bank transfer (Bank info, spec §3). */
export async function bankInfo(
  deps: PaymentsDeps,
  args: { userId: number; paymentId?: string },
): Promise<BankInfo> {
  const p = await pendingOf(deps, args.userId, 'bank', args.paymentId);
  const bank =
    (p.detail ? (JSON.parse(p.detail) as { bank?: Record<string, string> }).bank : undefined) ?? {};
  return {
    bank: bank.bank ?? '',
    branch: bank.branch ?? '',
    account_type: bank.accountType ?? '',
    number: bank.number ?? '',
    name: bank.name ?? '',
    price: p.amount_yen,
    holder_name: p.holder_name ?? '',
    payment_id: p.public_id,
    expires: formatJst(p.expires_at).slice(0, 16),
  };
}

/** GET /api/user/point/combini_number: the convenience store payment page of the member's pending payment. */
export async function combiniNumber(deps: PaymentsDeps, args: { userId: number; paymentId?: string }) {
  const p = await pendingOf(deps, args.userId, 'combini', args.paymentId);
  return {
    url: p.payment_url ?? '',
    receipt_number: p.receipt_number ?? '',
    payment_id: p.public_id,
    price: p.amount_yen,
    status: p.status,
    expires: formatJst(p.expires_at).slice(0, 16),
  };
}

/** Where /api/acs/secure sends the buyer: the provider's 3-D Secure step of a pending card payment. */
export async function acsRedirect(
  deps: PaymentsDeps,
  args: { userId: number; paymentId: string },
): Promise<string> {
  const p = await memberPayment(deps.db, args.userId, args.paymentId);
  if (p && p.status === 'pending' && p.method === 'card' && p.payment_url) return p.payment_url;
  return `/complete-buy-point?payment_id=${encodeURIComponent(args.paymentId)}`;
}

// --- methods ------------------------------------------------------------------------------------------

/** GET /user/pay_style: the available methods in the member's language, with the chosen course's point and price. */
export async function payStyles(
  deps: PaymentsDeps,
  args: { userId: number | null; lang: Lang; pointPriceId?: number },
): Promise<PayStyleList> {
  const p = deps.config.payments;
  let course: { point: number; price: number } | null = null;
  if (args.pointPriceId) {
    const row = await visibleCourse(deps.db, args.userId, args.pointPriceId);
    if (!row) throw notFound('point_price_not_found');
    course = row;
  }
  const card = p.methods.card;
  const card_tokenizer: CardTokenizer =
    card === 'sandbox'
      ? { provider: 'sandbox', url: '/sandbox-pay/token' }
      : card === 'stripe'
        ? { provider: 'stripe_checkout' }
        : { provider: 'none' };
  return {
    list: PAY_METHODS.filter((m) => p.methods[m.key] !== 'none').map((m) => ({
      id: m.id,
      key: m.key,
      name: m.name[args.lang],
      memo: m.memo[args.lang],
      point: course?.point ?? null,
      price: course?.price ?? null,
    })),
    card_tokenizer,
    sandbox: p.sandbox ? '1' : '0',
  };
}

// --- notifications --------------------------------------------------------------------------------------

/**
 * A provider's notification (POST /api/payments/notify/{provider}): signature and timestamp checked by the
 * provider's adapter, recorded once per event id, then applied (credit once). The answer is for the
 * provider: 200 received (also for payments we do not know), 400 refused (bad or stale signature), 503
 * try again later.
 */
export async function handleNotification(
  deps: PaymentsDeps,
  providerName: string,
  input: Omit<NotificationInput, 'receivedAt'>,
): Promise<{ status: number; body: object }> {
  const provider = deps.providers.byName(providerName);
  if (!provider) return { status: 404, body: { error: 'unknown provider' } };
  const now = deps.clock.now();
  let n;
  try {
    n = await provider.verifyNotification({ ...input, receivedAt: now });
  } catch (err) {
    if (err instanceof NotificationRejectedError) {
      deps.log?.warn({ provider: providerName, reason: err.message }, 'payment notification refused');
      return { status: 400, body: { error: 'invalid signature' } };
    }
    if (err instanceof ProviderUnavailableError) return { status: 503, body: { error: 'try again later' } };
    throw err;
  }
  const payment = await paymentForNotification(deps.db, providerName, n.ref, n.paymentId);
  await recordEvent(deps.db, {
    provider: providerName,
    event_id: n.eventId,
    type: n.type,
    payment_id: payment?.id ?? null,
    received_at: now.toISOString(),
  });
  if (!payment) return { status: 200, body: { received: true } };
  let st = n.status;
  try {
    if (!st) st = await provider.confirm(refOf(payment));
  } catch (err) {
    if (err instanceof ProviderUnavailableError) return { status: 503, body: { error: 'try again later' } };
    throw err;
  }
  await applyProviderStatus(deps, payment, st, now);
  return { status: 200, body: { received: true } };
}

// --- expiry -------------------------------------------------------------------------------------------

/**
 * The payment expiry sweep: a pending payment past its due time (convenience store and bank transfer: 3 days)
 * is asked about once more — paid after all: credited; otherwise `pending → expired` by a conditional update
 * and canceled at the provider (best effort). A provider that cannot be reached is asked again next run.
 * Safe to run any number of times, also while notifications arrive.
 */
export async function expirePendingPayments(
  deps: PaymentsDeps,
  now: Date,
  opts: { batchSize?: number } = {},
): Promise<{ expired: number; credited: number; deferred: number }> {
  const out = { expired: 0, credited: 0, deferred: 0 };
  const batchSize = opts.batchSize ?? 200;
  const seen = new Set<number>();
  for (;;) {
    const due = (await pendingDue(deps.db, now, batchSize)).filter((p) => !seen.has(p.id));
    if (!due.length) break;
    for (const p of due) {
      seen.add(p.id);
      const provider = deps.providers.byName(p.provider);
      let st: ProviderStatus | null = null;
      if (provider && p.provider_ref) {
        try {
          st = await provider.status(refOf(p));
        } catch (err) {
          if (!(err instanceof ProviderUnavailableError)) throw err;
          out.deferred++;
          continue;
        }
      }
      if (st?.status === 'succeeded') {
        const after = await applyProviderStatus(deps, p, st, now);
        if (after.status === 'succeeded') out.credited++;
        continue;
      }
      if (await closePayment(deps.db, p.id, 'expired', 'expired', now)) {
        out.expired++;
        await provider?.cancel?.(refOf(p)).catch(() => undefined);
      }
    }
    if (due.length < batchSize) break;
  }
  return out;
}

// --- Amazon Pay checkout session (sandbox) ---------------------------------------------------------------

function amazonProviderIsSandbox(deps: PaymentsDeps): boolean {
  return deps.config.payments.methods.amazon_pay === 'sandbox' && deps.providers.sandbox !== null;
}

/** GET /api/user/set_checkout_session/{pointPriceId}: starts an Amazon Pay payment for a course. */
export async function amazonSetCheckoutSession(
  deps: PaymentsDeps,
  args: { userId: number; lang: Lang; pointPriceId: number; productId?: number },
) {
  const r = await buyPoints(deps, {
    userId: args.userId,
    lang: args.lang,
    input: { pay_id: 5, pointPriceId: args.pointPriceId, productId: args.productId },
  });
  if (!r.payment_id) return r;
  const p = await memberPayment(deps.db, args.userId, r.payment_id);
  return { ...r, checkoutSessionId: p?.provider_ref ?? null };
}

/**
 * GET /api/user/button_signature: the Amazon Pay button's payloadJSON for the member's pending Amazon Pay
 * payment (or ?payment_id=), signed by the shop. The sandbox's button page checks the signature.
 */
export async function amazonButtonSignature(
  deps: PaymentsDeps,
  args: { userId: number; lang: Lang; paymentId?: string },
) {
  if (!amazonProviderIsSandbox(deps)) throw notFound('pay_method_unavailable');
  const p = await pendingOf(deps, args.userId, 'amazon_pay', args.paymentId);
  const payload: AmazonButtonPayload = {
    webCheckoutDetails: {
      checkoutResultReturnUrl: returnUrls(deps.config, 'amazon_pay', p.public_id).ok,
      checkoutMode: 'ProcessOrder',
    },
    storeId: 'sandbox-store',
    scopes: ['name', 'email'],
    paymentDetails: {
      paymentIntent: 'AuthorizeWithCapture',
      chargeAmount: { amount: String(p.amount_yen), currencyCode: 'JPY' },
    },
    merchantMetadata: { merchantReferenceId: p.public_id, merchantStoreName: 'Gacha Gems' },
  };
  const payloadJSON = JSON.stringify(payload);
  const signature = signAmazonPayload(deps.config.payments.sandboxSecret, payloadJSON);
  const q = new URLSearchParams({ payloadJSON, signature });
  return {
    signature,
    payloadJSON,
    algorithm: SANDBOX_AMAZON_ALGORITHM,
    publicKeyId: 'SANDBOX',
    merchantId: 'SANDBOX',
    ledgerCurrency: 'JPY',
    checkoutLanguage: args.lang === 'ja' ? 'ja_JP' : 'en_US',
    productType: 'PayOnly',
    placement: 'Checkout',
    sandbox: '1',
    payment_id: p.public_id,
    url: `${base(deps.config)}/sandbox-pay/amazon-pay/button?${q.toString()}`,
  };
}

async function amazonPayment(deps: PaymentsDeps, userId: number, sessionId?: string, paymentId?: string) {
  let p: PaymentRow | undefined;
  if (paymentId) p = await memberPayment(deps.db, userId, paymentId);
  else if (sessionId)
    p = await deps.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', userId)
      .where('provider_ref', '=', sessionId)
      .executeTakeFirst();
  else p = await latestPayment(deps.db, userId, { methods: ['amazon_pay'] });
  if (!p || p.method !== 'amazon_pay') throw notFound('payment_not_found');
  return p;
}

/** GET /api/user/get_checkout_session: the checkout session's payment method and state. */
export async function amazonGetCheckoutSession(
  deps: PaymentsDeps,
  args: { userId: number; lang: Lang; sessionId?: string; paymentId?: string },
) {
  const p = await amazonPayment(deps, args.userId, args.sessionId, args.paymentId);
  return {
    payMethod: args.lang === 'ja' ? 'Amazon Pay（サンドボックス）' : 'Amazon Pay (sandbox)',
    checkoutSessionId: p.provider_ref,
    ...endResult(p),
  };
}

/** GET /api/user/complete_checkout_session: back from Amazon Pay (/amazon-pay-redirect): confirm and credit once. */
export async function amazonCompleteCheckoutSession(
  deps: PaymentsDeps,
  args: { userId: number; lang: Lang; sessionId?: string; paymentId?: string },
) {
  const p = await amazonPayment(deps, args.userId, args.sessionId, args.paymentId);
  return appendPoints(deps, { userId: args.userId, paymentId: p.public_id, lang: args.lang });
}

// --- free grant, unlocks, history ---------------------------------------------------------------------

const grantFailed = () =>
  new ApiError(400, {
    message: 'grant_failed',
    errors: { pointPriceId: 'grant_failed' },
    extra: { result: '0' },
  });

/**
 * POST /user/coupon/point/present {pointPriceId}: the free grant of a rate "100" course the member can see
 * (hidden courses once unlocked), once per member and course (free_grants primary key). Refusals answer
 * 'Failed to grant Gems. Please contact the management.'
 */
export async function presentFreeGrant(
  deps: PaymentsDeps,
  args: { userId: number; pointPriceId: number },
): Promise<{ result: '1'; point: number }> {
  const now = deps.clock.now();
  const course = await visibleCourse(deps.db, args.userId, args.pointPriceId);
  if (!course || course.rate !== FREE_GRANT_RATE || course.point <= 0) throw grantFailed();
  try {
    await deps.db.transaction().execute(async (tx) => {
      const taken = await tx
        .selectFrom('free_grants')
        .select('user_id')
        .where('user_id', '=', args.userId)
        .where('point_price_id', '=', course.id)
        .executeTakeFirst();
      if (taken) throw grantFailed();
      const { lotId } = await awardGems(
        tx,
        {
          userId: args.userId,
          amount: course.point,
          kind: 'bonus',
          source: 'free_grant',
          reason: 'free_grant',
          reference: `free_grant:${course.id}`,
        },
        now,
      );
      await tx
        .insertInto('free_grants')
        .values({
          user_id: args.userId,
          point_price_id: course.id,
          gems: course.point,
          lot_id: lotId,
          created_at: now.toISOString(),
        })
        .execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw grantFailed();
    throw err;
  }
  return { result: '1', point: course.point };
}

/**
 * Unlocks a hidden (coupon_only) point price course for a member — for the coupons feature, inside its own
 * transaction. Returns false when it was already unlocked.
 */
export async function unlockPointPrice(tx: Executor, userId: number, pointPriceId: number): Promise<boolean> {
  const r = await tx
    .insertInto('point_price_unlocks')
    .values({ user_id: userId, point_price_id: pointPriceId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'point_price_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gems a member bought in total (succeeded payments) — e.g. the referral rule's "at least 1,000 gems". */
export async function totalPurchasedGems(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('gems'), eb.lit(0)).as('gems'))
    .where('user_id', '=', userId)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  return Number(row.gems);
}

/** GET /user/point/list/{page}: Your gems history (Date, About, Amount, Gems) from the gem ledger. */
export async function pointHistory(
  db: Db,
  args: { userId: number; page: number; lang: Lang },
): Promise<PointHistoryList> {
  let { total, rows } = await ledgerPage(db, {
    userId: args.userId,
    page: args.page,
    perPage: HISTORY_PAGE_SIZE,
  });
  const info = pageInfo(args.page, total, HISTORY_PAGE_SIZE);
  if (info.page !== args.page && total > 0)
    ({ total, rows } = await ledgerPage(db, {
      userId: args.userId,
      page: info.page,
      perPage: HISTORY_PAGE_SIZE,
    }));
  const paymentIds = rows
    .filter((r) => r.reference?.startsWith('payment:'))
    .map((r) => referenceId(r.reference)!);
  const amounts = await paymentAmounts(db, args.userId, paymentIds);
  return {
    ...info,
    list: rows.map((r) => ({
      id: r.id,
      bonusPoint: r.delta,
      money: r.reference?.startsWith('payment:') ? (amounts.get(referenceId(r.reference)!) ?? 0) : 0,
      created: formatJstDate(r.created_at),
      memo: message(ledgerMemoKey(r.reason), args.lang),
      history_id: referenceId(r.reference),
      balance: r.balance_after,
    })),
  };
}
