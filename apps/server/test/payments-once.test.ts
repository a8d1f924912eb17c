import { describe, expect, it } from 'vitest';
import { expirePayments } from '../src/modules/payments/jobs.ts';
import { createTestApp, onPostgres } from './helpers.ts';
import { cardToken, createCourse, gemState, loggedIn, notifySandbox, sandboxButton } from './fakes/shop.ts';

/**
 * DOMAIN.md Payments: gems are credited exactly once per payment — a notification replayed 100 times, the
 * success page reloaded, confirmation and notification racing: one ledger row and one credit. The same file
 * runs on SQLite and on PostgreSQL (DATABASE_URL), where the racing requests really overlap.
 */
const t = await createTestApp();
const course = await createCourse(t.db, { point: 5000 });

async function sandboxPaymentOf(publicId: string) {
  return t.db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('merchant_reference', '=', publicId)
    .executeTakeFirstOrThrow();
}

/** The body the sandbox sends for a payment in a state (same shape, same event id when replayed). */
function successBody(
  sbp: { id: string; merchant_reference: string; method: string; amount: number },
  eventId: string,
) {
  return JSON.stringify({
    id: eventId,
    type: 'payment.succeeded',
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      id: sbp.id,
      merchant_reference: sbp.merchant_reference,
      method: sbp.method,
      amount: sbp.amount,
      currency: 'JPY',
      status: 'succeeded',
      failure_code: null,
    },
  });
}

describe(`one credit per payment (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('the same signed notification replayed 100 times (50 in sequence, 50 at once) credits once', async () => {
    const { member, client } = await loggedIn(t);
    const buy = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    expect(buy.body.result).toBe('2');
    const body = successBody(await sandboxPaymentOf(buy.body.payment_id), 'evt_replayed');

    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await notifySandbox(t, body)).statusCode);
    const parallel = await Promise.all(Array.from({ length: 50 }, () => notifySandbox(t, body)));
    statuses.push(...parallel.map((r) => r.statusCode));
    expect(statuses).toEqual(Array(100).fill(200));

    const s = await gemState(t.db, member.id, t.clock.now());
    expect(s).toMatchObject({ balance: 5000, ledgerSum: 5000, ledgerRows: 1, credits: 1 });
    const events = await t.db
      .selectFrom('payment_events')
      .selectAll()
      .where('event_id', '=', 'evt_replayed')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('the success page reloaded (append and end 20 times each, some at once) credits once', async () => {
    const { member, client } = await loggedIn(t);
    const token = await cardToken(t, '4000000000003220');
    const buy = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course, token });
    expect(buy.body.result).toBe('7');
    const sbp = await sandboxPaymentOf(buy.body.payment_id);
    await sandboxButton(t, `/sandbox-pay/pay/${sbp.id}`, 'complete');
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push(await client.post('/user/point/append', { token: buy.body.payment_id }));
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, () => client.post('/user/point/append', { token: buy.body.payment_id })),
      )),
    );
    for (let i = 0; i < 20; i++) answers.push(await client.get('/user/point/end'));
    expect(answers.every((a) => a.body.result === '1')).toBe(true);
    expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
      balance: 5000,
      ledgerRows: 1,
      credits: 1,
    });
  });

  it('confirmation and notification racing (sandbox completion + 10 appends + 10 notifications at once) credit once', async () => {
    for (let round = 0; round < 5; round++) {
      const { member, client } = await loggedIn(t);
      const buy = await client.post('/user/point/buy', { pay_id: 3, pointPriceId: course });
      expect(buy.body.result).toBe('3');
      const sbp = await sandboxPaymentOf(buy.body.payment_id);
      const body = successBody(sbp, `evt_race_${round}`);
      await Promise.all([
        sandboxButton(t, buy.body.url, 'complete'),
        ...Array.from({ length: 10 }, () =>
          client.post('/user/point/append', { token: buy.body.payment_id }),
        ),
        ...Array.from({ length: 10 }, () => notifySandbox(t, body)),
      ]);
      const s = await gemState(t.db, member.id, t.clock.now());
      expect(s, `round ${round}`).toMatchObject({
        balance: 5000,
        ledgerSum: 5000,
        ledgerRows: 1,
        credits: 1,
      });
      const pay = await t.db
        .selectFrom('payments')
        .select('status')
        .where('public_id', '=', buy.body.payment_id)
        .executeTakeFirstOrThrow();
      expect(pay.status).toBe('succeeded');
    }
  });

  it('the expiry sweep racing a late notification: credited or expired, never both', async () => {
    const { member, client } = await loggedIn(t);
    const buy = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    const sbp = await sandboxPaymentOf(buy.body.payment_id);
    const saved = t.clock.current;
    t.clock.advance(3 * 24 * 3600_000 + 1000);
    try {
      const body = successBody(sbp, 'evt_late');
      await Promise.all([
        expirePayments({ db: t.db, config: t.config, clock: t.clock }),
        notifySandbox(t, body),
        notifySandbox(t, body),
      ]);
    } finally {
      t.clock.current = saved;
    }
    const pay = await t.db
      .selectFrom('payments')
      .select('status')
      .where('public_id', '=', buy.body.payment_id)
      .executeTakeFirstOrThrow();
    const s = await gemState(t.db, member.id, t.clock.now());
    expect(['succeeded', 'expired']).toContain(pay.status);
    expect(s.credits).toBe(pay.status === 'succeeded' ? 1 : 0);
    expect(s.ledgerRows).toBe(s.credits);
  });

  it('two members buying at once each get exactly their own credit', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => loggedIn(t)));
    const tokens = await Promise.all(members.map(() => cardToken(t)));
    const answers = await Promise.all(
      members.map(({ client }, i) =>
        client.post('/user/point/buy', { pay_id: 1, pointPriceId: course, token: tokens[i] }),
      ),
    );
    expect(answers.map((a) => a.body.result)).toEqual(Array(6).fill('1'));
    for (const { member } of members)
      expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({
        balance: 5000,
        credits: 1,
        ledgerRows: 1,
      });
  });
});
