import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { signPayload, verifySignedPayload } from '../../src/modules/payments/providers/provider.ts';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './http.ts';

/**
 * A local fake of a carrier-billing gateway speaking the generic redirect-and-notify protocol of
 * providers/carrier.ts: the signed /pay redirect (the buyer's page), signed notifications, and the signed
 * status API. `pay()` plays the buyer choosing at the carrier: it sends the notification (unless told not
 * to) and returns where the buyer is redirected. Refunds: the signed POST /api/refunds (idempotent by refund_id,
 * never more than was paid; `refuseNextRefund` answers the next one failed with that reason), and
 * `notifyRefund()`, the gateway's signed refund notification (a refund made on its side).
 */
interface Order {
  order_id: string;
  amount: number;
  carrier: string;
  success_url: string;
  error_url: string;
  notify_url: string;
  status: 'pending' | 'paid' | 'failed';
  refunded?: number;
}

export interface FakeCarrier extends FakeServer {
  orders: Map<string, Order>;
  refunds: Map<
    string,
    { refund_id: string; order_id: string; status: string; amount: number; reason?: string }
  >;
  refuseNextRefund: string | null;
  notifyRefund(
    orderId: string,
    amount: number,
    deliver: (path: string, body: string, signature: string) => Promise<number>,
    at: Date,
  ): Promise<number>;
  pay(
    orderId: string,
    ok: boolean,
    deliver: ((path: string, body: string, signature: string) => Promise<number>) | null,
    at: Date,
  ): Promise<{ redirect: string; notified: number | null }>;
}

function checkSig(secret: string, query: URLSearchParams): boolean {
  const sig = query.get('sig') ?? '';
  const params = [...query].filter(([k]) => k !== 'sig').sort(([a], [b]) => (a < b ? -1 : 1));
  const expected = createHmac('sha256', secret).update(new URLSearchParams(params).toString()).digest('hex');
  return sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
}

export async function startFakeCarrier(opts: {
  merchantId: string;
  secret: string;
  now: () => Date;
}): Promise<FakeCarrier> {
  const orders = new Map<string, Order>();
  const signedJson = (body: object): FakeResponse => {
    const text = JSON.stringify(body);
    return {
      status: 200,
      body: text,
      headers: {
        'content-type': 'application/json',
        'carrier-signature': signPayload(opts.secret, text, Math.floor(opts.now().getTime() / 1000)),
      },
    };
  };

  const refunds: FakeCarrier['refunds'] = new Map();
  const state = { refuseNextRefund: null as string | null };

  function refund(req: FakeRequest): FakeResponse {
    try {
      verifySignedPayload(opts.secret, req.body, req.headers['carrier-signature'], opts.now(), 300);
    } catch {
      return { status: 401, body: { error: 'bad signature' } };
    }
    const b = JSON.parse(req.body) as {
      merchant_id: string;
      order_id: string;
      refund_id: string;
      amount: number;
    };
    if (b.merchant_id !== opts.merchantId) return { status: 401, body: { error: 'unknown merchant' } };
    const done = refunds.get(b.refund_id);
    if (done) return signedJson(done);
    const o = orders.get(b.order_id);
    if (!o || o.status !== 'paid') return signedJson({ ...b, status: 'failed', reason: 'not_paid' });
    const reason = state.refuseNextRefund;
    state.refuseNextRefund = null;
    const refunded = o.refunded ?? 0;
    const answer = {
      refund_id: b.refund_id,
      order_id: b.order_id,
      amount: b.amount,
      ...(reason
        ? { status: 'failed', reason }
        : b.amount > o.amount - refunded
          ? { status: 'failed', reason: 'amount_exceeds' }
          : { status: 'refunded' }),
    };
    if (answer.status === 'refunded') o.refunded = refunded + b.amount;
    refunds.set(b.refund_id, answer);
    return signedJson(answer);
  }

  function handle(req: FakeRequest): FakeResponse {
    if (req.method === 'GET' && req.path === '/pay') {
      const q = req.query;
      if (!checkSig(opts.secret, q) || q.get('merchant_id') !== opts.merchantId)
        return { status: 400, body: '<h1>Invalid request signature</h1>' };
      const order: Order = {
        order_id: q.get('order_id')!,
        amount: Number(q.get('amount')),
        carrier: q.get('carrier')!,
        success_url: q.get('success_url')!,
        error_url: q.get('error_url')!,
        notify_url: q.get('notify_url')!,
        status: orders.get(q.get('order_id')!)?.status ?? 'pending',
      };
      orders.set(order.order_id, order);
      return { status: 200, body: `<h1>${order.carrier} billing: ¥${order.amount}</h1>` };
    }
    if (req.method === 'POST' && req.path === '/api/refunds') return refund(req);
    const m = /^\/api\/payments\/([^/]+)$/.exec(req.path);
    if (m && req.method === 'GET') {
      if (!checkSig(opts.secret, req.query)) return { status: 401, body: { error: 'bad signature' } };
      const o = orders.get(decodeURIComponent(m[1]!));
      if (!o) return { status: 404, body: { error: 'not found' } };
      return signedJson({ order_id: o.order_id, status: o.status, amount: o.amount, carrier: o.carrier });
    }
    return { status: 404, body: { error: 'not found' } };
  }

  const server = await startFakeServer(handle);
  return {
    ...server,
    orders,
    refunds,
    get refuseNextRefund() {
      return state.refuseNextRefund;
    },
    set refuseNextRefund(v: string | null) {
      state.refuseNextRefund = v;
    },
    async notifyRefund(orderId, amount, deliver, at) {
      const o = orders.get(orderId);
      if (!o) throw new Error(`fake carrier: no order ${orderId}`);
      const refundId = `cr_${randomBytes(8).toString('hex')}`;
      o.refunded = (o.refunded ?? 0) + amount;
      refunds.set(refundId, { refund_id: refundId, order_id: orderId, status: 'refunded', amount });
      const body = JSON.stringify({
        event_id: `ce_${randomBytes(8).toString('hex')}`,
        order_id: orderId,
        refund_id: refundId,
        status: 'refunded',
        amount,
        carrier: o.carrier,
      });
      return deliver(
        new URL(o.notify_url).pathname,
        body,
        signPayload(opts.secret, body, Math.floor(at.getTime() / 1000)),
      );
    },
    async pay(orderId, ok, deliver, at) {
      const o = orders.get(orderId);
      if (!o) throw new Error(`fake carrier: no order ${orderId}`);
      o.status = ok ? 'paid' : 'failed';
      let notified: number | null = null;
      if (deliver) {
        const body = JSON.stringify({
          event_id: `ce_${randomBytes(8).toString('hex')}`,
          order_id: o.order_id,
          status: o.status,
          amount: o.amount,
          carrier: o.carrier,
        });
        notified = await deliver(
          new URL(o.notify_url).pathname,
          body,
          signPayload(opts.secret, body, Math.floor(at.getTime() / 1000)),
        );
      }
      return { redirect: ok ? o.success_url : o.error_url, notified };
    },
  };
}
