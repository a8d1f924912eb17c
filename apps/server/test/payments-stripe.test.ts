import { afterAll, describe, expect, it } from 'vitest';
import { mailerFor } from '../src/modules/mail/service.ts';
import { createTestApp, testConfig } from './helpers.ts';
import { createCourse, gemState, loggedIn, paymentCounts } from './fakes/shop.ts';
import { startFakeStripe } from './fakes/stripe.ts';
import { staffClient } from './staff-factories.ts';

/**
 * The Stripe adapter, through the official SDK pointed at a local fake of Stripe's API: card (with 3-D
 * Secure), konbini, JP bank transfer (customer_balance), UnionPay and Alipay through Checkout Sessions, and
 * webhooks checked with stripe.webhooks.constructEvent.
 */
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake';
const fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
afterAll(() => fake.close());
const base = testConfig().payments;
const t = await createTestApp({
  payments: {
    ...base,
    methods: {
      ...base.methods,
      card: 'stripe',
      combini: 'stripe',
      bank: 'stripe',
      unionpay: 'stripe',
      alipay: 'stripe',
    },
    stripe: {
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    },
  },
});
const course = await createCourse(t.db, { point: 1000 });

async function webhook(
  type: string,
  object: Record<string, unknown> & { id: string },
  opts: { at?: Date; secret?: string } = {},
) {
  const { payload, header } = fake.event(type, object, opts.at ?? t.clock.now(), opts.secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/notify/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload,
  });
}
const paymentRow = (publicId: string) =>
  t.db.selectFrom('payments').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();

