import type { Lang } from '@gacha/contract/messages';
import { notFound } from '../../http/api-error.ts';
import type { PaymentsDeps } from './deps.ts';
import { appendPoints, endResult } from './notifications.ts';
import { pendingOf } from './pending.ts';
import { sandboxAmazonButton } from './providers/sandbox/amazon.ts';
import { buyPoints, publicBase, returnUrls } from './purchase.ts';
import { latestPayment, memberPayment, paymentByProviderRef, type PaymentRow } from './repo.ts';

/** Amazon Pay's checkout session calls (sandbox): start, the signed button, the session, the return. */

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
  return sandboxAmazonButton({
    secret: deps.config.payments.sandboxSecret,
    shopUrl: publicBase(deps.config),
    paymentId: p.public_id,
    amountYen: p.amount_yen,
    returnUrl: returnUrls(deps.config, 'amazon_pay', p.public_id).ok,
    lang: args.lang,
  });
}

async function amazonPayment(deps: PaymentsDeps, userId: number, sessionId?: string, paymentId?: string) {
  let p: PaymentRow | undefined;
  if (paymentId) p = await memberPayment(deps.db, userId, paymentId);
  else if (sessionId) p = await paymentByProviderRef(deps.db, userId, sessionId);
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
