import Stripe from 'stripe';
import type { Clock } from '../../../http/app-deps.ts';
import type { PaymentsConfig } from '../../../config.ts';
import {
  headerValue,
  NotificationRejectedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type PaymentRef,
  type ProviderStatus,
  type RefundNotice,
  type RefundOutcome,
  type StartOutcome,
  type StartRequest,
} from './provider.ts';

/**
 * Stripe through its official SDK: card through a Checkout Session (Stripe's hosted page: the shop never sees
 * card numbers; or, when a client sends a PaymentMethod id as the token, a PaymentIntent with 3-D Secure by
 * redirect), konbini (convenience store), customer_balance (Japanese bank transfer to a virtual account),
 * and Checkout Sessions for UnionPay cards and Alipay. STRIPE_API_BASE points the SDK at another host (the
 * tests' local fake). Webhooks are checked with stripe.webhooks.constructEvent.
 *
 * Refunds: POST /v1/refunds on the payment's PaymentIntent (a Checkout Session's is read from the
 * session) for the yen amount, with the shop's refund key as the idempotency key and in metadata; the refund.*
 * webhooks (a Refund object) report refunds, the shop's own and those made on Stripe's dashboard.
 */
export function createStripeProvider(deps: {
  config: PaymentsConfig['stripe'];
  clock: Clock;
  toleranceSeconds: number;
}): PaymentProvider {
  const base = new URL(deps.config.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(deps.config.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });

  /** Network trouble and Stripe's own errors → unreachable; the caller keeps the intent pending. */
  function unreachable(err: unknown): never {
    throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
  }
  const isStripeError = (err: unknown, type: string) =>
    typeof err === 'object' && err !== null && (err as { type?: string }).type === type;
  /** Card errors of the card status check (the card itself cannot be used), not a plain decline. */
  const CARD_STATUS_CODES = new Set([
    'expired_card',
    'lost_card',
    'stolen_card',
    'pickup_card',
    'restricted_card',
    'card_not_supported',
  ]);

  function intentOutcome(pi: Stripe.PaymentIntent): StartOutcome {
    const next = pi.next_action;
    switch (pi.status) {
      case 'succeeded':
        return { kind: 'succeeded', ref: pi.id, amountYen: pi.amount_received };
      case 'requires_action':
        if (next?.konbini_display_details) {
          const k = next.konbini_display_details;
          const store = [k.stores.familymart, k.stores.lawson, k.stores.ministop, k.stores.seicomart].find(
            (s) => s?.confirmation_number,
          );
          return {
            kind: 'pending',
            ref: pi.id,
            ...(store?.confirmation_number ? { receiptNumber: store.confirmation_number } : {}),
            ...(k.hosted_voucher_url ? { paymentUrl: k.hosted_voucher_url } : {}),
            expiresAt: new Date(k.expires_at * 1000).toISOString(),
          };
        }
        if (next?.display_bank_transfer_instructions) {
          const d = next.display_bank_transfer_instructions;
          const z = d.financial_addresses?.find((a) => a.zengin)?.zengin;
          return {
            kind: 'pending',
            ref: pi.id,
            ...(d.hosted_instructions_url ? { paymentUrl: d.hosted_instructions_url } : {}),
            ...(z
              ? {
                  bank: {
                    bank: z.bank_name ?? '',
                    branch: z.branch_name ?? '',
                    accountType: z.account_type ?? '',
                    number: z.account_number ?? '',
                    name: z.account_holder_name ?? '',
                  },
                }
              : {}),
          };
        }
        if (next?.redirect_to_url?.url)
          return { kind: 'action', ref: pi.id, url: next.redirect_to_url.url, threeDSecure: true };
        return { kind: 'failed', ref: pi.id, code: 'other' };
      case 'processing':
      case 'requires_confirmation':
      case 'requires_capture':
        return { kind: 'pending', ref: pi.id };
      case 'canceled':
        return { kind: 'failed', ref: pi.id, code: 'canceled' };
      default:
        return { kind: 'failed', ref: pi.id, code: 'declined' };
    }
  }

  function intentStatus(pi: Stripe.PaymentIntent): ProviderStatus {
    if (pi.status === 'succeeded') return { status: 'succeeded', amountYen: pi.amount_received };
    if (pi.status === 'canceled') return { status: 'canceled', amountYen: null };
    // back to requires_payment_method after an attempt = that attempt failed (declined, 3-D Secure failed)
    if (pi.status === 'requires_payment_method' && pi.last_payment_error)
      return { status: 'failed', amountYen: null, failureCode: 'declined' };
    return { status: 'pending', amountYen: null };
  }

  function sessionStatus(s: Stripe.Checkout.Session): ProviderStatus {
    if (s.status === 'complete' && s.payment_status === 'paid')
      return { status: 'succeeded', amountYen: s.amount_total };
    if (s.status === 'expired') return { status: 'expired', amountYen: null };
    return { status: 'pending', amountYen: null };
  }

  async function createIntent(
    req: StartRequest,
    params: Omit<Stripe.PaymentIntentCreateParams, 'amount' | 'currency'>,
  ): Promise<StartOutcome> {
    try {
      const pi = await stripe.paymentIntents.create(
        {
          amount: req.amountYen,
          currency: 'jpy',
          description: req.description,
          metadata: { payment_id: req.paymentId, user_id: String(req.customer.userId) },
          confirm: true,
          ...params,
        },
        { idempotencyKey: `start-${req.paymentId}` },
      );
      return intentOutcome(pi);
    } catch (err) {
      if (isStripeError(err, 'StripeCardError')) {
        const e = err as { payment_intent?: { id?: string }; code?: string; decline_code?: string };
        const status = CARD_STATUS_CODES.has(e.code ?? '') || CARD_STATUS_CODES.has(e.decline_code ?? '');
        return {
          kind: 'failed',
          ref: e.payment_intent?.id ?? null,
          code: status ? 'card_status' : 'declined',
        };
      }
      if (isStripeError(err, 'StripeInvalidRequestError')) {
        const code = (err as { code?: string }).code;
        return {
          kind: 'failed',
          ref: null,
          code:
            code === 'resource_missing' || code === 'payment_method_unexpected_state'
              ? 'card_check_failed'
              : 'invalid',
        };
      }
      return unreachable(err);
    }
  }

  /**
   * A Checkout Session (Stripe's hosted payment page) for one line of the course's yen amount; the buyer comes
   * back to success_url / cancel_url, the webhook (checkout.session.completed) or the return credits.
   */
  async function checkout(req: StartRequest, type: 'card' | 'alipay'): Promise<StartOutcome> {
    try {
      const s = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: [type],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'jpy',
                unit_amount: req.amountYen,
                product_data: { name: req.description },
              },
            },
          ],
          client_reference_id: req.paymentId,
          customer_email: req.customer.email,
          metadata: { payment_id: req.paymentId },
          payment_intent_data: { metadata: { payment_id: req.paymentId } },
          success_url: req.returnUrl,
          cancel_url: req.cancelUrl,
        },
        { idempotencyKey: `start-${req.paymentId}` },
      );
      if (!s.url) return { kind: 'failed', ref: s.id, code: 'other' };
      return { kind: 'action', ref: s.id, url: s.url, threeDSecure: false };
    } catch (err) {
      if (isStripeError(err, 'StripeInvalidRequestError'))
        return { kind: 'failed', ref: null, code: 'invalid' };
      return unreachable(err);
    }
  }

  function refundStatus(status: string | null): RefundOutcome['status'] {
    if (status === 'succeeded') return 'succeeded';
    if (status === 'failed' || status === 'canceled') return 'failed';
    return 'pending'; // pending, requires_action (konbini and bank transfer refunds wait for the buyer's account)
  }

  function refundNotice(r: Stripe.Refund): RefundNotice {
    return {
      ref: r.id,
      status: refundStatus(r.status),
      amountYen: r.amount,
      refundKey: r.metadata?.refund_key ?? null,
    };
  }

  async function customerFor(req: StartRequest): Promise<string> {
    if (req.customer.customerRef) return req.customer.customerRef;
    try {
      const c = await stripe.customers.create(
        {
          email: req.customer.email,
          name: req.customer.name,
          metadata: { user_id: String(req.customer.userId) },
        },
        { idempotencyKey: `customer-${req.customer.userId}` },
      );
      return c.id;
    } catch (err) {
      return unreachable(err);
    }
  }

  async function read(ref: PaymentRef): Promise<ProviderStatus> {
    if (!ref.ref) return { status: 'failed', amountYen: null, failureCode: 'other' };
    try {
      if (ref.ref.startsWith('cs_')) return sessionStatus(await stripe.checkout.sessions.retrieve(ref.ref));
      return intentStatus(await stripe.paymentIntents.retrieve(ref.ref));
    } catch (err) {
      if (isStripeError(err, 'StripeInvalidRequestError'))
        return { status: 'failed', amountYen: null, failureCode: 'other' };
      return unreachable(err);
    }
  }

  return {
    name: 'stripe',

    async start(req) {
      switch (req.method) {
        case 'card':
          if (!req.card?.token) return checkout(req, 'card');
          return createIntent(req, {
            payment_method: req.card?.token ?? '',
            allowed_payment_method_types: ['card'],
            return_url: req.returnUrl,
          });
        case 'combini':
          return createIntent(req, {
            allowed_payment_method_types: ['konbini'],
            payment_method_data: {
              type: 'konbini',
              billing_details: { name: req.customer.name, email: req.customer.email },
            },
            payment_method_options: { konbini: { expires_after_days: 3, product_description: 'Gems' } },
          });
        case 'bank': {
          const customer = await customerFor(req);
          const outcome = await createIntent(req, {
            customer,
            allowed_payment_method_types: ['customer_balance'],
            payment_method_data: { type: 'customer_balance' },
            payment_method_options: {
              customer_balance: {
                funding_type: 'bank_transfer',
                bank_transfer: { type: 'jp_bank_transfer' },
              },
            },
          });
          return outcome.kind === 'pending' ? { ...outcome, customerRef: customer } : outcome;
        }
        case 'unionpay':
          return checkout(req, 'card');
        case 'alipay':
          return checkout(req, 'alipay');
        default:
          return { kind: 'failed', ref: null, code: 'invalid' };
      }
    },

    confirm: read,
    status: read,

    async verifyNotification(input) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          input.rawBody,
          headerValue(input.headers, 'stripe-signature') ?? '',
          deps.config.webhookSecret,
          deps.toleranceSeconds,
          undefined,
          input.receivedAt.getTime(),
        );
      } catch (err) {
        throw new NotificationRejectedError(err instanceof Error ? err.message : 'bad signature');
      }
      const obj = event.data.object as unknown as Record<string, unknown>;
      const metadata = (obj.metadata ?? {}) as Record<string, string>;
      const base = {
        eventId: event.id,
        type: event.type,
        ref: typeof obj.id === 'string' ? obj.id : null,
        paymentId: metadata.payment_id ?? (obj.client_reference_id as string | undefined) ?? null,
      };
      switch (event.type) {
        case 'refund.created':
        case 'refund.updated':
        case 'refund.failed':
        case 'charge.refund.updated': {
          const r = event.data.object as Stripe.Refund;
          const pi = typeof r.payment_intent === 'string' ? r.payment_intent : (r.payment_intent?.id ?? null);
          // a refund made on Stripe's dashboard has no metadata: the PaymentIntent says whose payment it was
          let paymentId = metadata.payment_id ?? null;
          if (!paymentId && pi) {
            try {
              paymentId = (await stripe.paymentIntents.retrieve(pi)).metadata?.payment_id ?? null;
            } catch (err) {
              if (!isStripeError(err, 'StripeInvalidRequestError')) unreachable(err);
            }
          }
          return { ...base, ref: pi, paymentId, status: null, refund: refundNotice(r) };
        }
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
        case 'payment_intent.canceled':
          return { ...base, status: intentStatus(event.data.object) };
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.expired':
          return { ...base, status: sessionStatus(event.data.object) };
        case 'checkout.session.async_payment_failed':
          return { ...base, status: { status: 'failed', amountYen: null, failureCode: 'declined' } };
        default:
          return { ...base, status: null };
      }
    },

    async refund(req) {
      const ref = req.payment.ref;
      if (!ref) return { status: 'failed', ref: null, failureCode: 'no_provider_payment' };
      try {
        let intent = ref;
        if (ref.startsWith('cs_')) {
          const session = await stripe.checkout.sessions.retrieve(ref);
          const pi = session.payment_intent;
          intent = (typeof pi === 'string' ? pi : pi?.id) ?? '';
          if (!intent) return { status: 'failed', ref: null, failureCode: 'no_provider_payment' };
        }
        const r = await stripe.refunds.create(
          {
            payment_intent: intent,
            amount: req.amountYen,
            reason: 'requested_by_customer',
            metadata: { payment_id: req.payment.paymentId, refund_key: req.refundKey, note: req.reason },
          },
          { idempotencyKey: `refund-${req.refundKey}` },
        );
        const status = refundStatus(r.status);
        return status === 'failed'
          ? { status, ref: r.id, failureCode: r.failure_reason ?? 'declined' }
          : { status, ref: r.id };
      } catch (err) {
        if (isStripeError(err, 'StripeInvalidRequestError') || isStripeError(err, 'StripeCardError'))
          return { status: 'failed', ref: null, failureCode: (err as { code?: string }).code ?? 'invalid' };
        return unreachable(err);
      }
    },

    async cancel(ref) {
      if (!ref.ref) return;
      try {
        if (ref.ref.startsWith('cs_')) await stripe.checkout.sessions.expire(ref.ref);
        else await stripe.paymentIntents.cancel(ref.ref);
      } catch {
        // best effort: the expiry stands either way
      }
    },
  };
}
