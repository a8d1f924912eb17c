import { afterAll, describe, expect, it } from 'vitest';
import { signPayload } from '../src/modules/payments/providers/provider.ts';
import { createTestApp, testConfig, TestClock } from './helpers.ts';
import { createCourse, gemState, loggedIn } from './fakes/shop.ts';
import { startFakeCarrier } from './fakes/carrier.ts';
import { staffClient } from './staff-factories.ts';

/**
 * Carrier billing (payment ids 6 docomo, 7 au, 8 SoftBank) through the generic redirect-and-notify adapter,
 * against a local fake gateway: signed redirect, signed notification, signed status API.
 */
const clock = new TestClock();
const cfg = { merchantId: 'M-123', secret: 'carrier-secret-carrier-secret-01' };
const fake = await startFakeCarrier({ ...cfg, now: () => clock.now() });
afterAll(() => fake.close());
const base = testConfig().payments;
const t = await createTestApp({
  payments: {
    ...base,
    methods: { ...base.methods, carrier: 'carrier' },
    carrier: { baseUrl: fake.url, ...cfg },
  },
});
t.clock.current = clock.current;
const course = await createCourse(t.db, { point: 1000 });

const deliver = async (path: string, body: string, signature: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'carrier-signature': signature },
      payload: body,
    })
  ).statusCode;

/** The buyer's browser opening the gateway's page. */
const open = (url: string) => fetch(url).then((r) => r.status);

describe('carrier billing', () => {
  for (const [pay_id, carrier] of [
    [6, 'docomo'],
    [7, 'au'],
    [8, 'softbank'],
  ] as const) {
    it(`pay_id ${pay_id}: redirect to the gateway (${carrier}), paid → notified → /complete-carrier, credited once`, async () => {
      const { member, client } = await loggedIn(t);
      const res = await client.post('/user/point/buy', { pay_id, pointPriceId: course });
      expect(res.body.result).toBe('3');
      const url = new URL(res.body.url);
      expect(url.origin).toBe(fake.url);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        merchant_id: 'M-123',
        order_id: res.body.payment_id,
        amount: '1000',
        carrier,
        success_url: `http://localhost:3000/complete-carrier?payment_id=${res.body.payment_id}`,
        error_url: `http://localhost:3000/error-carrier?payment_id=${res.body.payment_id}`,
        notify_url: 'http://localhost:3000/api/payments/notify/carrier',
      });
      expect(await open(res.body.url)).toBe(200);
      const paid = await fake.pay(res.body.payment_id, true, deliver, t.clock.now());
      expect(paid).toEqual({
        redirect: `http://localhost:3000/complete-carrier?payment_id=${res.body.payment_id}`,
        notified: 200,
      });
      expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
      expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
        balance: 1000,
        credits: 1,
        ledgerRows: 1,
      });
    });
  }

  it('the redirect cannot be changed in the browser: a tampered amount fails the gateway signature check', async () => {
    const { client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 6, pointPriceId: course });
    expect(await open(res.body.url.replace('amount=1000', 'amount=1'))).toBe(400);
  });

  it('declined at the carrier: /error-carrier, the payment fails with the carrier message', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 7, pointPriceId: course });
    await open(res.body.url);
    const failed = await fake.pay(res.body.payment_id, false, deliver, t.clock.now());
    expect(failed.redirect).toBe(`http://localhost:3000/error-carrier?payment_id=${res.body.payment_id}`);
    const append = await client.post('/user/point/append', { token: res.body.payment_id });
    expect(append.body).toMatchObject({
      result: '0',
      status: 'failed',
      message: 'Carrier billing failed. Please use other payment methods.',
    });
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);
  });

  it('the notification lost: the return asks the signed status API and credits once', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 8, pointPriceId: course });
    await open(res.body.url);
    await fake.pay(res.body.payment_id, true, null, t.clock.now());
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post('/user/point/append', { token: res.body.payment_id })),
    );
    expect(answers.map((a) => a.body.result)).toEqual(['1', '1', '1']);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ balance: 1000, credits: 1 });
  });

  it('a notification with a wrong or stale signature is refused', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 6, pointPriceId: course });
    await open(res.body.url);
    const body = JSON.stringify({
      event_id: 'ce_forged',
      order_id: res.body.payment_id,
      status: 'paid',
      amount: 1000,
      carrier: 'docomo',
    });
    const ts = Math.floor(t.clock.now().getTime() / 1000);
    expect(
      await deliver(
        '/api/payments/notify/carrier',
        body,
        signPayload('not-the-secret-not-the-secret', body, ts),
      ),
    ).toBe(400);
    expect(
      await deliver('/api/payments/notify/carrier', body, signPayload(cfg.secret, body, ts - 3600)),
    ).toBe(400);
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);
    expect(await deliver('/api/payments/notify/carrier', body, signPayload(cfg.secret, body, ts))).toBe(200);
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(1);
  });
});