describe('Stripe: card', () => {
  it('pay_style tells the card page that card details are entered on Stripe Checkout', async () => {
    const { client } = await loggedIn(t);
    expect((await client.get('/user/pay_style')).body.card_tokenizer).toEqual({
      provider: 'stripe_checkout',
    });
  });

  it('no token: a Checkout Session for the price row (JPY, shop URLs, our payment id); the webhook credits once', async () => {
    const { member, client } = await loggedIn(t);
    const discounted = await createCourse(t.db, { point: 2000, price: 1800 });
    const res = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: discounted });
    expect(res.body).toMatchObject({ state: 200, result: '3', pay_id: 1, point: 2000, price: 1800 });
    const pay = await paymentRow(res.body.payment_id);
    expect(pay).toMatchObject({ provider: 'stripe', status: 'pending', amount_yen: 1800, method: 'card' });
    expect(pay.provider_ref).toMatch(/^cs_test_/);
    expect(res.body.url).toBe(`${fake.url}/pay/${pay.provider_ref}`);
    const cs = fake.sessions.get(pay.provider_ref!)!;
    const back = `http://localhost:3000/pay-redirect?payment_id=${res.body.payment_id}`;
    expect(cs).toMatchObject({
      mode: 'payment',
      currency: 'jpy',
      amount_total: 1800,
      payment_method_types: ['card'],
      client_reference_id: res.body.payment_id,
      metadata: { payment_id: res.body.payment_id },
      success_url: back,
      cancel_url: back,
      customer_email: member.mail,
    });
    // not paid yet: the return says pending, nothing credited
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('2');
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);

    fake.completeSession(cs.id);
    const first = await webhook('checkout.session.completed', cs);
    expect(first.statusCode).toBe(200);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
      balance: 2000,
      credits: 1,
      ledgerRows: 1,
    });
    for (let i = 0; i < 5; i++)
      expect((await webhook('checkout.session.completed', cs)).statusCode).toBe(200);
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
      balance: 2000,
      credits: 1,
      ledgerRows: 1,
    });
  });

  it('an expired card is refused with the card status message', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', {
      pay_id: 1,
      pointPriceId: course,
      token: 'pm_card_chargeDeclinedExpiredCard',
    });
    expect(res.body).toMatchObject({ state: 400, result: '0' });
    expect(res.body.message).toBe(
      'The card status check failed. Please use another card or contact your card company.',
    );
    expect((await paymentRow(res.body.payment_id)).status).toBe('failed');
    expect((await gemState(t.db, member.id, t.clock.now())).balance).toBe(0);
  });

  it('a card that succeeds is credited at once; the webhook replayed changes nothing', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', {
      pay_id: 1,
      pointPriceId: course,
      token: 'pm_card_visa',
    });
    expect(res.body).toMatchObject({ state: 200, result: '1', point: 1000 });
    const pay = await paymentRow(res.body.payment_id);
    expect(pay).toMatchObject({ provider: 'stripe', status: 'succeeded' });
    const pi = fake.intents.get(pay.provider_ref!)!;
    expect(pi).toMatchObject({
      amount: 1000,
      currency: 'jpy',
      metadata: { payment_id: res.body.payment_id },
    });
    for (let i = 0; i < 5; i++) expect((await webhook('payment_intent.succeeded', pi)).statusCode).toBe(200);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
      balance: 1000,
      credits: 1,
      ledgerRows: 1,
    });
  });

  it('a declined card is refused with the card message; an unknown PaymentMethod with the card check message', async () => {
    const { member, client } = await loggedIn(t);
    const declined = await client.post('/user/point/buy', {
      pay_id: 1,
      pointPriceId: course,
      token: 'pm_card_chargeDeclined',
    });
    expect(declined.body).toMatchObject({ state: 400, result: '0' });
    expect(declined.body.message).toBe(
      'Payment failed. Please check your card details or contact your card company.',
    );
    expect((await paymentRow(declined.body.payment_id)).status).toBe('failed');
    const unknown = await client.post('/user/point/buy', {
      pay_id: 1,
      pointPriceId: course,
      token: 'pm_nope',
    });
    expect(unknown.body.message).toBe('The card information could not be verified. Please enter it again.');
    expect((await gemState(t.db, member.id, t.clock.now())).balance).toBe(0);
  });

  it('3-D Secure: result 7, /api/acs/secure goes to Stripe, the return confirms and credits once', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', {
      pay_id: 1,
      pointPriceId: course,
      token: 'pm_card_threeDSecure2Required',
    });
    expect(res.body.result).toBe('7');
    const pay = await paymentRow(res.body.payment_id);
    const acs = await t.app.inject({
      method: 'GET',
      url: res.body.acs_url,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(acs.headers.location).toBe(`${fake.url}/3ds/${pay.provider_ref}`);
    expect(fake.intents.get(pay.provider_ref!)!.return_url).toBe(
      `http://localhost:3000/pay-redirect?payment_id=${res.body.payment_id}`,
    );
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('2');
    fake.finish3ds(pay.provider_ref!, true);
    const append = await client.post('/user/point/append', { token: res.body.payment_id });
    expect(append.body).toMatchObject({ result: '1' });
    await webhook('payment_intent.succeeded', fake.intents.get(pay.provider_ref!)!);
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ balance: 1000, credits: 1 });
  });

  it('3-D Secure failed: the return reports the failure', async () => {
    const { client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', {
      pay_id: 1,
      pointPriceId: course,
      token: 'pm_card_threeDSecure2Required',
    });
    const pay = await paymentRow(res.body.payment_id);
    fake.finish3ds(pay.provider_ref!, false);
    expect((await client.post('/user/point/append', { token: res.body.payment_id })).body).toMatchObject({
      result: '0',
      status: 'failed',
    });
  });
});

