import { describe, expect, it } from 'vitest';
import { checkLedgers } from '../src/db/ledger-check.ts';
import { backfillPaidParts } from '../src/db/migrations/022-ledger-paid-part.ts';
import { awardGems, expireLots, voidGems } from '../src/modules/gems/service.ts';
import { createPack } from './draw-factories.ts';
import { cardToken, createCourse, loggedIn } from './fakes/shop.ts';
import { createTestApp, onPostgres } from './helpers.ts';
import { createMember } from './factories.ts';
import { staffClient } from './staff-factories.ts';

/**
 * The console's money pages on a ledger built for the purpose, every instant chosen: sales, refunds and net by JST
 * day and method; the gem liability (paid and bonus apart) on any day, expiry counted when the lot expired whether
 * or not the sweep has run; the Payment Services Act's prepaid-balance report on its base dates with the deposit
 * above ¥10 million; the CSV files; bad input refused in the staff member's language. SQLite and PostgreSQL.
 */
const t = await createTestApp({ rateLimits: false });
const db = t.db;
const jst = (s: string) => new Date(`${s}+09:00`);
const at = <T>(s: string, work: () => Promise<T>) => {
  t.clock.current = jst(s);
  return work();
};

const course20000 = await createCourse(db, { point: 20000 });
const course5000 = await createCourse(db, { point: 5000 });
const course3000 = await createCourse(db, { point: 3000 });
const owner = await staffClient(t, 'owner');
const ownerJa = await staffClient(t, 'owner');
await ownerJa.get('/admin/me');
ownerJa.cookies.set('lang', 'ja');

async function buyByCard(client: Awaited<ReturnType<typeof loggedIn>>['client'], course: number) {
  const token = await cardToken(t);
  const buy = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: course, token });
  expect(buy.body.result, JSON.stringify(buy.body)).toBe('1');
  return db
    .selectFrom('payments')
    .selectAll()
    .where('public_id', '=', buy.body.payment_id)
    .executeTakeFirstOrThrow();
}

// C buys 3,000 paid gems in the half year to 30 Sep 2025; they expire on 20 Mar 2026, unspent
const c = await at('2025-09-20T12:00:00', () => loggedIn(t));
await at('2025-09-20T12:00:00', () => buyByCard(c.client, course3000));
// A: 500 free gems on 1 Oct, 20,000 paid on 5 Oct; spends 800 on 1 Nov (the free 500 expire first, then 300 paid)
const a = await at('2025-10-01T09:00:00', () => loggedIn(t));
await at('2025-10-01T09:00:00', () =>
  db
    .transaction()
    .execute((tx) =>
      awardGems(
        tx,
        { userId: a.member.id, amount: 500, kind: 'bonus', source: 'admin', reason: 'test_grant' },
        t.clock.now(),
      ),
    ),
);
await at('2025-10-05T10:00:00', () => buyByCard(a.client, course20000));
// (a pack bought through the shop: on PostgreSQL the purchase function writes the ledger row and its paid part)
const pack = await createPack(db, {
  point: 100,
  start_at: '2025-01-01T00:00:00.000Z',
  prizes: [{ quantity: 100 }],
});
const spend = await at('2025-11-01T20:00:00', () =>
  a.client.post('/user/pack/buy', { packId: pack.packId, count: '8' }),
);
// B buys 5,000 at 23:30 on 1 Dec; refunded in full at 00:30 on 2 Dec (the shop's fault)
const b = await at('2025-12-01T23:30:00', () => loggedIn(t));
const bPayment = await at('2025-12-01T23:30:00', () => buyByCard(b.client, course5000));
const refund = await at('2025-12-02T00:30:00', () =>
  owner.post(`/admin/payments/${bPayment.id}/refund`, {
    reason_kind: 'company_fault',
    reason: 'Charged by mistake',
  }),
);
// D: 1,000 free gems on 1 Feb 2026, voided with the account on 10 Feb
const d = await createMember(db, {});
await at('2026-02-01T12:00:00', () =>
  db
    .transaction()
    .execute((tx) =>
      awardGems(
        tx,
        { userId: d.id, amount: 1000, kind: 'bonus', source: 'admin', reason: 'test_grant' },
        t.clock.now(),
      ),
    ),
);
await at('2026-02-10T12:00:00', () => db.transaction().execute((tx) => voidGems(tx, d.id, t.clock.now())));
// E: a paid lot of ¥12,345,679 on 10 Sep 2026 (an import of a large balance: the ledger row is the purchase's)
const e = await createMember(db, {});
await at('2026-09-10T12:00:00', () =>
  db
    .transaction()
    .execute((tx) =>
      awardGems(
        tx,
        { userId: e.id, amount: 12_345_679, kind: 'paid', source: 'purchase', reason: 'test_import' },
        t.clock.now(),
      ),
    ),
);

