import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { createPack, expectBadInputRefused } from './draw-factories.ts';
import { cardToken, createCourse, gemState, loggedIn, sandboxButton } from './fakes/shop.ts';
import { createTestApp, onPostgres, type TestApp, type TestClient } from './helpers.ts';
import { auditCount, staffClient } from './staff-factories.ts';

/**
 * The console's payments on the sandbox provider: the list and its filters (days in Japan
 * time), one payment with its provider events, refunds by the terms (the company's fault: everything; the law's
 * unused balance: the unspent share) taking back the purchase's unspent gems once, a refund made at the provider,
 * and pending bank transfers matched by hand. Runs on SQLite and on PostgreSQL (DATABASE_URL).
 */
const t = await createTestApp({ rateLimits: false });
const db = t.db;
const course5000 = await createCourse(db, { point: 5000 });
const discounted = await createCourse(db, { point: 2000, price: 1800 });
const pack = await createPack(db, { point: 100, prizes: [{ quantity: 5000, buy_point: 10 }] });

/** Everything a refund or a match may write, to show a refused one wrote nothing. */
async function moneyTables(d: Db) {
  const out: Record<string, unknown> = {};
  for (const table of [
    'payments',
    'payment_credits',
    'payment_refunds',
    'payment_matches',
    'sandbox_refunds',
    'gem_lots',
    'gem_ledger',
    'audit_log',
  ] as const) {
    out[table] = (await d.selectFrom(table).selectAll().execute()).length;
  }
  out.payments_state = await d.selectFrom('payments').select(['id', 'status']).orderBy('id').execute();
  out.lots = await d.selectFrom('gem_lots').select(['id', 'remaining']).orderBy('id').execute();
  return out;
}

async function paymentByPublicId(publicId: string) {
  return db.selectFrom('payments').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
}

/** A member who bought `course` by card (credited at once), then spent `spend` gems on packs (100 per play). */
async function buyer(course = course5000, spend = 0) {
  const { member, client } = await loggedIn(t);
  const token = await cardToken(t);
  const buy = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course, token });
  expect(buy.body.result, JSON.stringify(buy.body)).toBe('1');
  if (spend) {
    const r = await client.post('/user/pack/buy', { packId: pack.packId, count: String(spend / 100) });
    expect(r.body.state, JSON.stringify(r.body)).toBe(200);
  }
  const payment = await paymentByPublicId(buy.body.payment_id);
  return { member, client, payment };
}

const refundLedger = (userId: number) =>
  db
    .selectFrom('gem_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reason', '=', 'refund')
    .execute();