describe('Stripe: konbini and bank transfer', () => {
  it('konbini: receipt number and voucher page; paid at the store → webhook → credited', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    expect(res.body).toMatchObject({ state: 200, result: '2', receipt_number: '12345678901' });
    const slip = await client.get('/user/point/combini_number');
    const pay = await paymentRow(res.body.payment_id);
    expect(slip.body.url).toBe(`${fake.url}/voucher/${pay.provider_ref}`);
    const pi = fake.payIntent(pay.provider_ref!);
    expect((await webhook('payment_intent.succeeded', pi)).statusCode).toBe(200);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ balance: 1000, credits: 1 });
  });

  it('bank transfer: a Stripe customer per member (made once), zengin account details on /user/bank', async () => {
    const { member, client } = await loggedIn(t);
    const customersBefore = fake.customers.size;
    const first = await client.post('/user/point/buy', {
      pay_id: 4,
      pointPriceId: course,
      name: 'ヤマダ タロウ',
    });
    expect(first.body).toMatchObject({ state: 200, result: '2' });
    const bank = await client.get('/user/bank');
    expect(bank.body).toMatchObject({
      bank: '三井住友銀行',
      branch: 'トウキョウ',
      number: '1234567',
      name: 'ストライプジャパン（カ',
      price: 1000,
      holder_name: 'ヤマダ タロウ',
    });
    await client.post('/user/point/buy', { pay_id: 4, pointPriceId: course, name: 'ヤマダ タロウ' });
    expect(fake.customers.size).toBe(customersBefore + 1);
    const saved = await t.db
      .selectFrom('payment_customers')
      .selectAll()
      .where('user_id', '=', member.id)
      .execute();
    expect(saved).toHaveLength(1);
    const pay = await paymentRow(first.body.payment_id);
    expect(fake.intents.get(pay.provider_ref!)!.customer).toBe(saved[0]!.customer_ref);
    await webhook('payment_intent.succeeded', fake.payIntent(pay.provider_ref!));
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ balance: 1000, credits: 1 });
  });

  it('bank transfer: the answer carries the account; the remittance email carries it too', async () => {
    const { member, client } = await loggedIn(t, {}, 'en');
    const res = await client.post('/user/point/buy', {
      pay_id: 4,
      pointPriceId: course,
      name: 'ヤマダ タロウ',
    });
    expect(res.body.bank).toEqual({
      bank: '三井住友銀行',
      branch: 'トウキョウ',
      account_type: 'futsu',
      number: '1234567',
      name: 'ストライプジャパン（カ',
    });
    await mailerFor({ db: t.db, config: t.config }).idle();
    const mails = (await t.client().get(`/dev/outbox?to=${encodeURIComponent(member.mail)}`)).body.list;
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('Account number: 1234567');
    expect(mails[0].body).toContain('Bank: 三井住友銀行');
  });

  it("bank transfer without account details: no bank in the answer, the email points to Stripe's instructions", async () => {
    const { member, client } = await loggedIn(t, {}, 'en');
    fake.noBankAccount = true;
    try {
      const res = await client.post('/user/point/buy', {
        pay_id: 4,
        pointPriceId: course,
        name: 'ヤマダ タロウ',
      });
      expect(res.body).toMatchObject({ state: 200, result: '2', pay_id: 4 });
      expect(res.body.bank).toBeUndefined();
      const pay = await paymentRow(res.body.payment_id);
      await mailerFor({ db: t.db, config: t.config }).idle();
      const mails = (await t.client().get(`/dev/outbox?to=${encodeURIComponent(member.mail)}`)).body.list;
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: 'bank_transfer', channel: 'email' });
      expect(mails[0].body).toContain(`${fake.url}/instructions/${pay.provider_ref}`);
      expect(mails[0].body).toContain('Transfer name: ヤマダ タロウ');
      expect(mails[0].body).toContain('Amount: ¥1,000');
      expect(mails[0].body).not.toContain('Account number');
    } finally {
      fake.noBankAccount = false;
    }
  });
});

describe('Stripe: UnionPay and Alipay through Checkout', () => {
  for (const pay_id of [10, 11]) {
    it(`pay_id ${pay_id}: redirect to Checkout, completed session webhook credits once`, async () => {
      const { member, client } = await loggedIn(t);
      const res = await client.post('/user/point/buy', { pay_id, pointPriceId: course });
      expect(res.body.result).toBe('3');
      const pay = await paymentRow(res.body.payment_id);
      expect(res.body.url).toBe(`${fake.url}/pay/${pay.provider_ref}`);
      const cs = fake.sessions.get(pay.provider_ref!)!;
      expect(cs).toMatchObject({
        amount_total: 1000,
        payment_method_types: [pay_id === 11 ? 'alipay' : 'card'],
      });
      fake.completeSession(cs.id);
      await Promise.all([
        webhook('checkout.session.completed', cs),
        webhook('payment_intent.succeeded', fake.intents.get(cs.payment_intent as string)!),
        client.post('/user/point/append', { token: res.body.payment_id }),
      ]);
      expect((await client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
      expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
        balance: 1000,
        credits: 1,
        ledgerRows: 1,
      });
    });
  }
});

