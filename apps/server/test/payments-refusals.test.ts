import { describe, expect, it } from 'vitest';
import { signPayload } from '../src/modules/payments/providers/provider.ts';
import { createTestApp } from './helpers.ts';
import { cardToken, createCourse, gemState, loggedIn, notifySandbox, paymentCounts } from './fakes/shop.ts';

/**
 * The amount always comes from the server's price row. A tampered price, a course outside 300–50,000,
 * another member's payment id, a bad or stale notification signature: refused, nothing credited.
 */
const t = await createTestApp();
const course = await createCourse(t.db, { point: 1000, price: 1000 });

async function sandboxPaymentOf(publicId: string) {
  return t.db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('merchant_reference', '=', publicId)
    .executeTakeFirstOrThrow();
}

function body(
  sbp: { id: string; merchant_reference: string; amount: number },
  over: Record<string, unknown> = {},
) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    type: 'payment.succeeded',
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      id: sbp.id,
      merchant_reference: sbp.merchant_reference,
      method: 'combini',
      amount: sbp.amount,
      currency: 'JPY',
      status: 'succeeded',
      failure_code: null,
      ...over,
    },
  });
}

describe('the price comes from the server', () => {
  it('a price, amount or gems field in the payload is refused (400) and nothing is written', async () => {
    const { client } = await loggedIn(t);
    const token = await cardToken(t);
    const before = await paymentCounts(t.db);
    for (const extra of [
      { price: 1 },
      { amount: 1 },
      { point: 50_000 },
      { gems: 50_000 },
      { amount_yen: 1 },
    ]) {
      const res = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course, token, ...extra });
      expect(res.body.state, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(extra));
    }
    expect(await paymentCounts(t.db)).toEqual(before);
  });

  it('the charge is the course price at the time of the purchase, whatever the page showed', async () => {
    const { member, client } = await loggedIn(t);
    const id = await createCourse(t.db, { point: 2000, price: 2000 });
    expect((await client.get(`/user/point_price/detail/${id}`)).body.detail.price).toBe(2000);
    await t.db.updateTable('point_prices').set({ price: 2200 }).where('id', '=', id).execute();
    const buy = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: id });
    const pay = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('public_id', '=', buy.body.payment_id)
      .executeTakeFirstOrThrow();
    expect(pay).toMatchObject({ amount_yen: 2200, gems: 2000 });
    expect((await sandboxPaymentOf(buy.body.payment_id)).amount).toBe(2200);
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);
  });

  it('a notification reporting another amount than the intent is not credited', async () => {
    const { member, client } = await loggedIn(t);
    const buy = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    const sbp = await sandboxPaymentOf(buy.body.payment_id);
    for (const amount of [1, 999, 1001, 100_000]) {
      const res = await notifySandbox(t, body(sbp, { amount }));
      expect(res.statusCode).toBe(200); // received; the provider need not retry
    }
    const pay = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('public_id', '=', buy.body.payment_id)
      .executeTakeFirstOrThrow();
    expect(pay).toMatchObject({ status: 'pending', failure_code: 'amount_mismatch' });
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
      balance: 0,
      credits: 0,
      ledgerRows: 0,
    });
    // the right amount afterwards still credits (once)
    expect((await notifySandbox(t, body(sbp))).statusCode).toBe(200);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ balance: 1000, credits: 1 });
  });
});

describe('courses outside 300–50,000 gems', () => {
  it('are not listed, have no detail, and cannot be bought (nothing written)', async () => {
    const { client } = await loggedIn(t);
    const token = await cardToken(t);
    const outside = [
      await createCourse(t.db, { point: 299 }),
      await createCourse(t.db, { point: 50_001 }),
      await createCourse(t.db, { point: 100, price: 100 }),
      await createCourse(t.db, { point: 1_000_000, price: 1000 }),
    ];
    const listed = (await client.get('/user/point_price/1')).body.list.map((c: { id: number }) => c.id);
    const before = await paymentCounts(t.db);
    for (const id of outside) {
      expect(listed).not.toContain(id);
      expect((await client.get(`/user/point_price/detail/${id}`)).body.state).toBe(404);
      const res = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: id, token });
      expect(res.body.state).toBe(400);
      expect(res.body.errors.pointPriceId[0]).toBe('Gems per purchase must be between 300 and 50,000.');
    }
    expect(await paymentCounts(t.db)).toEqual(before);
  });

  it('the limits themselves are allowed', async () => {
    const { client } = await loggedIn(t);
    for (const point of [300, 50_000]) {
      const id = await createCourse(t.db, { point });
      const res = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: id });
      expect(res.body).toMatchObject({ state: 200, result: '2', point });
    }
  });

  it('the database refuses such a payment row too', async () => {
    const { member } = await loggedIn(t);
    const row = (gems: number) => ({
      public_id: `pay_db_${gems}`,
      user_id: member.id,
      point_price_id: course,
      pay_id: 2,
      method: 'combini',
      provider: 'sandbox',
      amount_yen: 1000,
      gems,
      status: 'pending' as const,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
      expires_at: t.clock.now().toISOString(),
    });
    await expect(t.db.insertInto('payments').values(row(299)).execute()).rejects.toThrow();
    await expect(t.db.insertInto('payments').values(row(50_001)).execute()).rejects.toThrow();
  });

  it('a free grant course (rate 100) and an unknown course cannot be bought', async () => {
    const { client } = await loggedIn(t);
    const free = await createCourse(t.db, { point: 500, rate: '100' });
    const before = await paymentCounts(t.db);
    for (const id of [free, 999_999]) {
      const res = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: id });
      expect(res.body.state).toBe(400);
      expect(res.body.errors.pointPriceId[0]).toBe('This gem course does not exist.');
    }
    expect(await paymentCounts(t.db)).toEqual(before);
  });
});

