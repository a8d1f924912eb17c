import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Order,
} from '@paypal/paypal-server-sdk';
import type { Clock } from '../../../http/app-deps.ts';
import type { PaymentsConfig } from '../../../config.ts';
import {
  headerValue,
  NotificationRejectedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type PaymentRef,
  type ProviderStatus,
  type RefundOutcome,
} from './provider.ts';

const LIVE = 'https://api-m.paypal.com';
const SANDBOX = 'https://api-m.sandbox.paypal.com';

/**
 * PayPal through its official server SDK: create an order (intent CAPTURE) → the buyer approves at PayPal →
 * capture on return (POST /user/point/append) or on the webhook, whichever comes first (the capture carries a
 * PayPal-Request-Id, so two captures are one). The SDK knows only PayPal's live and sandbox hosts; for any
 * other PAYPAL_BASE_URL (the tests' local fake) its HTTP client is given an adapter that sends the same
 * requests to that origin. Webhooks are verified by PayPal's verify-webhook-signature API plus a
 * transmission-time tolerance, and the order is then read from the API (the notification is only a trigger).
 *
 * Refunds: POST /v2/payments/captures/{capture id}/refund (the order's completed capture) for the
 * yen amount, with the shop's refund key as PayPal-Request-Id and the shop's payment id as custom_id; the
 * PAYMENT.CAPTURE.REFUNDED / REVERSED webhooks (a refund resource, verified like every webhook) report refunds.
 */
