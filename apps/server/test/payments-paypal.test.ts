import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from './helpers.ts';
import { createCourse, gemState, loggedIn } from './fakes/shop.ts';
import { startFakePaypal } from './fakes/paypal.ts';
import { staffClient } from './staff-factories.ts';

/**
 * The PayPal adapter through @paypal/paypal-server-sdk against a local fake of PayPal's API: create order →
 * approve → capture on return or on the webhook (one capture, one credit), webhook verification.
 */
const creds = { clientId: 'fake-client', clientSecret: 'fake-secret', webhookId: 'WH-FAKE-1' };
const fake = await startFakePaypal(creds);
afterAll(() => fake.close());
const base = testConfig().payments;
const t = await createTestApp({
  payments: {
    ...base,
    methods: { ...base.methods, paypal: 'paypal' },
    paypal: {
      clientId: creds.clientId,
      clientSecret: creds.clientSecret,
      baseUrl: fake.url,
      webhookId: creds.webhookId,
    },
  },
});
const course = await createCourse(t.db, { point: 3000 });

const orderOf = async (publicId: string) =>
  await t.db
    .selectFrom('payments')
    .select(['provider_ref', 'provider', 'status'])
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();

async function webhook(type: string, resource: Record<string, unknown>, at = t.clock.now(), key?: string) {
  const { payload, headers } = fake.event(type, resource, at, key);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/notify/paypal',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
}

describe('PayPal', () => {
  it('create order → approve → return: captured once, credited once', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 3, pointPriceId: course });
    expect(res.body).toMatchObject({ state: 200, result: '3' });
    const { provider_ref: orderId, provider } = await orderOf(res.body.payment_id);
    expect(provider).toBe('paypal');
    expect(res.body.url).toBe(`${fake.url}/checkoutnow?token=${orderId}`);
    const order = fake.orders.get(orderId!)!;
    expect(order.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'JPY', value: '3000' },
      custom_id: res.body.payment_id,
    });

    // back without approving: still pending, nothing captured
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('2');
    fake.approve(orderId!);
    const capturesBefore = fake.captures;
    const answers = await Promise.all([
      client.post('/user/point/append', { token: res.body.payment_id }),
      client.post('/user/point/append', { token: res.body.payment_id }),
    ]);
    expect(answers.map((a) => a.body.result).sort()).toContain('1');
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
    expect(fake.captures).toBe(capturesBefore + 1);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
      balance: 3000,
      credits: 1,
      ledgerRows: 1,
    });
  });

  it('the webhook alone (CHECKOUT.ORDER.APPROVED) captures and credits; replays change nothing', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 3, pointPriceId: course });
    const { provider_ref: orderId } = await orderOf(res.body.payment_id);
    fake.approve(orderId!);
    const resource = {
      id: orderId,
      status: 'APPROVED',
      purchase_units: [{ custom_id: res.body.payment_id }],
    };
    for (let i = 0; i < 5; i++)
      expect((await webhook('CHECKOUT.ORDER.APPROVED', resource)).statusCode).toBe(200);
    expect(
      (
        await webhook('PAYMENT.CAPTURE.COMPLETED', {
          id: 'CAP1',
          custom_id: res.body.payment_id,
          supplementary_data: { related_ids: { order_id: orderId } },
        })
      ).statusCode,
    ).toBe(200);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ balance: 3000, credits: 1 });
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
  });

  it('a declined capture fails the payment with the PayPal message', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 3, pointPriceId: course });
    const { provider_ref: orderId } = await orderOf(res.body.payment_id);
    fake.approve(orderId!);
    fake.declineNextCapture = true;
    const append = await client.post('/user/point/append', { token: res.body.payment_id });
    expect(append.body).toMatchObject({
      result: '0',
      status: 'failed',
      message: 'PayPal payment failed. Please use other payment methods.',
    });
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);
  });

  it('an unverified or stale webhook is refused and captures nothing', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 3, pointPriceId: course });
    const { provider_ref: orderId } = await orderOf(res.body.payment_id);
    fake.approve(orderId!);
    const resource = { id: orderId, status: 'APPROVED' };
    const captures = fake.captures;
    expect(
      (await webhook('CHECKOUT.ORDER.APPROVED', resource, t.clock.now(), 'not-paypals-key')).statusCode,
    ).toBe(400);
    expect(
      (await webhook('CHECKOUT.ORDER.APPROVED', resource, new Date(t.clock.now().getTime() - 10 * 60_000)))
        .statusCode,
    ).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/paypal',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(missing.statusCode).toBe(400);
    expect(fake.captures).toBe(captures);
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);
  });
});

