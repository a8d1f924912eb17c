import { createHmac } from 'node:crypto';
import type { Clock } from '../../../http/app-deps.ts';
import type { PaymentsConfig } from '../../../config.ts';
import {
  headerValue,
  NotificationRejectedError,
  ProviderUnavailableError,
  signPayload,
  verifySignedPayload,
  type PaymentProvider,
  type PaymentRef,
  type ProviderStatus,
  type RefundOutcome,
} from './provider.ts';

export const CARRIER_SIGNATURE_HEADER = 'carrier-signature';

/**
 * Carrier billing through a generic redirect-and-notify gateway (the shape Japanese carrier-billing
 * aggregators share):
 *
 * - start: no server call. The buyer is sent to `{CARRIER_BASE_URL}/pay` with merchant_id, order_id (the
 *   shop's payment_id), amount, currency, carrier (docomo | au | softbank), success_url, error_url,
 *   notify_url, ts and `sig` = hex HMAC-SHA256 (CARRIER_SECRET) of the other parameters sorted by name and
 *   joined as `k=v&…`.
 * - notification: POST to notify_url, JSON {event_id, order_id, status: paid | failed | canceled | pending,
 *   amount, carrier}, header `Carrier-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`.
 * - status: GET `{CARRIER_BASE_URL}/api/payments/{order_id}?merchant_id&ts&sig` → the same JSON, signed the
 *   same way in the answer's Carrier-Signature header.
 * - refund (a cancellation of the charge, whole or in part): POST `{CARRIER_BASE_URL}/api/refunds`, JSON
 *   {merchant_id, order_id, refund_id (the shop's idempotency key), amount, ts}, signed like a notification in
 *   its Carrier-Signature header → a signed JSON {refund_id, order_id, status: refunded | pending | failed,
 *   amount, reason?}. The same refund_id again answers the same refund.
 * - refund notification: the notification's JSON with `refund_id` and status refunded | refund_failed.
 */
