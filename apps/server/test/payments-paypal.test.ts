import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from './helpers.ts';
import { createCourse, gemState, loggedIn } from './fakes/shop.ts';
import { startFakePaypal } from './fakes/paypal.ts';

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
