import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  parseStripeForm,
  startFakeServer,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
} from './http.ts';

/**
 * A local fake of the few Stripe API endpoints the adapter uses, for the official SDK pointed at it
 * (STRIPE_API_BASE): PaymentIntents (card with test PaymentMethods, konbini, customer_balance JP bank
 * transfer), Customers and Checkout Sessions. Test helpers move objects on (3-D Secure, paying at the store,
 * funding the transfer, completing a session) and sign webhook events with the endpoint secret.
 *
 * Refunds (POST /v1/refunds on a succeeded PaymentIntent, never more than it received): `failNextRefund` makes the
 * next one come back failed; `dashboardRefund` is a refund made on Stripe's dashboard (no metadata).
 *
 * Test PaymentMethods: pm_card_visa (succeeds), pm_card_chargeDeclined (card_error), pm_card_chargeDeclinedExpiredCard
 * (card_error expired_card), pm_card_threeDSecure2Required (requires_action with a redirect). Checkout Sessions
 * keep what they were created with (mode, line items, URLs, metadata) for the tests to check.
 */
type Obj = Record<string, unknown> & { id: string };

export interface FakeStripe extends FakeServer {
  intents: Map<string, Obj>;
  sessions: Map<string, Obj>;
  customers: Map<string, Obj>;
  refunds: Map<string, Obj>;
  /** The next refund is created with status failed and this failure_reason. */
  failNextRefund: string | null;
  dashboardRefund(piId: string, amount?: number): Obj;
  /** While true every API call answers 500 (an outage). */
  down: boolean;
  /** While true a JP bank transfer's instructions carry no zengin account (only the hosted page). */
  noBankAccount: boolean;
  finish3ds(id: string, ok: boolean): Obj;
  payIntent(id: string): Obj;
  completeSession(id: string): Obj;
  /** A webhook delivery: the body and its Stripe-Signature header, signed at `at`. */
  event(type: string, object: Obj, at: Date, secret?: string): { payload: string; header: string };
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const unix = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(opts: { webhookSecret: string }): Promise<FakeStripe> {
  const intents = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const idempotent = new Map<string, FakeResponse>();
  const signer = new Stripe('sk_test_signer');
  let base = '';
  const state = { down: false, noBankAccount: false, failNextRefund: null as string | null };

  const error = (status: number, type: string, code: string, extra: object = {}): FakeResponse => ({
    status,
    body: { error: { type, code, message: code, ...extra } },
  });

  function createIntent(p: Record<string, unknown>): FakeResponse {
    const amount = Number(p.amount);
    const types = (p.allowed_payment_method_types as string[] | undefined) ?? [];
    const type = types[0] ?? (p.payment_method_data as { type?: string } | undefined)?.type ?? 'card';
    const pi: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: p.currency,
      status: 'requires_payment_method',
      metadata: p.metadata ?? {},
      customer: p.customer ?? null,
      next_action: null,
      last_payment_error: null,
      payment_method_types: [type],
      return_url: p.return_url ?? null,
      created: unix(),
    };
    if (type === 'card') {
      const pm = String(p.payment_method ?? '');
      if (pm === 'pm_card_visa') Object.assign(pi, { status: 'succeeded', amount_received: amount });
      else if (pm === 'pm_card_chargeDeclined') {
        Object.assign(pi, { last_payment_error: { code: 'card_declined' } });
        intents.set(pi.id, pi);
        return error(402, 'card_error', 'card_declined', {
          decline_code: 'generic_decline',
          payment_intent: pi,
        });
      } else if (pm === 'pm_card_chargeDeclinedExpiredCard') {
        Object.assign(pi, { last_payment_error: { code: 'expired_card' } });
        intents.set(pi.id, pi);
        return error(402, 'card_error', 'expired_card', { payment_intent: pi });
      } else if (pm === 'pm_card_threeDSecure2Required')
        Object.assign(pi, {
          status: 'requires_action',
          next_action: {
            type: 'redirect_to_url',
            redirect_to_url: { url: `${base}/3ds/${pi.id}`, return_url: p.return_url },
          },
        });
      else return error(400, 'invalid_request_error', 'resource_missing', { param: 'payment_method' });
    } else if (type === 'konbini') {
      Object.assign(pi, {
        status: 'requires_action',
        next_action: {
          type: 'konbini_display_details',
          konbini_display_details: {
            expires_at: unix() + 3 * 86400,
            hosted_voucher_url: `${base}/voucher/${pi.id}`,
            stores: {
              familymart: { confirmation_number: '12345678901', payment_code: '123456789012' },
              lawson: { confirmation_number: '12345678901', payment_code: '123456789012' },
              ministop: null,
              seicomart: null,
            },
          },
        },
      });
    } else if (type === 'customer_balance') {
      if (!p.customer || !customers.has(String(p.customer)))
        return error(400, 'invalid_request_error', 'resource_missing', { param: 'customer' });
      Object.assign(pi, {
        status: 'requires_action',
        next_action: {
          type: 'display_bank_transfer_instructions',
          display_bank_transfer_instructions: {
            amount_remaining: amount,
            currency: 'jpy',
            hosted_instructions_url: `${base}/instructions/${pi.id}`,
            reference: 'FAKE01',
            type: 'jp_bank_transfer',
            financial_addresses: state.noBankAccount
              ? []
              : [
                  {
                    type: 'zengin',
                    supported_networks: ['zengin'],
                    zengin: {
                      account_holder_name: 'ストライプジャパン（カ',
                      account_number: '1234567',
                      account_type: 'futsu',
                      bank_code: '0009',
                      bank_name: '三井住友銀行',
                      branch_code: '950',
                      branch_name: 'トウキョウ',
                      account_holder_address: {},
                      bank_address: {},
                    },
                  },
                ],
          },
        },
      });
    } else return error(400, 'invalid_request_error', 'payment_method_unsupported_type');
    intents.set(pi.id, pi);
    return { status: 200, body: pi };
  }