export function createCarrierProvider(deps: {
  config: PaymentsConfig['carrier'];
  publicUrl: string;
  clock: Clock;
  toleranceSeconds: number;
}): PaymentProvider {
  const cfg = deps.config;
  const base = cfg.baseUrl.replace(/\/$/, '');
  const notifyUrl = `${deps.publicUrl.replace(/\/$/, '')}/api/payments/notify/carrier`;
  const unix = () => Math.floor(deps.clock.now().getTime() / 1000);

  function parseStatus(body: Record<string, unknown>): ProviderStatus {
    const amount = Number.isInteger(body.amount) ? (body.amount as number) : null;
    switch (body.status) {
      case 'paid':
        return { status: 'succeeded', amountYen: amount };
      case 'failed':
        return { status: 'failed', amountYen: null, failureCode: 'declined' };
      case 'canceled':
        return { status: 'canceled', amountYen: null };
      default:
        return { status: 'pending', amountYen: null };
    }
  }

  async function read(ref: PaymentRef): Promise<ProviderStatus> {
    const params = signedQuery(cfg.secret, { merchant_id: cfg.merchantId, ts: String(unix()) });
    let text: string;
    let signature: string | undefined;
    try {
      const res = await fetch(`${base}/api/payments/${encodeURIComponent(ref.paymentId)}?${params}`, {
        signal: AbortSignal.timeout(20_000),
      });
      if (res.status === 404) return { status: 'failed', amountYen: null, failureCode: 'other' };
      if (!res.ok) throw new Error(`carrier status ${res.status}`);
      text = await res.text();
      signature = res.headers.get(CARRIER_SIGNATURE_HEADER) ?? undefined;
    } catch (err) {
      throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
    }
    try {
      verifySignedPayload(cfg.secret, text, signature, deps.clock.now(), deps.toleranceSeconds);
      const body = JSON.parse(text) as Record<string, unknown>;
      if (body.order_id !== ref.paymentId) throw new Error('another order');
      return parseStatus(body);
    } catch (err) {
      throw new ProviderUnavailableError(`unverifiable carrier answer: ${String(err)}`);
    }
  }

  const refundStatus = (status: unknown): RefundOutcome['status'] =>
    status === 'refunded' ? 'succeeded' : status === 'pending' ? 'pending' : 'failed';

  async function refund(req: { payment: PaymentRef; refundKey: string; amountYen: number }) {
    const body = JSON.stringify({
      merchant_id: cfg.merchantId,
      order_id: req.payment.paymentId,
      refund_id: req.refundKey,
      amount: req.amountYen,
      ts: unix(),
    });
    let text: string;
    let signature: string | undefined;
    let httpStatus: number;
    try {
      const res = await fetch(`${base}/api/refunds`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CARRIER_SIGNATURE_HEADER]: signPayload(cfg.secret, body, unix()),
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      httpStatus = res.status;
      text = await res.text();
      signature = res.headers.get(CARRIER_SIGNATURE_HEADER) ?? undefined;
    } catch (err) {
      throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
    }
    if (httpStatus >= 500) throw new ProviderUnavailableError(`carrier refund ${httpStatus}`);
    let answer: Record<string, unknown>;
    try {
      verifySignedPayload(cfg.secret, text, signature, deps.clock.now(), deps.toleranceSeconds);
      answer = JSON.parse(text) as Record<string, unknown>;
      if (answer.refund_id !== req.refundKey) throw new Error('another refund');
    } catch (err) {
      if (httpStatus >= 400)
        return { status: 'failed' as const, ref: null, failureCode: `http_${httpStatus}` };
      throw new ProviderUnavailableError(`unverifiable carrier answer: ${String(err)}`);
    }
    const status = refundStatus(answer.status);
    const ref = typeof answer.refund_id === 'string' ? answer.refund_id : req.refundKey;
    return status === 'failed'
      ? { status, ref, failureCode: typeof answer.reason === 'string' ? answer.reason : 'refused' }
      : { status, ref };
  }

  return {
    name: 'carrier',
    refund,

    async start(req) {
      const query = signedQuery(cfg.secret, {
        merchant_id: cfg.merchantId,
        order_id: req.paymentId,
        amount: String(req.amountYen),
        currency: 'JPY',
        carrier: req.carrier ?? 'docomo',
        success_url: req.returnUrl,
        error_url: req.cancelUrl,
        notify_url: notifyUrl,
        ts: String(unix()),
      });
      return { kind: 'action', ref: req.paymentId, url: `${base}/pay?${query}`, threeDSecure: false };
    },

    confirm: read,
    status: read,

    async verifyNotification(input) {
      verifySignedPayload(
        cfg.secret,
        input.rawBody,
        headerValue(input.headers, CARRIER_SIGNATURE_HEADER),
        input.receivedAt,
        deps.toleranceSeconds,
      );
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(input.rawBody) as Record<string, unknown>;
      } catch {
        throw new NotificationRejectedError('unreadable body');
      }
      if (typeof body?.event_id !== 'string' || typeof body.order_id !== 'string')
        throw new NotificationRejectedError('unexpected body');
      if (typeof body.refund_id === 'string')
        return {
          eventId: body.event_id,
          type: `carrier.${String(body.status)}`,
          ref: body.order_id,
          paymentId: body.order_id,
          status: null,
          refund: {
            ref: body.refund_id,
            status: refundStatus(body.status),
            amountYen: Number.isInteger(body.amount) ? (body.amount as number) : null,
            refundKey: body.refund_id,
          },
        };
      return {
        eventId: body.event_id,
        type: `carrier.${String(body.status)}`,
        ref: body.order_id,
        paymentId: body.order_id,
        status: parseStatus(body),
      };
    },
  };
}

/** Parameters sorted by name, `k=v&…` (URL-encoded), plus `sig` = hex HMAC-SHA256 of that string. */
export function signedQuery(secret: string, params: Record<string, string>): string {
  const canonical = new URLSearchParams(
    Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)),
  ).toString();
  const sig = createHmac('sha256', secret).update(canonical).digest('hex');
  return `${canonical}&sig=${sig}`;
}