describe("another member's payment id", () => {
  it('is a 404 for append, end, bank, convenience store and Amazon Pay; the 3-D Secure hop does not follow it', async () => {
    const a = await loggedIn(t);
    const b = await loggedIn(t);
    const tokenA = await cardToken(t, '4000000000003220');
    const card = await a.client.post('/user/point/buy', { pay_id: 1, pointPriceId: course, token: tokenA });
    const bank = await a.client.post('/user/point/buy', { pay_id: 4, pointPriceId: course, name: 'ヤマダ' });
    const combini = await a.client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    const amazon = await a.client.get(`/user/set_checkout_session/${course}`);
    // A's 3-D Secure step is completed at the sandbox: A is credited through the notification
    const sbp = await sandboxPaymentOf(card.body.payment_id);
    const before = await gemState(t.db, b.member.id, t.clock.now());

    for (const id of [card.body.payment_id, bank.body.payment_id, combini.body.payment_id]) {
      expect((await b.client.post('/user/point/append', { token: id })).body.state).toBe(404);
      expect((await b.client.get(`/user/point/end?payment_id=${id}`)).body.state).toBe(404);
    }
    expect((await b.client.get(`/user/bank?payment_id=${bank.body.payment_id}`)).body.state).toBe(404);
    expect(
      (await b.client.get(`/user/point/combini_number?payment_id=${combini.body.payment_id}`)).body.state,
    ).toBe(404);
    expect(
      (
        await b.client.get(
          `/user/complete_checkout_session?amazonCheckoutSessionId=${amazon.body.checkoutSessionId}`,
        )
      ).body.state,
    ).toBe(404);
    expect(
      (await b.client.get(`/user/button_signature?payment_id=${amazon.body.payment_id}`)).body.state,
    ).toBe(404);
    const acs = await t.app.inject({
      method: 'GET',
      url: `/api/acs/secure?payment_id=${card.body.payment_id}`,
      headers: { cookie: [...b.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(acs.headers.location).not.toContain(sbp.id);
    expect(acs.headers.location).toBe(`/complete-buy-point?payment_id=${card.body.payment_id}`);
    // B's own latest payment: none
    expect((await b.client.get('/user/point/end')).body).toMatchObject({ result: '0', payment_id: null });
    expect(await gemState(t.db, b.member.id, t.clock.now())).toEqual(before);
  });
});

describe('notification signatures', () => {
  it('a wrong key, a stale or future time, a changed body, a missing or malformed header: 400, nothing credited', async () => {
    const { member, client } = await loggedIn(t);
    const buy = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    const sbp = await sandboxPaymentOf(buy.body.payment_id);
    const good = body(sbp);
    const now = t.clock.now();
    const ts = Math.floor(now.getTime() / 1000);
    const secret = t.config.payments.sandboxSecret;
    const signed = signPayload(secret, good, ts);
    const before = await paymentCounts(t.db);
    const eventsBefore = (await t.db.selectFrom('payment_events').selectAll().execute()).length;
    const cases: [string, string, Record<string, string>][] = [
      ['wrong key', good, { 'sandbox-signature': signPayload('another-secret-another-secret', good, ts) }],
      ['stale (6 minutes old)', good, { 'sandbox-signature': signPayload(secret, good, ts - 360) }],
      ['from the future (6 minutes)', good, { 'sandbox-signature': signPayload(secret, good, ts + 360) }],
      ['changed body', good.replace('"amount":1000', '"amount":1001'), { 'sandbox-signature': signed }],
      ['another body, same signature', body(sbp), { 'sandbox-signature': signed }],
      ['missing header', good, {}],
      ['malformed header', good, { 'sandbox-signature': 'v1=abc' }],
      ['no v1', good, { 'sandbox-signature': `t=${ts}` }],
      ['time swapped', good, { 'sandbox-signature': signed.replace(`t=${ts}`, `t=${ts - 1}`) }],
      ['huge header', good, { 'sandbox-signature': `t=${ts},v1=${'a'.repeat(5000)}` }],
    ];
    for (const [name, payload, headers] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/notify/sandbox',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
      expect(res.statusCode, name).toBe(400);
    }
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/notify/sandbox',
        headers: { 'content-type': type, 'sandbox-signature': signPayload(secret, 'x=1', ts) },
        payload: 'x=1',
      });
      expect(res.statusCode, type).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/notify/unknown', payload: '' })).statusCode,
    ).toBe(404);
    expect(await paymentCounts(t.db)).toEqual(before);
    expect(await t.db.selectFrom('payment_events').selectAll().execute()).toHaveLength(eventsBefore);
    expect(await gemState(t.db, member.id, now)).toMatchObject({ credits: 0, ledgerRows: 0 });

    // within the tolerance (4 minutes) the same notification is accepted: once
    const ok = await notifySandbox(t, good, { at: new Date(now.getTime() - 240_000) });
    expect(ok.statusCode).toBe(200);
    expect(await gemState(t.db, member.id, now)).toMatchObject({ balance: 1000, credits: 1 });
  });
});
