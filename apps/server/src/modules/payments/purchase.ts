import { randomBytes } from 'node:crypto';
import { message, type Lang } from '@gacha/contract/messages';
import {
  normaliseKatakanaName,
  PAY_METHODS,
  payMethod,
  type BankAccount,
  type CardTokenizer,
  type PayStyleList,
  type PointBuyResult,
} from '@gacha/contract/payments';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import type { Config, PaymentMethodKey } from '../../config.ts';
import { ApiError, fieldError, notFound } from '../../http/api-error.ts';
import { refuseIfSuspended } from '../account/service.ts';
import { formatDeadline, memberMail } from '../mail/service.ts';
import type { PaymentsDeps } from './deps.ts';
import { applyProviderStatus, failureMessage } from './notifications.ts';
import { purchasableCourse, visibleCourse } from './point-prices.ts';
import { ProviderUnavailableError, type FailureCode, type StartOutcome } from './providers/provider.ts';
import {
  closePayment,
  customerRef,
  findPayer,
  insertPayment,
  recordStart,
  saveCustomerRef,
  type PaymentRow,
} from './repo.ts';

/**
 * Starting a gem purchase: the methods on offer, the payment intent (price from the point price row, never the
 * client's) and its start at the method's provider.
 */

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

/** The shop's public URL without a trailing slash. */
export const publicBase = (config: Config) => config.publicUrl.replace(/\/$/, '');

/** Where the buyer comes back to the shop (web routes of spec §2). */
export function returnUrls(config: Config, method: PaymentMethodKey, paymentId: string) {
  const q = `payment_id=${encodeURIComponent(paymentId)}`;
  const b = publicBase(config);
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

function refusal(p: PaymentRow, code: FailureCode | string | null): ApiError {
  const key = failureMessage(p.method, code);
  return new ApiError(400, {
    message: key,
    errors: { payment: key },
    extra: { result: '0', pay_id: p.pay_id, payment_id: p.public_id },
  });
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

  await refuseIfSuspended(db, args.userId); // suspended by staff: no intent is made
  const user = await findPayer(db, args.userId);
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
