import { describe, expect, it } from 'vitest';
import { createInterleavingTestApp, createPack } from './draw-factories.ts';
import { cardToken, createCourse, gemState, loggedIn, notifySandbox, sandboxButton } from './fakes/shop.ts';
import { onPostgres } from './helpers.ts';
import { auditCount, staffClient } from './staff-factories.ts';

/**
 * "credits and refunds stay exactly once whatever staff and the provider do at the same time":
 * a refund replayed, raced with the provider's late success notification and with a refund made on the
 * provider's own page; a refund racing the member's spending; a bank transfer matched by hand racing the
 * provider's settlement. On SQLite the database yields after every query (the requests interleave); on
 * PostgreSQL (DATABASE_URL) they run on separate connections.
 */
const t = await createInterleavingTestApp({ rateLimits: false });
const db = t.db;
const course = await createCourse(db, { point: 5000 });
const pack = await createPack(db, { point: 100, prizes: [{ quantity: 20_000, buy_point: 10 }] });
const ROUNDS = 4;

async function cardBuyer(spend: number) {
  const { member, client } = await loggedIn(t);
  const token = await cardToken(t);
  const buy = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course, token });
  expect(buy.body.result).toBe('1');
  if (spend) await client.post('/user/pack/buy', { packId: pack.packId, count: String(spend / 100) });
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('public_id', '=', buy.body.payment_id)
    .executeTakeFirstOrThrow();
  const sbp = await db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('merchant_reference', '=', payment.public_id)
    .executeTakeFirstOrThrow();
  return { member, client, payment, sbp };
}

/** The body the sandbox sends when a payment succeeds (a late, replayed notification of the purchase). */
function successBody(sbp: { id: string; merchant_reference: string; amount: number }, eventId: string) {
  return JSON.stringify({
    id: eventId,
    type: 'payment.succeeded',
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      id: sbp.id,
      merchant_reference: sbp.merchant_reference,
      method: 'card',
      amount: sbp.amount,
      currency: 'JPY',
      status: 'succeeded',
      failure_code: null,
    },
  });
}

async function refundState(paymentId: number, userId: number, sandboxId: string) {
  const [refunds, ledger, atProvider, credits] = await Promise.all([
    db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).execute(),
    db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', 'refund')
      .execute(),
    db.selectFrom('sandbox_refunds').selectAll().where('payment_id', '=', sandboxId).execute(),
    db.selectFrom('payment_credits').selectAll().where('payment_id', '=', paymentId).execute(),
  ]);
  return { refunds, ledger, atProvider, credits };
}