describe('carrier billing refunds', () => {
  async function paid() {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 6, pointPriceId: course });
    expect(await open(res.body.url)).toBe(200);
    await fake.pay(res.body.payment_id, true, deliver, t.clock.now());
    const pay = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('public_id', '=', res.body.payment_id)
      .executeTakeFirstOrThrow();
    expect(pay.status).toBe('succeeded');
    return { member, pay };
  }
  const refund = async (id: number) =>
    (await staffClient(t, 'operator')).post(`/admin/payments/${id}/refund`, {
      reason_kind: 'company_fault',
      reason: 'billed twice',
    });
  const refundLedger = (userId: number) =>
    t.db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', 'refund')
      .execute();

  it('a signed refund call with the shop’s refund id; replays and its notification change nothing', async () => {
    const { member, pay } = await paid();
    const res = await refund(pay.id);
    const key = `${pay.public_id}-refund-1`;
    expect(res.body).toMatchObject({
      changed: true,
      refund: { status: 'succeeded', amount_yen: 1000, provider: 'carrier', provider_refund_ref: key },
    });
    expect(fake.refunds.get(key)).toEqual({
      refund_id: key,
      order_id: pay.public_id,
      amount: 1000,
      status: 'refunded',
    });
    expect((await refund(pay.id)).body.changed).toBe(false);
    const body = JSON.stringify({
      event_id: `ce_news_${pay.id}`,
      order_id: pay.public_id,
      refund_id: key,
      status: 'refunded',
      amount: 1000,
      carrier: 'docomo',
    });
    const sig = signPayload(cfg.secret, body, Math.floor(t.clock.now().getTime() / 1000));
    expect(await deliver('/api/payments/notify/carrier', body, sig)).toBe(200);
    expect(await refundLedger(member.id)).toHaveLength(1);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ balance: 0, credits: 1 });
    expect([...fake.refunds.values()].filter((r) => r.order_id === pay.public_id)).toHaveLength(1);
  });

  it('the carrier refusing (a past month cannot be cancelled) fails it; the next attempt has a new refund id', async () => {
    const { pay } = await paid();
    fake.refuseNextRefund = 'period_over';
    expect((await refund(pay.id)).body.refund).toMatchObject({
      status: 'failed',
      failure_code: 'period_over',
    });
    expect((await refund(pay.id)).body.refund).toMatchObject({
      status: 'succeeded',
      attempt: 2,
      provider_refund_ref: `${pay.public_id}-refund-2`,
    });
  });

  it("a refund made at the carrier: its notification makes the payment's refund once", async () => {
    const { member, pay } = await paid();
    for (let i = 0; i < 2; i++)
      expect(await fake.notifyRefund(pay.public_id, 1000, deliver, t.clock.now())).toBe(200);
    const d = await (await staffClient(t, 'viewer')).get(`/admin/payments/${pay.id}`);
    expect(d.body.refund).toMatchObject({ reason_kind: 'provider', amount_yen: 1000, status: 'succeeded' });
    expect(await refundLedger(member.id)).toHaveLength(1);
  });
});