  function createSession(p: Record<string, unknown>): FakeResponse {
    const items =
      (p.line_items as { quantity: string; price_data: { unit_amount: string; currency: string } }[]) ?? [];
    const cs: Obj = {
      id: id('cs_test'),
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: items.reduce((s, i) => s + Number(i.quantity) * Number(i.price_data.unit_amount), 0),
      currency: items[0]?.price_data.currency ?? null,
      mode: p.mode ?? null,
      line_items: items,
      customer_email: p.customer_email ?? null,
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      payment_method_types: p.allowed_payment_method_types ?? [],
      success_url: p.success_url,
      cancel_url: p.cancel_url,
      payment_intent: null,
    };
    cs.url = `${base}/pay/${cs.id}`;
    sessions.set(cs.id, cs);
    return { status: 200, body: cs };
  }

  function createRefund(p: Record<string, unknown>): FakeResponse {
    const pi = intents.get(String(p.payment_intent ?? ''));
    if (!pi) return error(400, 'invalid_request_error', 'resource_missing', { param: 'payment_intent' });
    if (pi.status !== 'succeeded') return error(400, 'invalid_request_error', 'charge_not_refundable');
    const received = Number(pi.amount_received);
    const refunded = Number(pi.amount_refunded ?? 0);
    const amount = p.amount === undefined ? received - refunded : Number(p.amount);
    if (refunded >= received) return error(400, 'invalid_request_error', 'charge_already_refunded');
    if (amount > received - refunded) return error(400, 'invalid_request_error', 'amount_too_large');
    const failed = state.failNextRefund;
    state.failNextRefund = null;
    const re: Obj = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'jpy',
      payment_intent: pi.id,
      reason: p.reason ?? null,
      metadata: p.metadata ?? {},
      status: failed ? 'failed' : 'succeeded',
      failure_reason: failed,
      created: unix(),
    };
    if (!failed) pi.amount_refunded = refunded + amount;
    refunds.set(re.id, re);
    return { status: 200, body: re };
  }

  async function handle(req: FakeRequest): Promise<FakeResponse> {
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_'))
      return error(401, 'invalid_request_error', 'api_key_invalid');
    if (state.down) return error(500, 'api_error', 'internal');
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string' && idempotent.has(`${req.path}:${key}`))
      return idempotent.get(`${req.path}:${key}`)!;
    const p = parseStripeForm(req.body);
    let out: FakeResponse;
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && req.path === '/v1/payment_intents') out = createIntent(p);
    else if (req.method === 'POST' && req.path === '/v1/customers') {
      const c: Obj = {
        id: id('cus'),
        object: 'customer',
        email: p.email ?? null,
        name: p.name ?? null,
        metadata: p.metadata ?? {},
      };
      customers.set(c.id, c);
      out = { status: 200, body: c };
    } else if (req.method === 'POST' && req.path === '/v1/checkout/sessions') out = createSession(p);
    else if (req.method === 'POST' && req.path === '/v1/refunds') out = createRefund(p);
    else if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(req.path)) && req.method === 'GET') {
      const pi = intents.get(m[1]!);
      out = pi ? { status: 200, body: pi } : error(404, 'invalid_request_error', 'resource_missing');
    } else if ((m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(req.path)) && req.method === 'POST') {
      const pi = intents.get(m[1]!);
      if (pi) Object.assign(pi, { status: 'canceled', next_action: null });
      out = pi ? { status: 200, body: pi } : error(404, 'invalid_request_error', 'resource_missing');
    } else if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.path)) && req.method === 'GET') {
      const cs = sessions.get(m[1]!);
      out = cs ? { status: 200, body: cs } : error(404, 'invalid_request_error', 'resource_missing');
    } else if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.path)) && req.method === 'POST') {
      const cs = sessions.get(m[1]!);
      if (cs && cs.status === 'open') cs.status = 'expired';
      out = cs ? { status: 200, body: cs } : error(404, 'invalid_request_error', 'resource_missing');
    } else out = error(404, 'invalid_request_error', 'unrecognized_request_url');
    if (typeof key === 'string' && out.status < 500) idempotent.set(`${req.path}:${key}`, out);
    return out;
  }

  const server = await startFakeServer(handle);
  base = server.url;
  const need = <T>(v: T | undefined, what: string): T => {
    if (!v) throw new Error(`fake stripe: no ${what}`);
    return v;
  };

  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    intents,
    sessions,
    customers,
    refunds,
    get failNextRefund() {
      return state.failNextRefund;
    },
    set failNextRefund(v: string | null) {
      state.failNextRefund = v;
    },
    dashboardRefund(piId: string, amount?: number) {
      const out = createRefund({ payment_intent: piId, ...(amount ? { amount: String(amount) } : {}) });
      if (out.status !== 200) throw new Error(`fake stripe: refund refused ${JSON.stringify(out.body)}`);
      return out.body as Obj;
    },
    get down() {
      return state.down;
    },
    set down(v: boolean) {
      state.down = v;
    },
    get noBankAccount() {
      return state.noBankAccount;
    },
    set noBankAccount(v: boolean) {
      state.noBankAccount = v;
    },
    finish3ds(piId: string, ok: boolean) {
      const pi = need(intents.get(piId), piId);
      if (ok) Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, next_action: null });
      else
        Object.assign(pi, {
          status: 'requires_payment_method',
          next_action: null,
          last_payment_error: { code: 'payment_intent_authentication_failure' },
        });
      return pi;
    },
    payIntent(piId: string) {
      const pi = need(intents.get(piId), piId);
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, next_action: null });
      return pi;
    },
    completeSession(csId: string) {
      const cs = need(sessions.get(csId), csId);
      const pi = {
        id: id('pi'),
        object: 'payment_intent',
        amount: cs.amount_total,
        amount_received: cs.amount_total,
        status: 'succeeded',
        metadata: cs.metadata,
      };
      intents.set(pi.id, pi as Obj);
      Object.assign(cs, { status: 'complete', payment_status: 'paid', payment_intent: pi.id });
      return cs;
    },
    event(type: string, object: Obj, at: Date, secret = opts.webhookSecret) {
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type,
        created: Math.floor(at.getTime() / 1000),
        livemode: false,
        data: { object },
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(at.getTime() / 1000),
      });
      return { payload, header };
    },
  };
}