describe('Stripe: webhook signatures and outages', () => {
  it('a wrong secret or a stale timestamp is refused (400) and credits nothing', async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    const pay = await paymentRow(res.body.payment_id);
    const pi = fake.payIntent(pay.provider_ref!);
    expect((await webhook('payment_intent.succeeded', pi, { secret: 'whsec_other' })).statusCode).toBe(400);
    expect(
      (await webhook('payment_intent.succeeded', pi, { at: new Date(t.clock.now().getTime() - 10 * 60_000) }))
        .statusCode,
    ).toBe(400);
    const tampered = fake.event('payment_intent.succeeded', pi, t.clock.now());
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': tampered.header },
      payload: tampered.payload.replace('"amount":1000', '"amount":10'),
    });
    expect(r.statusCode).toBe(400);
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);
    expect((await webhook('payment_intent.succeeded', pi)).statusCode).toBe(200);
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(1);
  });

  it('Stripe unreachable: "Unable to connect to payment company", nothing credited, the intent stays pending', async () => {
    const { member, client } = await loggedIn(t, {}, 'en');
    fake.down = true;
    try {
      const before = await paymentCounts(t.db);
      const res = await client.post('/user/point/buy', {
        pay_id: 1,
        pointPriceId: course,
        token: 'pm_card_visa',
      });
      expect(res.body).toMatchObject({ state: 400, result: '0' });
      expect(res.body.message).toBe('Unable to connect to payment company. Please try again later.');
      const after = await paymentCounts(t.db);
      expect(after.payments).toBe(before.payments! + 1);
      expect({ ...after, payments: before.payments }).toEqual(before);
      expect(await paymentRow(res.body.payment_id)).toMatchObject({
        status: 'pending',
        failure_code: 'unreachable',
        provider_ref: null,
      });
    } finally {
      fake.down = false;
    }
    expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);
  });
});

