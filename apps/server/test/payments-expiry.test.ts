import { describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs/start.ts';
import { expirePayments } from '../src/modules/payments/jobs.ts';
import { createTestApp } from './helpers.ts';
import { cardToken, createCourse, gemState, loggedIn, notifySandbox } from './fakes/shop.ts';

/**
 * Convenience store and bank transfer payments unpaid after 3 days expire (spec §9); abandoned redirect and
 * 3-D Secure payments after a day. The sweep asks the provider first: paid after all → credited, not expired.
 */
const t = await createTestApp();
const course = await createCourse(t.db, { point: 1000 });
const HOUR = 3600_000;
const run = () => expirePayments({ db: t.db, config: t.config, clock: t.clock });
const statusOf = async (publicId: string) =>
  (
    await t.db
      .selectFrom('payments')
      .select('status')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow()
  ).status;

describe('payment expiry', () => {
  it('convenience store and bank transfer: pending for 3 days, then expired; the sandbox refuses to settle them', async () => {
    const start = t.clock.current;
    const { member, client } = await loggedIn(t);
    const combini = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    const bank = await client.post('/user/point/buy', { pay_id: 4, pointPriceId: course, name: 'ヤマダ' });
    try {
      t.clock.advance(72 * HOUR - 60_000);
      await run();
      expect(await statusOf(combini.body.payment_id)).toBe('pending');
      expect(await statusOf(bank.body.payment_id)).toBe('pending');
      t.clock.advance(2 * 60_000);
      const r = await run();
      expect(r.expired).toBeGreaterThanOrEqual(2);
      expect(await statusOf(combini.body.payment_id)).toBe('expired');
      expect(await statusOf(bank.body.payment_id)).toBe('expired');
      expect((await client.get('/user/point/end')).body).toMatchObject({ result: '0', status: 'expired' });
      expect((await client.get('/user/bank')).body.state).toBe(404);

      const settle = await t.app.inject({
        method: 'POST',
        url: `/sandbox-pay/payments/${combini.body.payment_id}/settle`,
      });
      expect(settle.statusCode).toBe(409);
      // a late success notification does not revive an expired payment
      const sbp = await t.db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('merchant_reference', '=', bank.body.payment_id)
        .executeTakeFirstOrThrow();
      const late = JSON.stringify({
        id: 'evt_late_bank',
        type: 'payment.succeeded',
        created: Math.floor(t.clock.now().getTime() / 1000),
        data: {
          id: sbp.id,
          merchant_reference: sbp.merchant_reference,
          method: 'bank',
          amount: sbp.amount,
          currency: 'JPY',
          status: 'succeeded',
          failure_code: null,
        },
      });
      expect((await notifySandbox(t, late)).statusCode).toBe(200);
      expect(await statusOf(bank.body.payment_id)).toBe('expired');
      expect((await gemState(t.db, member.id, t.clock.now())).credits).toBe(0);
      // running again changes nothing
      const again = await run();
      expect(again).toEqual({ expired: 0, credited: 0, deferred: 0 });
    } finally {
      t.clock.current = start;
    }
  });

  it('abandoned 3-D Secure and redirect payments expire after a day', async () => {
    const start = t.clock.current;
    const { client } = await loggedIn(t);
    const token = await cardToken(t, '4000000000003220');
    const card = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course, token });
    const paypal = await client.post('/user/point/buy', { pay_id: 3, pointPriceId: course });
    try {
      t.clock.advance(23 * HOUR);
      await run();
      expect(await statusOf(card.body.payment_id)).toBe('pending');
      t.clock.advance(2 * HOUR);
      await run();
      expect(await statusOf(card.body.payment_id)).toBe('expired');
      expect(await statusOf(paypal.body.payment_id)).toBe('expired');
    } finally {
      t.clock.current = start;
    }
  });

  it('a payment the provider reports paid (its notification lost) is credited by the sweep, not expired', async () => {
    const start = t.clock.current;
    const { member, client } = await loggedIn(t);
    const combini = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course });
    // paid at the store; the notification never arrived
    await t.db
      .updateTable('sandbox_payments')
      .set({ status: 'succeeded' })
      .where('merchant_reference', '=', combini.body.payment_id)
      .execute();
    try {
      t.clock.advance(73 * HOUR);
      const jobs = startJobs({ db: t.db, config: t.config, clock: t.clock });
      await jobs.runNow('payment-expiry');
      await jobs.stop();
      expect(await statusOf(combini.body.payment_id)).toBe('succeeded');
      expect(await gemState(t.db, member.id, t.clock.now())).toMatchObject({ credits: 1, balance: 1000 });
    } finally {
      t.clock.current = start;
    }
  });
});
