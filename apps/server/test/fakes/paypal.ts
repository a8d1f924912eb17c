import { createHmac, randomBytes } from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './http.ts';

/**
 * A local fake of the PayPal REST endpoints the adapter uses through @paypal/paypal-server-sdk: OAuth token,
 * Orders v2 (create, get, capture — idempotent by PayPal-Request-Id) and the webhook signature check
 * (POST /v1/notifications/verify-webhook-signature). Test helpers approve an order (the buyer at PayPal),
 * make the next capture decline, and sign webhook events as PayPal would. Refunds of a completed capture
 * (POST /v2/payments/captures/{id}/refund, idempotent by PayPal-Request-Id, never more than was captured);
 * `refuseNextRefund` answers the next one 422 with that issue; `dashboardRefund` is one made on PayPal's site.
 */
type Order = {
  id: string;
  status: string;
  intent: string;
  purchase_units: Record<string, unknown>[];
  links: { href: string; rel: string; method: string }[];
};

export interface FakePaypal extends FakeServer {
  orders: Map<string, Order>;
  captures: number;
  declineNextCapture: boolean;
  refunds: Map<string, Record<string, unknown>>;
  refuseNextRefund: string | null;
  /** A refund made on PayPal's site (its resource, for a webhook). */
  dashboardRefund(orderId: string, amount: number): Record<string, unknown>;
  approve(orderId: string): void;
  /** Webhook headers + body for an event, signed at `at` (a wrong `key` makes PayPal's check fail). */
  event(
    type: string,
    resource: Record<string, unknown>,
    at: Date,
    key?: string,
  ): { payload: string; headers: Record<string, string> };
}