describe(`the accounts (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('the pack purchase and the refund went through', () => {
    expect(spend.body.state, JSON.stringify(spend.body)).toBe(200);
    expect(refund.body).toMatchObject({
      state: 200,
      refund: { status: 'succeeded', amount_yen: 5000, gems_reclaimed: 5000 },
    });
  });

  it('sales, refunds and net by JST day and method; the gems of each kind issued, used, expired, refunded, left', async () => {
    t.clock.current = jst('2025-12-03T12:00:00');
    const r = await owner.get('/admin/accounting?from=2025-12-01&to=2025-12-02');
    expect(r.body.state).toBe(200);
    const [day1, day2] = r.body.days;
    expect(day1).toMatchObject({
      period: '2025-12-01',
      payments: 1,
      gross_yen: 5000,
      refunds: 0,
      net_yen: 5000,
      by_method: [{ method: 'card', gross_yen: 5000, net_yen: 5000 }],
      // C's 3,000 and A's 19,700 were left on 30 Nov; B's 5,000 came in
      paid_gems: { issued: 5000, used: 0, expired: 0, refunded: 0, balance: 3000 + 19_700 + 5000 },
      bonus_gems: { issued: 0, used: 0, expired: 0, refunded: 0, balance: 0 },
    });
    expect(day2).toMatchObject({
      period: '2025-12-02',
      payments: 0,
      gross_yen: 0,
      refunds: 1,
      refunds_yen: 5000,
      net_yen: -5000,
      paid_gems: { issued: 0, refunded: 5000, balance: 3000 + 19_700 },
    });
    expect(r.body.months).toMatchObject([
      { period: '2025-12', gross_yen: 5000, refunds_yen: 5000, net_yen: 0 },
    ]);
    expect(r.body.total).toMatchObject({ gross_yen: 5000, refunds_yen: 5000, net_yen: 0 });

    const oct = await owner.get('/admin/accounting?from=2025-10-01&to=2025-11-30');
    expect(oct.body.months).toMatchObject([
      {
        period: '2025-10',
        gross_yen: 20_000,
        paid_gems: { issued: 20_000, used: 0, balance: 23_000 },
        bonus_gems: { issued: 500, used: 0, balance: 500 },
      },
      {
        period: '2025-11',
        gross_yen: 0,
        paid_gems: { issued: 0, used: 300, balance: 22_700 },
        bonus_gems: { used: 500, balance: 0 },
      },
    ]);
  });

  it('the liability on any day equals the daily closing balance; expiry counts on the day the lot expired, swept or not', async () => {
    t.clock.current = jst('2026-04-01T12:00:00');
    const liability = async (date: string) =>
      (await owner.get(`/admin/accounting/liability?date=${date}`)).body;
    expect(await liability('2026-03-19')).toMatchObject({ paid: 22_700, bonus: 0, total: 22_700 });
    // C's lot expired on 20 Mar at 12:00 JST; no sweep has run
    expect(await liability('2026-03-20')).toMatchObject({ paid: 19_700 });
    expect(await liability('2026-02-01')).toMatchObject({ paid: 22_700, bonus: 1000 });
    expect(await liability('2026-02-10')).toMatchObject({ bonus: 0 });
    const report = (await owner.get('/admin/accounting?from=2026-02-01&to=2026-03-31')).body;
    for (const day of report.days as {
      period: string;
      paid_gems: { balance: number };
      bonus_gems: { balance: number };
    }[]) {
      const l = await liability(day.period);
      expect([day.period, day.paid_gems.balance, day.bonus_gems.balance]).toEqual([
        day.period,
        l.paid,
        l.bonus,
      ]);
    }
    expect(report.months[0]).toMatchObject({
      period: '2026-02',
      bonus_gems: { issued: 1000, expired: 1000 },
    });
    expect(report.months[1]).toMatchObject({ period: '2026-03', paid_gems: { expired: 3000 } });

    // the sweep runs ten days late: nothing moves in the past
    const before = await owner.get('/admin/accounting/prepaid?base=2026-03-31');
    t.clock.current = jst('2026-04-10T12:00:00');
    expect(await expireLots(db, t.clock.now())).toMatchObject({ lots: 2 }); // C's and A's, expired on 5 Apr
    const after = await owner.get('/admin/accounting/prepaid?base=2026-03-31');
    expect({ ...after.body, base_dates: null, provisional: null }).toEqual({
      ...before.body,
      base_dates: null,
      provisional: null,
    });
    expect(await liability('2026-03-20')).toMatchObject({ paid: 19_700 });
    expect(await liability('2026-04-05')).toMatchObject({ paid: 0 });
  });

  it('the prepaid-balance report on 30 Sep and 31 Mar; above ¥10 million half must be deposited', async () => {
    t.clock.current = jst('2026-11-01T12:00:00');
    const sep25 = (await owner.get('/admin/accounting/prepaid?base=2025-09-30')).body;
    expect(sep25).toMatchObject({
      period_from: '2025-04-01',
      period_to: '2025-09-30',
      issued: 3000,
      used: 0,
      unused_balance: 3000,
      exceeds: false,
      deposit_required: 0,
      due_date: '2025-11-30',
      provisional: false,
    });
    const mar26 = (await owner.get('/admin/accounting/prepaid?base=2026-03-31')).body;
    expect(mar26).toMatchObject({
      period_from: '2025-10-01',
      issued: 25_000,
      used: 300,
      expired: 3000,
      refunded: 5000,
      unused_balance: 19_700,
      threshold: 10_000_000,
      exceeds: false,
      deposit_required: 0,
      due_date: '2026-05-31',
    });
    // the free gems (A's 500, D's 1,000) are not in the report
    const sep26 = (await owner.get('/admin/accounting/prepaid')).body;
    expect(sep26).toMatchObject({
      base_date: '2026-09-30',
      issued: 12_345_679,
      expired: 19_700,
      unused_balance: 12_345_679,
      exceeds: true,
      deposit_required: 6_172_840,
      due_date: '2026-11-30',
      base_dates: ['2026-09-30', '2026-03-31', '2025-09-30', '2025-03-31', '2024-09-30', '2024-03-31'],
    });
  });

  it('CSV files of the days, the payments, the refunds and the report', async () => {
    t.clock.current = jst('2026-11-01T12:00:00');
    const get = async (url: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: { cookie: owner.cookieHeader() },
      });
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body.startsWith('\ufeff')).toBe(true);
      return res.body.slice(1).trim().split('\r\n');
    };
    const daily = await get('/admin/accounting/daily.csv?from=2025-12-01&to=2025-12-02');
    expect(daily).toHaveLength(3);
    expect(daily[0]).toMatch(/^date,payments,gross_yen,refunds,refunds_yen,net_yen,card_net_yen,/);
    expect(daily[2]).toMatch(/^2025-12-02,0,0,1,5000,-5000,-5000,/);
    const payments = await get('/admin/accounting/payments.csv?from=2025-12-01&to=2025-12-31');
    expect(payments).toHaveLength(2);
    expect(payments[1]).toContain(`2025-12-01 23:30:00,${bPayment.public_id},${b.member.id},card,sandbox,`);
    expect(payments[1]).toMatch(/,5000,5000,succeeded,5000$/);
    const refunds = await get('/admin/accounting/refunds.csv?from=2025-12-01&to=2025-12-31');
    expect(refunds[1]).toMatch(/^2025-12-02 00:30:00,2025-12-02 00:30:00,succeeded,/);
    expect(refunds[1]).toContain(',company_fault,Charged by mistake,');
    const prepaid = await get('/admin/accounting/prepaid.csv?base=2026-09-30');
    expect(prepaid[0]).toBe(
      'base_date,period_from,period_to,issued,used,expired,refunded,unused_balance,threshold,exceeds,deposit_required,due_date,provisional',
    );
    expect(prepaid[1]).toBe(
      '2026-09-30,2026-04-01,2026-09-30,12345679,0,19700,0,12345679,10000000,yes,6172840,2026-11-30,no',
    );
  });

  it('bad dates are refused in the staff member language; a future day reads as today', async () => {
    t.clock.current = jst('2026-11-01T12:00:00');
    for (const [url, field, text] of [
      ['/admin/accounting?from=2025-13-01', 'from', '日付はYYYY-MM-DDの形で入力してください。'],
      ['/admin/accounting?from=2025-02-30', 'from', '日付はYYYY-MM-DDの形で入力してください。'],
      ['/admin/accounting?from=2025-12-02&to=2025-12-01', 'from', '開始日は終了日より前にしてください。'],
      ['/admin/accounting?from=2024-01-01&to=2025-12-01', 'from', '一度に選べるのは366日までです。'],
      ['/admin/accounting/liability?date=yesterday', 'date', '日付はYYYY-MM-DDの形で入力してください。'],
      ['/admin/accounting/prepaid?base=2026-04-01', 'base', '基準日は3月31日と9月30日です。'],
      ['/admin/accounting/daily.csv?to=x', 'to', '日付はYYYY-MM-DDの形で入力してください。'],
    ] as const) {
      const res = await ownerJa.get(url);
      expect(res.body, url).toMatchObject({ state: 400, errors: { [field]: [text] } });
    }
    const future = (await owner.get('/admin/accounting/liability?date=2030-01-01')).body;
    expect(future).toMatchObject({ date: '2026-11-01', at: jst('2026-11-01T12:00:00').toISOString() });
    const thisMonth = (await owner.get('/admin/accounting')).body;
    expect([thisMonth.from, thisMonth.to]).toEqual(['2026-11-01', '2026-11-01']);
  });

  it('the ledgers add up with their paid parts, and the migration replay finds the paid parts the writers wrote', async () => {
    expect((await checkLedgers(db)).problems).toEqual([]);
    const written = await db.selectFrom('gem_ledger').select(['id', 'paid_delta']).orderBy('id').execute();
    await db.updateTable('gem_ledger').set({ paid_delta: 0 }).execute();
    await backfillPaidParts(db);
    expect(await db.selectFrom('gem_ledger').select(['id', 'paid_delta']).orderBy('id').execute()).toEqual(
      written,
    );
  });
});