describe(`payments in the console (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('lists payments newest first with the method, status, member, reference and JST day filters', async () => {
    const saved = t.clock.current;
    const { member, client } = await loggedIn(t);
    let late, early;
    try {
      // 23:59 JST on 20 November, then 00:00 JST on 21 November
      t.clock.current = new Date('2026-11-20T14:59:00.000Z');
      late = await client.post('/user/point/buy', {
        pay_id: 4,
        pointPriceId: course5000,
        name: 'ヤマダ タロウ',
      });
      t.clock.current = new Date('2026-11-20T15:00:00.000Z');
      const token = await cardToken(t);
      early = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course5000, token });
    } finally {
      t.clock.current = saved;
    }
    expect([late.body.result, early.body.result]).toEqual(['2', '1']);
    const owner = await staffClient(t, 'owner');
    {
      const mine = await owner.get(`/admin/payments?user_id=${member.id}`);
      expect(mine.body).toMatchObject({ state: 200, total: 2, page: 1, all_page: 1, pii: true });
      expect(mine.body.list.map((p: { payment_id: string }) => p.payment_id)).toEqual([
        early.body.payment_id,
        late.body.payment_id,
      ]);
      expect(mine.body.list[1]).toMatchObject({
        method: 'bank',
        status: 'pending',
        email: member.mail,
        holder_name: 'ヤマダ タロウ',
        amount_yen: 5000,
        gems: 5000,
        refund: null,
        matched_by_hand: false,
      });
      const ids = async (query: string) =>
        (await owner.get(`/admin/payments?user_id=${member.id}&${query}`)).body.list.map(
          (p: { payment_id: string }) => p.payment_id,
        );
      expect(await ids('from=2026-11-20&to=2026-11-20')).toEqual([late.body.payment_id]);
      expect(await ids('from=2026-11-21&to=2026-11-21')).toEqual([early.body.payment_id]);
      expect(await ids('from=2026-11-21')).toEqual([early.body.payment_id]);
      expect(await ids('to=2026-11-20')).toEqual([late.body.payment_id]);
      expect(await ids('method=bank')).toEqual([late.body.payment_id]);
      expect(await ids('status=succeeded')).toEqual([early.body.payment_id]);
      expect(await ids('method=card&status=pending')).toEqual([]);
      expect(await ids(`payment_id=${early.body.payment_id}`)).toEqual([early.body.payment_id]);
      expect(await ids('holder_name=ヤマダ')).toEqual([late.body.payment_id]);
      expect(await ids('amount_yen=5000')).toHaveLength(2);
      // unreadable values are ignored, not a 500
      expect(await ids('from=yesterday&method=cash&status=lost&page=x')).toHaveLength(2);
      const byMail = await owner.get(
        `/admin/payments?email=${encodeURIComponent(member.mail.toUpperCase())}`,
      );
      expect(byMail.body.list.map((p: { user_id: number }) => p.user_id)).toEqual([member.id, member.id]);

      // the list's search: part of a payment id, #id, the member's address (pii); sorted as asked
      expect(await ids(`q=${early.body.payment_id.slice(2, 12)}`)).toEqual([early.body.payment_id]);
      expect(await ids(`q=${encodeURIComponent(member.mail.slice(0, 8).toUpperCase())}`)).toHaveLength(2);
      expect(await ids('q=%25')).toEqual([]);
      expect(await ids('sort=created_at&dir=asc')).toEqual([late.body.payment_id, early.body.payment_id]);
      expect(await ids('sort=nonsense&dir=sideways')).toEqual([early.body.payment_id, late.body.payment_id]);
      expect((await owner.get(`/admin/payments?user_id=${member.id}&per=1`)).body).toMatchObject({
        per_page: 1,
        all_page: 2,
      });

      // a viewer reads payments, with the member's address masked and no transfer name; no search by them
      const viewer = await staffClient(t, 'viewer');
      expect(
        (await viewer.get(`/admin/payments?user_id=${member.id}&q=${encodeURIComponent(member.mail)}`)).body
          .total,
      ).toBe(0);
      const seen = await viewer.get(`/admin/payments?user_id=${member.id}`);
      expect(seen.body).toMatchObject({ state: 200, total: 2, pii: false });
      expect(seen.body.list[1].email).toMatch(/^m\*\*\*@/);
      expect(seen.body.list[1].holder_name).toBeNull();
      const masked = await viewer.get(`/admin/payments?email=${encodeURIComponent(member.mail)}`);
      // the filter needs members.pii: ignored
      expect(masked.body.total).toBe((await viewer.get('/admin/payments')).body.total);
    }
  });

  it('pages 50 at a time', async () => {
    const { member } = await loggedIn(t);
    const at = t.clock.now().toISOString();
    await db
      .insertInto('payments')
      .values(
        Array.from({ length: 51 }, (_, i) => ({
          public_id: `paging-${member.id}-${i}`,
          user_id: member.id,
          point_price_id: course5000,
          pay_id: 2,
          method: 'combini',
          provider: 'sandbox',
          amount_yen: 5000,
          gems: 5000,
          status: 'expired' as const,
          created_at: at,
          updated_at: at,
          expires_at: at,
        })),
      )
      .execute();
    const owner = await staffClient(t, 'owner');
    const first = await owner.get(`/admin/payments?user_id=${member.id}`);
    expect(first.body).toMatchObject({ total: 51, page: 1, all_page: 2 });
    expect(first.body.list).toHaveLength(50);
    const second = await owner.get(`/admin/payments?user_id=${member.id}&page=2`);
    expect(second.body.list).toHaveLength(1);
    expect((await owner.get(`/admin/payments?user_id=${member.id}&page=9`)).body.page).toBe(2);
  });

  it('a payment shows its credit, what each refund reason would give and its provider events', async () => {
    const { member, client } = await loggedIn(t);
    const buy = await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course5000 });
    const p = await paymentByPublicId(buy.body.payment_id);
    const owner = await staffClient(t, 'owner');
    const pending = await owner.get(`/admin/payments/${p.id}`);
    expect(pending.body).toMatchObject({
      state: 200,
      payment: { payment_id: buy.body.payment_id, method: 'combini', status: 'pending' },
      credit: null,
      refund_options: null,
      refund: null,
      match: null,
      events: [],
    });
    expect((await sandboxButton(t, p.payment_url!, 'settle')).status).toBe(303);
    await sandboxButton(t, p.payment_url!, 'resend');
    await client.post('/user/pack/buy', { packId: pack.packId, count: '12' }); // 1,200 gems spent
    const paid = await owner.get(`/admin/payments/${p.id}`);
    expect(paid.body.payment.status).toBe('succeeded');
    expect(paid.body.credit).toMatchObject({ gems: 5000, unspent: 3800, spent: 1200, expired: false });
    expect(paid.body.refund_options).toEqual({ company_fault: 5000, legal_unused: 3800 });
    expect(paid.body.events.map((e: { type: string }) => e.type)).toEqual([
      'payment.succeeded',
      'payment.succeeded',
    ]);
    expect(paid.body.events[0]).toMatchObject({ provider: 'sandbox' });
    expect((await owner.get('/admin/payments/99999999')).body.state).toBe(404);
    expect(member.id).toBe(paid.body.payment.user_id);
  });

  it("the company's fault: the whole payment refunded, the unspent gems taken back once, the spent part shown", async () => {
    const { member, client, payment } = await buyer(course5000, 1200);
    const owner = await staffClient(t, 'owner');
    const audits = await auditCount(db);
    const res = await owner.post(`/admin/payments/${payment.id}/refund`, {
      reason_kind: 'company_fault',
      reason: 'Charged twice by a fault of the shop',
    });
    expect(res.body).toMatchObject({
      state: 200,
      changed: true,
      refund: {
        reason_kind: 'company_fault',
        gems: 5000,
        gems_reclaimed: 3800,
        gems_spent: 1200,
        amount_yen: 5000,
        status: 'succeeded',
        attempt: 1,
        provider: 'sandbox',
        failure_code: null,
      },
    });
    expect(res.body.refund.provider_refund_ref).toMatch(/^sbr_/);
    expect(res.body.refund.staff_email).toMatch(/@shop\.example$/);
    // the member's gems: the purchase's lot emptied by one ledger row; the pack plays stay
    const s = await gemState(db, member.id, t.clock.now());
    expect(s).toMatchObject({ balance: 0, ledgerSum: 0, credits: 1 });
    expect(await refundLedger(member.id)).toMatchObject([
      { delta: -3800, reference: `payment:${payment.id}`, balance_after: 0 },
    ]);
    const history = await client.get('/user/point/list/1');
    expect(JSON.stringify(history.body)).toContain('Purchase refunded');
    // at the provider: one refund of ¥5,000 with the shop's key
    const sandbox = await db.selectFrom('sandbox_refunds').selectAll().execute();
    expect(sandbox.filter((r) => r.merchant_refund_id === `${payment.public_id}-refund-1`)).toMatchObject([
      { amount: 5000, status: 'succeeded' },
    ]);
    // two audit rows: the staff member's decision (the payment's state and the refund's apart, never
    // "succeeded → requested"), and the provider's news of its success (its signed notification lands first)
    expect(await auditCount(db)).toBe(audits + 2);
    const log = await owner.get(`/admin/audit?target_type=payment&target_id=${payment.id}`);
    expect(log.body.list).toMatchObject([
      {
        action: 'payment.refund_result',
        staff_id: null,
        staff_email: '(payment provider sandbox)',
        before: { refund_status: 'requested', attempt: 1 },
        after: { refund_status: 'succeeded', attempt: 1 },
      },
      {
        action: 'payment.refund',
        before: { payment_status: 'succeeded', gems_unspent: 3800, refund: null, refund_status: null },
        after: {
          reason_kind: 'company_fault',
          amount_yen: 5000,
          gems_reclaimed: 3800,
          gems_spent: 1200,
          refund_status: 'requested',
        },
      },
    ]);
    // the payment's page shows it; it cannot be refunded again
    const detail = await owner.get(`/admin/payments/${payment.id}`);
    expect(detail.body).toMatchObject({ refund_options: null, refund: { status: 'succeeded' } });
    expect(detail.body.events.map((e: { type: string }) => e.type)).toContain('refund.succeeded');
    const again = await owner.post(`/admin/payments/${payment.id}/refund`, {
      reason_kind: 'legal_unused',
      reason: 'again',
    });
    expect(again.body).toMatchObject({ state: 200, changed: false, refund: { amount_yen: 5000 } });
    expect(await refundLedger(member.id)).toHaveLength(1);
    expect(await auditCount(db)).toBe(audits + 2);
    const list = await owner.get(`/admin/payments?user_id=${member.id}`);
    expect(list.body.list[0].refund).toEqual({ status: 'succeeded', amount_yen: 5000, gems_reclaimed: 3800 });
  });

  it('the unused balance the law requires: the unspent share of what was paid, rounded down', async () => {
    // 2,000 gems for ¥1,800; 500 spent → 1,500 unspent → floor(1800 × 1500 / 2000) = ¥1,350
    const { member, payment } = await buyer(discounted, 500);
    const owner = await staffClient(t, 'operator');
    const res = await owner.post(`/admin/payments/${payment.id}/refund`, {
      reason_kind: 'legal_unused',
      reason: 'The service ends (Payment Services Act)',
    });
    expect(res.body).toMatchObject({
      state: 200,
      changed: true,
      refund: { amount_yen: 1350, gems_reclaimed: 1500, gems_spent: 500, status: 'succeeded' },
    });
    expect((await gemState(db, member.id, t.clock.now())).balance).toBe(0);
    const atProvider = await db
      .selectFrom('sandbox_refunds')
      .select('amount')
      .where('merchant_refund_id', '=', `${payment.public_id}-refund-1`)
      .executeTakeFirstOrThrow();
    expect(atProvider.amount).toBe(1350);
  });

  it('refusals change nothing: all spent (unused balance), a pending payment, an unknown one, the wrong role', async () => {
    const owner = await staffClient(t, 'owner');
    const spent = await buyer(discounted, 2000);
    const pendingBuyer = await loggedIn(t);
    const pending = await pendingBuyer.client.post('/user/point/buy', {
      pay_id: 2,
      pointPriceId: course5000,
    });
    const pendingRow = await paymentByPublicId(pending.body.payment_id);
    const support = await staffClient(t, 'support');
    const before = await moneyTables(db);
    const nothingLeft = await owner.post(`/admin/payments/${spent.payment.id}/refund`, {
      reason_kind: 'legal_unused',
      reason: 'service ends',
    });
    expect(nothingLeft.body).toMatchObject({
      state: 409,
      errors: { refund: [expect.stringMatching(/spent/)] },
    });
    const notPaid = await owner.post(`/admin/payments/${pendingRow.id}/refund`, {
      reason_kind: 'company_fault',
      reason: 'x',
    });
    expect(notPaid.body).toMatchObject({ state: 409, errors: { payment: [expect.any(String)] } });
    expect(
      (await owner.post('/admin/payments/99999999/refund', { reason_kind: 'company_fault', reason: 'x' }))
        .body.state,
    ).toBe(404);
    expect(
      (
        await owner.post(`/admin/payments/${spent.payment.id}/refund`, {
          reason_kind: 'goodwill',
          reason: 'the member asked',
        })
      ).body.state,
    ).toBe(400);
    expect(
      (await owner.post(`/admin/payments/${spent.payment.id}/refund`, { reason_kind: 'company_fault' })).body
        .errors.reason,
    ).toBeDefined();
    expect(
      (
        await support.post(`/admin/payments/${spent.payment.id}/refund`, {
          reason_kind: 'company_fault',
          reason: 'x',
        })
      ).body.state,
    ).toBe(403);
    expect(await moneyTables(db)).toEqual(before);
    // the company's fault still refunds a purchase that was all spent: its whole yen, no gems to take back
    const full = await owner.post(`/admin/payments/${spent.payment.id}/refund`, {
      reason_kind: 'company_fault',
      reason: 'a system error',
    });
    expect(full.body.refund).toMatchObject({ amount_yen: 1800, gems_reclaimed: 0, gems_spent: 2000 });
    expect(await refundLedger(spent.member.id)).toEqual([]);
  });

  it('expired gems are not taken back (they are gone): only what is left and unexpired', async () => {
    const { member, payment } = await buyer(course5000, 1000);
    const saved = t.clock.current;
    try {
      t.clock.advance(190 * 24 * 3600_000); // past the 6 months of the lot
      const owner = await staffClient(t, 'owner');
      const d = await owner.get(`/admin/payments/${payment.id}`);
      expect(d.body.credit).toMatchObject({ unspent: 0, spent: 5000, expired: true });
      expect(d.body.refund_options).toEqual({ company_fault: 5000, legal_unused: 0 });
      const r = await owner.post(`/admin/payments/${payment.id}/refund`, {
        reason_kind: 'company_fault',
        reason: 'late complaint upheld',
      });
      expect(r.body.refund).toMatchObject({ gems_reclaimed: 0, gems_spent: 5000, amount_yen: 5000 });
      expect(await refundLedger(member.id)).toEqual([]);
    } finally {
      t.clock.current = saved;
    }
  });

  it("a refund made at the provider (its dashboard) becomes the payment's refund once, from its notification", async () => {
    const { member, payment } = await buyer(course5000, 2000);
    const sbp = await db
      .selectFrom('sandbox_payments')
      .select('id')
      .where('merchant_reference', '=', payment.public_id)
      .executeTakeFirstOrThrow();
    const page = `/sandbox-pay/pay/${sbp.id}`;
    expect((await sandboxButton(t, page, 'refund')).status).toBe(303);
    const owner = await staffClient(t, 'owner');
    const d = await owner.get(`/admin/payments/${payment.id}`);
    expect(d.body.refund).toMatchObject({
      reason_kind: 'provider',
      staff_id: null,
      amount_yen: 5000,
      gems_reclaimed: 3000,
      gems_spent: 2000,
      status: 'succeeded',
    });
    expect(await refundLedger(member.id)).toHaveLength(1);
    // its notification replayed, and staff refunding afterwards: nothing more
    await sandboxButton(t, page, 'resend');
    const staff = await owner.post(`/admin/payments/${payment.id}/refund`, {
      reason_kind: 'company_fault',
      reason: 'member called',
    });
    expect(staff.body).toMatchObject({ state: 200, changed: false, refund: { reason_kind: 'provider' } });
    expect(await refundLedger(member.id)).toHaveLength(1);
    expect(
      await db.selectFrom('sandbox_refunds').selectAll().where('payment_id', '=', sbp.id).execute(),
    ).toHaveLength(1);
    // nothing left to refund at the provider: its page refuses
    expect((await sandboxButton(t, page, 'refund')).status).toBe(409);
  });

  it('bad input on the refund and match routes: 400 (403 without csrf), nothing written', async () => {
    const owner = await staffClient(t, 'owner');
    await expectBadInputRefused(
      db,
      owner,
      '/admin/payments/1/refund',
      { reason_kind: 'company_fault', reason: 'x' },
      { reason_kind: 1, reason: ['x'] },
    );
    await expectBadInputRefused(
      db,
      owner,
      '/admin/payments/1/match',
      { user_id: 1, amount_yen: 1000, holder_name: 'ヤマダ', reason: 'x' },
      { user_id: 'one', amount_yen: '1000', holder_name: 3, reason: null },
    );
  });
});

describe(`bank transfers matched by hand (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  async function pendingTransfer(app: TestApp = t) {
    const { member, client } = await loggedIn(app);
    const buy = await client.post('/user/point/buy', {
      pay_id: 4,
      pointPriceId: course5000,
      name: 'ｽｽﾞｷ ﾊﾅｺ',
    });
    expect(buy.body.result).toBe('2');
    const payment = await paymentByPublicId(buy.body.payment_id);
    return { member, client, payment, url: payment.payment_url! };
  }
  const match = (c: TestClient, id: number, body: Record<string, unknown>) =>
    c.post(`/admin/payments/${id}/match`, body);

  it('the member and the amount must be the payment’s; then credited once with its row and audit row', async () => {
    const { member, client, payment } = await pendingTransfer();
    const support = await staffClient(t, 'support');
    const body = {
      user_id: member.id,
      amount_yen: 5000,
      holder_name: 'スズキ ハナコ',
      reason: 'statement 11/20',
    };
    const before = await moneyTables(db);
    expect((await match(support, payment.id, { ...body, user_id: member.id + 1 })).body).toMatchObject({
      state: 400,
      errors: { user_id: [expect.any(String)] },
    });
    expect((await match(support, payment.id, { ...body, amount_yen: 4999 })).body).toMatchObject({
      state: 400,
      errors: { amount_yen: ['The amount does not match this payment (¥5000).'] },
    });
    const viewer = await staffClient(t, 'viewer');
    expect((await match(viewer, payment.id, body)).body.state).toBe(403);
    expect(await moneyTables(db)).toEqual(before);

    const audits = await auditCount(db);
    const ok = await match(support, payment.id, body);
    expect(ok.body).toMatchObject({
      state: 200,
      changed: true,
      gems: 5000,
      payment: { status: 'succeeded', matched_by_hand: true },
    });
    expect((await client.get('/user/point')).body.point).toBe(5000);
    expect(await gemState(db, member.id, t.clock.now())).toMatchObject({ balance: 5000, credits: 1 });
    expect(await auditCount(db)).toBe(audits + 1);
    const owner = await staffClient(t, 'owner');
    const d = await owner.get(`/admin/payments/${payment.id}`);
    expect(d.body.match).toMatchObject({
      amount_yen: 5000,
      holder_name: 'スズキ ハナコ',
      reason: 'statement 11/20',
    });
    expect(d.body.match.staff_email).toMatch(/@shop\.example$/);
    const log = await owner.get(`/admin/audit?target_type=payment&target_id=${payment.id}`);
    expect(log.body.list).toMatchObject([
      { action: 'payment.match', before: { status: 'pending' }, after: { status: 'succeeded', gems: 5000 } },
    ]);
    // a replay changes nothing; the provider's late news neither
    expect((await match(support, payment.id, body)).body).toMatchObject({
      state: 200,
      changed: false,
      gems: 0,
    });
    expect(await gemState(db, member.id, t.clock.now())).toMatchObject({ balance: 5000, credits: 1 });
    expect(await auditCount(db)).toBe(audits + 1);
  });

  it('not a pending bank transfer: 409 (a card payment, one the provider credited, an expired one)', async () => {
    const support = await staffClient(t, 'support');
    const card = await buyer();
    expect(
      (
        await match(support, card.payment.id, {
          user_id: card.member.id,
          amount_yen: 5000,
          holder_name: 'カード',
          reason: 'x',
        })
      ).body,
    ).toMatchObject({ state: 409, errors: { payment: ['This payment is not a bank transfer.'] } });
    const settled = await pendingTransfer();
    await sandboxButton(t, settled.url, 'settle', { holder_name: 'スズキ ハナコ', amount: '5000' });
    const body = { user_id: settled.member.id, amount_yen: 5000, holder_name: 'スズキ ハナコ', reason: 'x' };
    expect((await match(support, settled.payment.id, body)).body).toMatchObject({
      state: 409,
      errors: { payment: ['This payment has already been credited.'] },
    });
    expect(await gemState(db, settled.member.id, t.clock.now())).toMatchObject({ balance: 5000, credits: 1 });
    const late = await pendingTransfer();
    await db.updateTable('payments').set({ status: 'expired' }).where('id', '=', late.payment.id).execute();
    expect(
      (await match(support, late.payment.id, { ...body, user_id: late.member.id })).body.errors.payment[0],
    ).toContain('expired');
  });

  it('a payment matched by hand is refunded by hand: the refund is recorded as manual, no provider call', async () => {
    const { member, payment } = await pendingTransfer();
    const support = await staffClient(t, 'support');
    await match(support, payment.id, {
      user_id: member.id,
      amount_yen: 5000,
      holder_name: 'スズキ',
      reason: 'x',
    });
    const owner = await staffClient(t, 'owner');
    const r = await owner.post(`/admin/payments/${payment.id}/refund`, {
      reason_kind: 'company_fault',
      reason: 'wrong course sold',
    });
    expect(r.body.refund).toMatchObject({ status: 'manual', amount_yen: 5000, gems_reclaimed: 5000 });
    const sbp = await db
      .selectFrom('sandbox_payments')
      .select('id')
      .where('merchant_reference', '=', payment.public_id)
      .executeTakeFirstOrThrow();
    expect(
      await db.selectFrom('sandbox_refunds').selectAll().where('payment_id', '=', sbp.id).execute(),
    ).toEqual([]);
  });
});