describe(`refunds and credits once (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a refund replayed 6 times at once by two staff: one refund, gems taken back once, its audit rows once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { member, payment, sbp } = await cardBuyer(1500);
      const [a, b] = [await staffClient(t, 'owner'), await staffClient(t, 'operator')];
      const audits = await auditCount(db);
      const body = { reason_kind: 'company_fault', reason: `double charge ${round}` };
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? a : b).post(`/admin/payments/${payment.id}/refund`, body),
        ),
      );
      expect(answers.map((r) => r.body.state)).toEqual(Array(6).fill(200));
      expect(answers.filter((r) => r.body.changed)).toHaveLength(1);
      const s = await refundState(payment.id, member.id, sbp.id);
      expect(s.refunds, `round ${round}`).toMatchObject([
        { status: 'succeeded', amount_yen: 5000, gems_reclaimed: 3500, gems_spent: 1500 },
      ]);
      expect(s.ledger).toMatchObject([{ delta: -3500 }]);
      expect(s.atProvider.filter((r) => r.status === 'succeeded')).toHaveLength(1);
      expect(s.credits).toHaveLength(1);
      // the decision once; the refund's success once, recorded by whichever brought it first: the answer to our
      // call (the staff member's row) or the sandbox's signed notification (the provider's row)
      const rows = await db
        .selectFrom('audit_log')
        .select(['action', 'after_json'])
        .where('target_type', '=', 'payment')
        .where('target_id', '=', String(payment.id))
        .execute();
      const actions = rows.map((r) => r.action);
      expect(
        actions.filter((a) => a === 'payment.refund'),
        `round ${round}`,
      ).toHaveLength(1);
      const settled = rows.filter(
        (r) => r.action === 'payment.refund_result' && r.after_json?.includes('"refund_status":"succeeded"'),
      );
      expect(settled, `round ${round}`).toHaveLength(1);
      expect(await auditCount(db)).toBe(audits + actions.length);
      const g = await gemState(db, member.id, t.clock.now());
      expect(g).toMatchObject({ balance: 0, ledgerSum: 0 });
    }
  });

  it("a refund raced with the provider's late success notification and its own dashboard refund: one of each", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { member, payment, sbp } = await cardBuyer(1000);
      const owner = await staffClient(t, 'owner');
      const late = successBody(sbp, `evt_late_${round}`);
      await Promise.all([
        ...Array.from({ length: 3 }, () =>
          owner.post(`/admin/payments/${payment.id}/refund`, {
            reason_kind: 'company_fault',
            reason: 'fault',
          }),
        ),
        ...Array.from({ length: 3 }, (_, i) =>
          notifySandbox(t, i ? late : successBody(sbp, `evt_late_${round}_${i}`)),
        ),
        sandboxButton(t, `/sandbox-pay/pay/${sbp.id}`, 'refund'),
        sandboxButton(t, `/sandbox-pay/pay/${sbp.id}`, 'refund'),
      ]);
      const s = await refundState(payment.id, member.id, sbp.id);
      expect(s.credits, `round ${round}: credited once`).toHaveLength(1);
      expect(s.refunds, `round ${round}: one refund`).toHaveLength(1);
      expect(s.refunds[0]).toMatchObject({ status: 'succeeded', gems_reclaimed: 4000, gems_spent: 1000 });
      expect(s.ledger, `round ${round}: gems back once`).toMatchObject([{ delta: -4000 }]);
      // the provider never refunded more than was paid
      const refunded = s.atProvider.filter((r) => r.status === 'succeeded').reduce((n, r) => n + r.amount, 0);
      expect(refunded).toBe(5000);
      const g = await gemState(db, member.id, t.clock.now());
      expect(g).toMatchObject({ balance: 0, ledgerSum: 0, credits: 1 });
      const paid = await db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow();
      expect(paid.status).toBe('succeeded');
    }
  });

  it('a refund racing the member spending: every gem either spent or taken back, never below zero', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { member, client, payment, sbp } = await cardBuyer(0);
      const owner = await staffClient(t, 'owner');
      const [refund, ...buys] = await Promise.all([
        owner.post(`/admin/payments/${payment.id}/refund`, { reason_kind: 'company_fault', reason: 'fault' }),
        client.post('/user/pack/buy', { packId: pack.packId, count: '20' }),
        client.post('/user/pack/buy', { packId: pack.packId, count: '15' }),
      ]);
      expect(refund.body.state).toBe(200);
      const spent = buys
        .filter((b) => b.body.state === 200)
        .reduce((n, b) => n + b.body.cards.length * 100, 0);
      const s = await refundState(payment.id, member.id, sbp.id);
      expect(s.refunds[0]!.gems_reclaimed + spent, `round ${round}`).toBe(5000);
      expect(s.refunds[0]!.gems_spent).toBe(spent);
      const g = await gemState(db, member.id, t.clock.now());
      expect(g.balance).toBe(0);
      expect(g.ledgerSum).toBe(g.remainingAll);
      expect(g.lots.every((l) => l.remaining >= 0)).toBe(true);
    }
  });

  it("a bank transfer matched by hand racing the provider's settlement: credited once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { member, client } = await loggedIn(t);
      const buy = await client.post('/user/point/buy', {
        pay_id: 4,
        pointPriceId: course,
        name: 'タナカ イチロウ',
      });
      const payment = await db
        .selectFrom('payments')
        .selectAll()
        .where('public_id', '=', buy.body.payment_id)
        .executeTakeFirstOrThrow();
      const support = await staffClient(t, 'support');
      const body = {
        user_id: member.id,
        amount_yen: 5000,
        holder_name: 'タナカ イチロウ',
        reason: `r${round}`,
      };
      const audits = await auditCount(db);
      const [m1, m2] = await Promise.all([
        support.post(`/admin/payments/${payment.id}/match`, body),
        support.post(`/admin/payments/${payment.id}/match`, body),
        sandboxButton(t, payment.payment_url!, 'settle', { holder_name: 'タナカ イチロウ', amount: '5000' }),
      ]);
      const g = await gemState(db, member.id, t.clock.now());
      expect(g, `round ${round}`).toMatchObject({ balance: 5000, credits: 1, ledgerRows: 1 });
      const matched = await db
        .selectFrom('payment_matches')
        .selectAll()
        .where('payment_id', '=', payment.id)
        .execute();
      const changed = [m1!, m2!].filter((r) => r.body.changed === true);
      expect(changed).toHaveLength(matched.length);
      expect(matched.length).toBeLessThanOrEqual(1);
      expect(await auditCount(db)).toBe(audits + matched.length);
      for (const r of [m1!, m2!]) expect([200, 409]).toContain(r.body.state);
    }
  });

  it('the requests really overlapped', () => {
    expect(t.inFlight.max).toBeGreaterThan(3);
  });
});