describe('PayPal refunds', () => {
  async function captured() {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 3, pointPriceId: course });
    const { provider_ref: orderId } = await orderOf(res.body.payment_id);
    fake.approve(orderId!);
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
    const pay = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('public_id', '=', res.body.payment_id)
      .executeTakeFirstOrThrow();
    return { member, pay, orderId: orderId! };
  }
  const refund = async (id: number) =>
    (await staffClient(t, 'owner')).post(`/admin/payments/${id}/refund`, {
      reason_kind: 'company_fault',
      reason: 'sold by mistake',
    });
  const refundCalls = () =>
    fake.requests.filter((r) => /^\/v2\/payments\/captures\/.+\/refund$/.test(r.path));
  const refundLedger = (userId: number) =>
    t.db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', 'refund')
      .execute();

  it("refunds the order's capture once (PayPal-Request-Id); its webhook and a replay change nothing", async () => {
    const { member, pay, orderId } = await captured();
    const calls = refundCalls().length;
    const res = await refund(pay.id);
    expect(res.body).toMatchObject({
      changed: true,
      refund: { status: 'succeeded', amount_yen: 3000, gems_reclaimed: 3000, provider: 'paypal' },
    });
    const sent = refundCalls().slice(calls);
    expect(sent).toHaveLength(1);
    const capture = (fake.orders.get(orderId)!.purchase_units[0]!.payments as { captures: { id: string }[] })
      .captures[0]!;
    expect(sent[0]!.path).toBe(`/v2/payments/captures/${capture.id}/refund`);
    expect(sent[0]!.headers['paypal-request-id']).toBe(`refund-${pay.public_id}-refund-1`);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      amount: { currency_code: 'JPY', value: '3000' },
      custom_id: pay.public_id,
      note_to_payer: 'sold by mistake',
    });
    const resource = fake.refunds.get(res.body.refund.provider_refund_ref)!;
    for (let i = 0; i < 3; i++)
      expect((await webhook('PAYMENT.CAPTURE.REFUNDED', resource)).statusCode).toBe(200);
    expect((await refund(pay.id)).body).toMatchObject({ changed: false, refund: { status: 'succeeded' } });
    expect(refundCalls().length).toBe(calls + 1);
    expect(await refundLedger(member.id)).toHaveLength(1);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ balance: 0, credits: 1 });
  });

  it('a refund PayPal refuses (422) is failed with its issue; the next attempt uses a new request id', async () => {
    const { pay } = await captured();
    fake.refuseNextRefund = 'TRANSACTION_REFUSED';
    expect((await refund(pay.id)).body.refund).toMatchObject({
      status: 'failed',
      failure_code: 'TRANSACTION_REFUSED',
    });
    expect((await refund(pay.id)).body.refund).toMatchObject({ status: 'succeeded', attempt: 2 });
    expect(refundCalls().at(-1)!.headers['paypal-request-id']).toBe(`refund-${pay.public_id}-refund-2`);
  });

  it("a refund made on PayPal's site: PAYMENT.CAPTURE.REFUNDED makes the payment's refund once", async () => {
    const { member, pay, orderId } = await captured();
    const resource = fake.dashboardRefund(orderId, 3000);
    for (let i = 0; i < 2; i++)
      expect((await webhook('PAYMENT.CAPTURE.REFUNDED', resource)).statusCode).toBe(200);
    const d = await (await staffClient(t, 'viewer')).get(`/admin/payments/${pay.id}`);
    expect(d.body.refund).toMatchObject({ reason_kind: 'provider', amount_yen: 3000, status: 'succeeded' });
    expect(await refundLedger(member.id)).toHaveLength(1);
    expect((await refund(pay.id)).body.changed).toBe(false);
  });
});