export function createPaypalProvider(deps: {
  config: PaymentsConfig['paypal'];
  clock: Clock;
  toleranceSeconds: number;
}): PaymentProvider {
  const cfg = deps.config;
  const origin = new URL(cfg.baseUrl).origin;
  const custom = origin !== LIVE && origin !== SANDBOX;
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: cfg.clientId, oAuthClientSecret: cfg.clientSecret },
    environment: origin === LIVE ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    ...(custom ? { unstable_httpClientOptions: { adapter: rebasedFetchAdapter(origin) } } : {}),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  function unreachable(err: unknown): never {
    throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
  }
  const clientError = (err: unknown) =>
    err instanceof ApiError && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 429;

  function orderStatus(o: Order): ProviderStatus {
    const captures = (o.purchaseUnits ?? []).flatMap((u) => u.payments?.captures ?? []);
    const completed = captures.filter((c) => c.status === 'COMPLETED');
    if (o.status === 'COMPLETED' && completed.length) {
      const amount = completed.reduce((s, c) => s + Number(c.amount?.value ?? 0), 0);
      return { status: 'succeeded', amountYen: Number.isInteger(amount) ? amount : null };
    }
    if (captures.some((c) => c.status === 'DECLINED' || c.status === 'FAILED'))
      return { status: 'failed', amountYen: null, failureCode: 'declined' };
    if (o.status === 'VOIDED') return { status: 'canceled', amountYen: null };
    return { status: 'pending', amountYen: null };
  }

  const refundStatus = (status: string | undefined): RefundOutcome['status'] =>
    status === 'COMPLETED' ? 'succeeded' : status === 'PENDING' ? 'pending' : 'failed';

  async function getOrder(id: string): Promise<Order> {
    try {
      return (await orders.getOrder({ id })).result;
    } catch (err) {
      return unreachable(err);
    }
  }

  return {
    name: 'paypal',

    async start(req) {
      try {
        const { result } = await orders.createOrder({
          paypalRequestId: `create-${req.paymentId}`,
          prefer: 'return=representation',
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: req.paymentId,
                customId: req.paymentId,
                description: req.description,
                amount: { currencyCode: 'JPY', value: String(req.amountYen) },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: req.returnUrl,
                  cancelUrl: req.cancelUrl,
                  userAction: PaypalExperienceUserAction.PayNow,
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                  brandName: 'Gacha Gems',
                },
              },
            },
          },
        });
        const link = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
        if (!result.id || !link) return { kind: 'failed', ref: result.id ?? null, code: 'other' };
        return { kind: 'action', ref: result.id, url: link.href, threeDSecure: false };
      } catch (err) {
        if (clientError(err)) return { kind: 'failed', ref: null, code: 'invalid' };
        return unreachable(err);
      }
    },

    /** Captures an approved order (idempotent by PayPal-Request-Id) and reports the result. */
    async confirm(ref: PaymentRef) {
      if (!ref.ref) return { status: 'failed', amountYen: null, failureCode: 'other' };
      const order = await getOrder(ref.ref);
      if (order.status !== 'APPROVED') return orderStatus(order);
      try {
        const { result } = await orders.captureOrder({
          id: ref.ref,
          paypalRequestId: `capture-${ref.paymentId}`,
          prefer: 'return=representation',
        });
        return orderStatus(result);
      } catch (err) {
        if (clientError(err)) return orderStatus(await getOrder(ref.ref)); // e.g. already captured
        return unreachable(err);
      }
    },

    async status(ref) {
      if (!ref.ref) return { status: 'failed', amountYen: null, failureCode: 'other' };
      return orderStatus(await getOrder(ref.ref));
    },

    async verifyNotification(input) {
      const h = (name: string) => headerValue(input.headers, name);
      const transmission = {
        auth_algo: h('paypal-auth-algo'),
        cert_url: h('paypal-cert-url'),
        transmission_id: h('paypal-transmission-id'),
        transmission_sig: h('paypal-transmission-sig'),
        transmission_time: h('paypal-transmission-time'),
      };
      if (Object.values(transmission).some((v) => !v)) throw new NotificationRejectedError('missing headers');
      const sent = Date.parse(transmission.transmission_time!);
      if (
        !Number.isFinite(sent) ||
        Math.abs(input.receivedAt.getTime() - sent) > deps.toleranceSeconds * 1000
      )
        throw new NotificationRejectedError('stale transmission');
      let event: { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(input.rawBody);
      } catch {
        throw new NotificationRejectedError('unreadable body');
      }
      if (typeof event?.id !== 'string' || typeof event.event_type !== 'string' || !event.resource)
        throw new NotificationRejectedError('unexpected body');
      let verified: boolean;
      try {
        const token = await client.clientCredentialsAuthManager.fetchToken();
        const res = await fetch(`${origin}/v1/notifications/verify-webhook-signature`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json' },
          body: `{"auth_algo":${JSON.stringify(transmission.auth_algo)},"cert_url":${JSON.stringify(
            transmission.cert_url,
          )},"transmission_id":${JSON.stringify(transmission.transmission_id)},"transmission_sig":${JSON.stringify(
            transmission.transmission_sig,
          )},"transmission_time":${JSON.stringify(transmission.transmission_time)},"webhook_id":${JSON.stringify(
            cfg.webhookId,
          )},"webhook_event":${input.rawBody}}`,
          signal: AbortSignal.timeout(20_000),
        });
        verified =
          res.ok &&
          ((await res.json()) as { verification_status?: string }).verification_status === 'SUCCESS';
      } catch (err) {
        return unreachable(err);
      }
      if (!verified) throw new NotificationRejectedError('signature not verified');
      const r = event.resource;
      const related = (r.supplementary_data as { related_ids?: { order_id?: string } } | undefined)
        ?.related_ids;
      const orderId = event.event_type.startsWith('CHECKOUT.ORDER.') ? (r.id as string) : related?.order_id;
      const units = r.purchase_units as { custom_id?: string }[] | undefined;
      const base = {
        eventId: event.id,
        type: event.event_type,
        ref: typeof orderId === 'string' ? orderId : null,
        paymentId: (typeof r.custom_id === 'string' ? r.custom_id : units?.[0]?.custom_id) ?? null,
        status: null, // the order is read (and captured when approved) from the API
      };
      if (
        (event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ||
          event.event_type === 'PAYMENT.CAPTURE.REVERSED') &&
        typeof r.id === 'string'
      ) {
        const amount = Number((r.amount as { value?: string } | undefined)?.value);
        // a refund made on PayPal's site may not carry the shop's id: its capture does
        let paymentId = base.paymentId;
        const up = (r.links as { rel?: string; href?: string }[] | undefined)?.find(
          (l) => l.rel === 'up',
        )?.href;
        const captureId = up ? /\/captures\/([^/?#]+)/.exec(up)?.[1] : undefined;
        if (!paymentId && captureId) {
          try {
            paymentId = (await payments.getCapturedPayment({ captureId })).result.customId ?? null;
          } catch (err) {
            if (!clientError(err)) unreachable(err);
          }
        }
        return {
          ...base,
          paymentId,
          refund: {
            ref: r.id,
            status: refundStatus(typeof r.status === 'string' ? r.status : undefined),
            amountYen: Number.isInteger(amount) ? amount : null,
            refundKey: null,
          },
        };
      }
      return base;
    },

    /** Refunds the order's completed capture (idempotent by PayPal-Request-Id). */
    async refund(req) {
      if (!req.payment.ref) return { status: 'failed', ref: null, failureCode: 'no_provider_payment' };
      const order = await getOrder(req.payment.ref);
      const capture = (order.purchaseUnits ?? [])
        .flatMap((u) => u.payments?.captures ?? [])
        .find(
          (c) => c.status === 'COMPLETED' || c.status === 'PARTIALLY_REFUNDED' || c.status === 'REFUNDED',
        );
      if (!capture?.id) return { status: 'failed', ref: null, failureCode: 'no_capture' };
      try {
        const { result } = await payments.refundCapturedPayment({
          captureId: capture.id,
          paypalRequestId: `refund-${req.refundKey}`,
          prefer: 'return=representation',
          body: {
            amount: { currencyCode: 'JPY', value: String(req.amountYen) },
            customId: req.payment.paymentId,
            noteToPayer: req.reason.slice(0, 255),
          },
        });
        const status = refundStatus(result.status);
        return status === 'failed'
          ? { status, ref: result.id ?? null, failureCode: result.statusDetails?.reason ?? 'declined' }
          : { status, ref: result.id ?? null };
      } catch (err) {
        if (clientError(err)) {
          const issue = (err as ApiError & { result?: { details?: { issue?: string }[] } }).result
            ?.details?.[0]?.issue;
          return { status: 'failed', ref: null, failureCode: issue ?? 'refused' };
        }
        return unreachable(err);
      }
    },
  };
}

interface AxiosLikeConfig {
  url?: string;
  method?: string;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  data?: unknown;
  auth?: { username: string; password: string };
  timeout?: number;
}

/**
 * An axios adapter (the SDK's HTTP client is axios) that sends each request to `origin` instead of PayPal's
 * host, over fetch. Only used for a PAYPAL_BASE_URL that is neither PayPal host.
 */
function rebasedFetchAdapter(origin: string) {
  return async (config: AxiosLikeConfig) => {
    const url = new URL(config.url ?? '/');
    const target = `${origin}${url.pathname}${url.search}`;
    const raw =
      typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : (config.headers ?? {});
    const headers = new Headers();
    for (const [k, v] of Object.entries(raw))
      if (v !== undefined && v !== null && v !== false) headers.set(k, String(v));
    if (config.auth)
      headers.set(
        'authorization',
        `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`,
      );
    const method = (config.method ?? 'get').toUpperCase();
    const res = await fetch(target, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : (config.data as string | undefined),
      signal: AbortSignal.timeout(config.timeout || 20_000),
    });
    return {
      data: await res.text(),
      status: res.status,
      statusText: res.statusText,
      headers: Object.fromEntries(res.headers),
      config,
      request: {},
    };
  };
}