export async function startFakePaypal(opts: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}): Promise<FakePaypal> {
  const orders = new Map<string, Order>();
  const byRequestId = new Map<string, FakeResponse>();
  const tokens = new Set<string>();
  const signingKey = randomBytes(16).toString('hex');
  const state = { captures: 0, declineNextCapture: false, refuseNextRefund: null as string | null };
  const refunds = new Map<string, Record<string, unknown>>();

  function captureById(captureId: string) {
    for (const o of orders.values())
      for (const u of o.purchase_units) {
        const c = ((u.payments as { captures?: Record<string, unknown>[] } | undefined)?.captures ?? []).find(
          (x) => x.id === captureId,
        );
        if (c) return c;
      }
    return undefined;
  }

  function refundCapture(captureId: string, body: { amount?: { value?: string }; custom_id?: string }) {
    const c = captureById(captureId);
    if (!c) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
    if (state.refuseNextRefund) {
      const issue = state.refuseNextRefund;
      state.refuseNextRefund = null;
      return unprocessable(issue);
    }
    const captured = Number((c.amount as { value: string }).value);
    const refunded = Number(c.refunded ?? 0);
    const amount = body.amount?.value ? Number(body.amount.value) : captured - refunded;
    if (c.status === 'REFUNDED' || amount > captured - refunded)
      return unprocessable('REFUND_AMOUNT_EXCEEDED');
    c.refunded = refunded + amount;
    c.status = c.refunded === captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const refund = {
      id: randomBytes(8).toString('hex').toUpperCase(),
      status: 'COMPLETED',
      amount: { currency_code: 'JPY', value: String(amount) },
      ...(body.custom_id ? { custom_id: body.custom_id } : {}),
      links: [{ href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }],
    };
    refunds.set(refund.id, refund);
    return { status: 201, body: refund };
  }
  let base = '';

  const sign = (key: string, id: string, time: string, webhookId: string, body: string) =>
    createHmac('sha256', key).update(`${id}|${time}|${webhookId}|${body}`).digest('base64');

  const unprocessable = (issue: string): FakeResponse => ({
    status: 422,
    body: { name: 'UNPROCESSABLE_ENTITY', message: issue, details: [{ issue }] },
  });

  function handle(req: FakeRequest): FakeResponse {
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== basic) return { status: 401, body: { error: 'invalid_client' } };
      const token = `A21_${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      return {
        status: 200,
        body: { access_token: token, token_type: 'Bearer', expires_in: 32400, scope: 'openid' },
      };
    }
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };

    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
      const v = JSON.parse(req.body) as {
        transmission_id: string;
        transmission_time: string;
        transmission_sig: string;
        webhook_id: string;
        webhook_event: unknown;
      };
      const expected = sign(
        signingKey,
        v.transmission_id,
        v.transmission_time,
        v.webhook_id,
        JSON.stringify(v.webhook_event),
      );
      const ok = v.webhook_id === opts.webhookId && v.transmission_sig === expected;
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    const requestId = req.headers['paypal-request-id'];
    if (typeof requestId === 'string' && byRequestId.has(`${req.path}:${requestId}`))
      return byRequestId.get(`${req.path}:${requestId}`)!;
    let out: FakeResponse;
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      const b = JSON.parse(req.body) as { intent: string; purchase_units: Record<string, unknown>[] };
      const id = randomBytes(8).toString('hex').toUpperCase();
      const order: Order = {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        intent: b.intent,
        purchase_units: b.purchase_units,
        links: [
          { href: `${base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
          { href: `${base}/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
        ],
      };
      orders.set(id, order);
      out = { status: 201, body: order };
    } else if ((m = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(req.path)) && req.method === 'GET') {
      const o = orders.get(m[1]!);
      out = o ? { status: 200, body: o } : { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
    } else if ((m = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.path)) && req.method === 'POST') {
      const o = orders.get(m[1]!);
      if (!o) out = { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      else if (o.status === 'COMPLETED') out = unprocessable('ORDER_ALREADY_CAPTURED');
      else if (o.status !== 'APPROVED') out = unprocessable('ORDER_NOT_APPROVED');
      else {
        state.captures++;
        const declined = state.declineNextCapture;
        state.declineNextCapture = false;
        const unit = o.purchase_units[0]!;
        unit.payments = {
          captures: [
            {
              id: randomBytes(8).toString('hex').toUpperCase(),
              status: declined ? 'DECLINED' : 'COMPLETED',
              amount: unit.amount,
              custom_id: unit.custom_id,
            },
          ],
        };
        o.status = declined ? 'APPROVED' : 'COMPLETED';
        out = { status: 201, body: o };
      }
    } else if ((m = /^\/v2\/payments\/captures\/([^/]+)$/.exec(req.path)) && req.method === 'GET') {
      const c = captureById(m[1]!);
      out = c ? { status: 200, body: c } : { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
    } else if ((m = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.path)) && req.method === 'POST') {
      out = refundCapture(m[1]!, JSON.parse(req.body || '{}'));
    } else out = { status: 404, body: { name: 'NOT_FOUND' } };
    if (typeof requestId === 'string' && out.status < 500) byRequestId.set(`${req.path}:${requestId}`, out);
    return out;
  }

  const server = await startFakeServer(handle);
  base = server.url;
  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    orders,
    get captures() {
      return state.captures;
    },
    get declineNextCapture() {
      return state.declineNextCapture;
    },
    set declineNextCapture(v: boolean) {
      state.declineNextCapture = v;
    },
    refunds,
    get refuseNextRefund() {
      return state.refuseNextRefund;
    },
    set refuseNextRefund(v: string | null) {
      state.refuseNextRefund = v;
    },
    dashboardRefund(orderId: string, amount: number) {
      const o = orders.get(orderId);
      const capture = (o?.purchase_units[0]?.payments as { captures?: { id: string }[] } | undefined)
        ?.captures?.[0];
      if (!capture) throw new Error(`fake paypal: no capture of ${orderId}`);
      const out = refundCapture(capture.id, { amount: { value: String(amount) } }); // no custom_id: made on the site
      if (out.status !== 201) throw new Error(`fake paypal: refund refused ${JSON.stringify(out.body)}`);
      return out.body as Record<string, unknown>;
    },
    approve(orderId: string) {
      const o = orders.get(orderId);
      if (!o) throw new Error(`fake paypal: no order ${orderId}`);
      o.status = 'APPROVED';
    },
    event(type, resource, at, key = signingKey) {
      const event = {
        id: `WH-${randomBytes(8).toString('hex')}`,
        event_type: type,
        resource_type: 'checkout-order',
        resource,
      };
      const payload = JSON.stringify(event);
      const id = randomBytes(8).toString('hex');
      const time = at.toISOString();
      return {
        payload,
        headers: {
          'paypal-transmission-id': id,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': sign(key, id, time, opts.webhookId, payload),
          'paypal-cert-url': `${base}/certs/fake.pem`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
      };
    },
  };
}