describe('Stripe: refunds', () => {
  /** A member who paid `course` (¥1,000) by card and spent nothing. */
  async function paidByCard() {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', {
      pay_id: 1,
      pointPriceId: course,
      token: 'pm_card_visa',
    });
    expect(res.body.result).toBe('1');
    return { member, client, pay: await paymentRow(res.body.payment_id) };
  }
  const refund = async (id: number, kind = 'company_fault') =>
    (await staffClient(t, 'owner')).post(`/admin/payments/${id}/refund`, {
      reason_kind: kind,
      reason: 'fault',
    });
  const refundCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
  const refundLedger = (userId: number) =>
    t.db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', 'refund')
      .execute();

  it("POST /v1/refunds on the payment's PaymentIntent with the shop's key; replays and webhooks change nothing", async () => {
    const { member, pay } = await paidByCard();
    const calls = refundCalls().length;
    const res = await refund(pay.id);
    expect(res.body).toMatchObject({
      state: 200,
      changed: true,
      refund: { status: 'succeeded', amount_yen: 1000, gems_reclaimed: 1000, provider: 'stripe' },
    });
    const sent = refundCalls().slice(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund-${pay.public_id}-refund-1`);
    const re = fake.refunds.get(res.body.refund.provider_refund_ref)!;
    expect(re).toMatchObject({
      payment_intent: pay.provider_ref,
      amount: 1000,
      reason: 'requested_by_customer',
      metadata: { payment_id: pay.public_id, refund_key: `${pay.public_id}-refund-1` },
    });
    for (const type of ['refund.created', 'refund.updated', 'refund.updated'])
      expect((await webhook(type, re)).statusCode).toBe(200);
    expect((await refund(pay.id)).body).toMatchObject({ changed: false, refund: { status: 'succeeded' } });
    expect(refundCalls().length).toBe(calls + 1);
    expect(await refundLedger(member.id)).toHaveLength(1);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ balance: 0, credits: 1 });
    const detail = await (await staffClient(t, 'viewer')).get(`/admin/payments/${pay.id}`);
    expect(detail.body.events.map((e: { type: string }) => e.type)).toEqual([
      'refund.created',
      'refund.updated',
      'refund.updated',
    ]);
  });

  it("a Checkout Session payment is refunded on the session's PaymentIntent", async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course });
    const pay = await paymentRow(res.body.payment_id);
    const cs = fake.completeSession(pay.provider_ref!);
    await webhook('checkout.session.completed', cs);
    const r = await refund(pay.id, 'legal_unused');
    expect(r.body.refund).toMatchObject({ status: 'succeeded', amount_yen: 1000 });
    expect(fake.refunds.get(r.body.refund.provider_refund_ref)!.payment_intent).toBe(cs.payment_intent);
    expect((await gemState(t.db, member.id, t.clock.now())).balance).toBe(0);
  });

  it('a refund Stripe refuses stays failed with its gems taken back; refunding again is a new attempt and key', async () => {
    const { member, pay } = await paidByCard();
    fake.failNextRefund = 'expired_or_canceled_card';
    const first = await refund(pay.id);
    expect(first.body).toMatchObject({
      changed: true,
      refund: { status: 'failed', attempt: 1, failure_code: 'expired_or_canceled_card' },
    });
    expect(await refundLedger(member.id)).toHaveLength(1);
    const again = await refund(pay.id);
    expect(again.body).toMatchObject({
      changed: true,
      refund: { status: 'succeeded', attempt: 2, failure_code: null },
    });
    expect(refundCalls().at(-1)!.headers['idempotency-key']).toBe(`refund-${pay.public_id}-refund-2`);
    expect(await refundLedger(member.id)).toHaveLength(1);
    const log = await (
      await staffClient(t, 'owner')
    ).get(`/admin/audit?target_type=payment&target_id=${pay.id}`);
    // each state as it happened: decided, refused by Stripe, tried again, refunded
    expect(
      log.body.list.map((e: { action: string; after: { refund_status?: string } }) => [
        e.action,
        e.after.refund_status,
      ]),
    ).toEqual([
      ['payment.refund_result', 'succeeded'],
      ['payment.refund_retry', 'requested'],
      ['payment.refund_result', 'failed'],
      ['payment.refund', expect.anything()],
    ]);
    expect(log.body.list[2].after).toMatchObject({ failure_code: 'expired_or_canceled_card', attempt: 1 });
  });

  it('Stripe unreachable: the refund stays requested (gems taken back) and is sent again with the same key', async () => {
    const { member, pay } = await paidByCard();
    fake.down = true;
    try {
      const r = await refund(pay.id);
      expect(r.body).toMatchObject({
        changed: true,
        refund: { status: 'requested', failure_code: 'unreachable' },
      });
    } finally {
      fake.down = false;
    }
    expect(await refundLedger(member.id)).toHaveLength(1);
    const again = await refund(pay.id);
    expect(again.body).toMatchObject({ changed: false, refund: { status: 'succeeded', attempt: 1 } });
    expect(refundCalls().at(-1)!.headers['idempotency-key']).toBe(`refund-${pay.public_id}-refund-1`);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === pay.provider_ref)).toHaveLength(1);
  });

  it("a refund made on Stripe's dashboard: its webhook makes the payment's refund and takes back the gems once", async () => {
    const { member, pay } = await paidByCard();
    const re = fake.dashboardRefund(pay.provider_ref!, 400);
    for (let i = 0; i < 3; i++) expect((await webhook('refund.created', re)).statusCode).toBe(200);
    const d = await (await staffClient(t, 'owner')).get(`/admin/payments/${pay.id}`);
    expect(d.body.refund).toMatchObject({
      reason_kind: 'provider',
      amount_yen: 400,
      gems_reclaimed: 1000,
      status: 'succeeded',
      provider_refund_ref: re.id,
      staff_id: null,
    });
    expect((await refund(pay.id)).body).toMatchObject({
      changed: false,
      refund: { reason_kind: 'provider' },
    });
    expect(await refundLedger(member.id)).toHaveLength(1);
  });

  it("a dashboard refund of a Checkout Session payment is found through its PaymentIntent's metadata", async () => {
    const { member, client } = await loggedIn(t);
    const res = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course });
    const pay = await paymentRow(res.body.payment_id);
    const cs = fake.completeSession(pay.provider_ref!);
    await webhook('checkout.session.completed', cs);
    const re = fake.dashboardRefund(String(cs.payment_intent));
    expect(re.metadata).toEqual({});
    expect((await webhook('refund.created', re)).statusCode).toBe(200);
    const d = await (await staffClient(t, 'viewer')).get(`/admin/payments/${pay.id}`);
    expect(d.body.refund).toMatchObject({ reason_kind: 'provider', amount_yen: 1000, gems_reclaimed: 1000 });
    expect((await gemState(t.db, member.id, t.clock.now())).balance).toBe(0);
  });
});
