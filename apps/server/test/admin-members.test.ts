import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import { addMonths } from '../src/db/time.ts';
import { insertExchangeCard } from '../src/modules/exchange/service.ts';
import {
  createMember as createFundedMember,
  createMembers,
  createPack,
  expectNothingChanged,
  loginAs,
  memberClient,
  TEST_CARD_TYPE,
} from './draw-factories.ts';
import { createMember } from './factories.ts';
import { cardToken, createCourse } from './fakes/shop.ts';
import { createTestApp, testConfig, type TestClient } from './helpers.ts';
import { auditCount, staffClient } from './staff-factories.ts';

/**
 * The console's members. Search and the member page (personal data only with members.pii),
 * grants and deductions through the ledgers (one audit row each, never below zero, two staff at once cannot
 * overdraw), suspension (no sign-in, no purchase, decision, exchange or transfer; sessions end; items stay),
 * ending sessions, resetting SMS verification.
 */
const t = await createTestApp({ transfer: testConfig().transfer! });
const db = t.db;
const now = () => t.clock.now();

let seq = 0;
const requestId = () => `r${Date.now().toString(36)}${seq++}${randomBytes(4).toString('hex')}`;
const tag = () => `${Date.now().toString(36)}${seq++}${randomBytes(2).toString('hex')}`;

async function lastAudit() {
  const row = await db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    before: JSON.parse(row.before_json ?? 'null'),
    after: JSON.parse(row.after_json ?? 'null'),
  };
}

const ledgerOf = (userId: number) =>
  db.selectFrom('gem_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const lotsOf = (userId: number) =>
  db.selectFrom('gem_lots').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const coinsOf = async (userId: number) =>
  (await db.selectFrom('users').select('coin_tenths').where('id', '=', userId).executeTakeFirstOrThrow())
    .coin_tenths;

/** The balance, the sum of the ledger and the last balance_after agree (DOMAIN.md: ledgers add up). */
async function expectGemsAddUp(userId: number, balance: number) {
  const lots = await lotsOf(userId);
  const at = now().toISOString();
  expect(lots.filter((l) => l.expires_at > at).reduce((s, l) => s + l.remaining, 0)).toBe(balance);
  const ledger = await ledgerOf(userId);
  expect(ledger.reduce((s, r) => s + r.delta, 0)).toBe(balance);
  expect(ledger.at(-1)?.balance_after ?? 0).toBe(balance);
  for (const l of lots) expect(l.remaining).toBeGreaterThanOrEqual(0);
}

async function expectCoinsAddUp(userId: number, tenths: number) {
  expect(await coinsOf(userId)).toBe(tenths);
  const ledger = await db
    .selectFrom('coin_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  expect(ledger.reduce((s, r) => s + r.delta_tenths, 0)).toBe(tenths);
  expect(ledger.at(-1)?.balance_after_tenths ?? 0).toBe(tenths);
}

describe('searching members', () => {
  it('support finds a member by email, member number, name, phone number and referral code', async () => {
    const k = tag();
    const m = await createMember(db, {
      mail: `hanako.${k}@example.com`,
      last_name: 'Yamada',
      first_name: `Hanako${k}`,
      tel: `+8190${String(Date.now()).slice(-8)}`,
    });
    const row = await db.selectFrom('users').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    const support = await staffClient(t, 'support');
    const find = async (q: string) => {
      const res = await support.get(`/admin/members?q=${encodeURIComponent(q)}`);
      expect(res.body.state, q).toBe(200);
      expect(res.body.pii).toBe(true);
      return res.body.list.map((r: { id: number }) => r.id) as number[];
    };
    expect(await find(`HANAKO.${k.toUpperCase()}@`)).toEqual([m.id]);
    expect(await find(String(m.id))).toContain(m.id);
    expect(await find(`#${m.id}`)).toContain(m.id);
    expect(await find(`yamada hanako${k}`)).toEqual([m.id]);
    expect(await find(`Hanako${k} Yamada`)).toEqual([m.id]);
    expect(await find(row.tel.slice(3))).toEqual([m.id]); // the national digits
    expect(await find(`0${row.tel.slice(3)}`)).toEqual([m.id]); // as written in Japan
    expect(await find(row.referral_code.toLowerCase())).toEqual([m.id]);
    expect(await find(`%${k}`)).toEqual([]); // LIKE wildcards are text
    const res = await support.get(`/admin/members?q=${encodeURIComponent(m.mail)}`);
    expect(res.body.list[0]).toMatchObject({
      id: m.id,
      mail: m.mail,
      name: `Yamada Hanako${k}`,
      tel: row.tel,
      referral_code: row.referral_code,
      gems: 0,
      end_sms: false,
      suspended_at: null,
    });
  });

  it('pages the matches, newest first; a page past the end is the last one', async () => {
    const k = tag();
    const ids = await createMembers(db, 53);
    await db
      .updateTable('users')
      .set({ last_name: `Paged${k}` })
      .where('id', 'in', ids)
      .execute();
    const support = await staffClient(t, 'support');
    const first = await support.get(`/admin/members?q=paged${k}`);
    expect(first.body).toMatchObject({ page: 1, all_page: 2, per_page: 50, total: 53 });
    expect(first.body.list.map((r: { id: number }) => r.id)).toEqual([...ids].reverse().slice(0, 50));
    const last = await support.get(`/admin/members?q=paged${k}&page=9`);
    expect(last.body).toMatchObject({ page: 2, total: 53 });
    expect(last.body.list.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 3).reverse());
  });

  it('filters by state, SMS and rank and sorts on the server', async () => {
    const k = tag();
    const [plain, suspended, erased, ranked] = await createMembers(db, 4);
    await db
      .updateTable('users')
      .set({ last_name: `Filtered${k}` })
      .where('id', 'in', [plain!, suspended!, erased!, ranked!])
      .execute();
    await db
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', suspended!)
      .execute();
    await db
      .updateTable('users')
      .set({ anonymised_at: new Date().toISOString() })
      .where('id', '=', erased!)
      .execute();
    await db
      .updateTable('users')
      .set({ rank: 4, end_sms: 1, coin_tenths: 50 })
      .where('id', '=', ranked!)
      .execute();
    const support = await staffClient(t, 'support');
    const ids = async (query: string) =>
      (await support.get(`/admin/members?q=filtered${k}&${query}`)).body.list.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids('state=active')).toEqual([ranked, plain]);
    expect(await ids('state=suspended')).toEqual([suspended]);
    expect(await ids('state=anonymised')).toEqual([erased]);
    expect(await ids('rank=4')).toEqual([ranked]);
    expect(await ids('sms=done')).toEqual([ranked]);
    expect(await ids('sms=not&state=active')).toEqual([plain]);
    expect(await ids('sort=coins&dir=desc&per=1')).toEqual([ranked]);
    expect(await ids('sort=id&dir=asc')).toEqual([plain, suspended, erased, ranked]);
    // unreadable filters fall back to every member
    expect(await ids('state=gone&rank=9&sms=maybe&sort=nonsense')).toHaveLength(4);
  });

  it('a viewer sees personal data masked and searches by member number and referral code only', async () => {
    const k = tag();
    const m = await createMember(db, {
      mail: `masked.${k}@example.com`,
      last_name: 'Suzuki',
      first_name: 'Ichiro',
      tel: '+14155550123',
    });
    const row = await db.selectFrom('users').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    const viewer = await staffClient(t, 'viewer');
    expect((await viewer.get(`/admin/members?q=${encodeURIComponent(m.mail)}`)).body.list).toEqual([]);
    expect((await viewer.get('/admin/members?q=suzuki')).body.list).toEqual([]);
    const res = await viewer.get(`/admin/members?q=${row.referral_code}`);
    expect(res.body).toMatchObject({ state: 200, pii: false });
    expect(res.body.list).toEqual([
      expect.objectContaining({
        id: m.id,
        mail: `m***@example.com`,
        name: 'S*** I***',
        tel: '**********23',
      }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(m.mail);
    expect((await viewer.get(`/admin/members?q=${m.id}`)).body.list[0].id).toBe(m.id);
  });
});

/** A member with something of everything the member page shows. */
async function richMember() {
  const k = tag();
  const referrer = await createFundedMember(db);
  const id = await createFundedMember(db, { gems: 5000, coinTenths: 1234 });
  await db
    .updateTable('users')
    .set({ referred_by: referrer, end_sms: 1, mail: `rich.${k}@example.com` })
    .where('id', '=', id)
    .execute();
  const referred = await createFundedMember(db);
  await db.updateTable('users').set({ referred_by: id }).where('id', '=', referred).execute();
  const at = now().toISOString();
  await db
    .insertInto('referral_rewards')
    .values({ referrer_id: referrer, referred_id: id, amount: 1000, created_at: at })
    .execute();
  await db
    .insertInto('verified_phones')
    .values({ phone: `+1415${String(Date.now()).slice(-7)}`, user_id: id, created_at: at })
    .execute();
  // an expired lot
  await db
    .insertInto('gem_lots')
    .values({
      user_id: id,
      kind: 'paid',
      source: 'purchase',
      amount: 100,
      remaining: 100,
      awarded_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-07-01T00:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('rank_months')
    .values([
      { user_id: id, month: '2026-10', rank: 2, spend: 12000, how: 'spend', created_at: at },
      { user_id: id, month: '2026-11', rank: 3, spend: 60000, how: 'spend', created_at: at },
    ])
    .execute();
  const coupon = await db
    .insertInto('coupons')
    .values({
      code: `C${k}`.toUpperCase().slice(0, 20),
      kind: 'gems',
      gems: 300,
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2027-01-01T00:00:00.000Z',
      max_uses: null,
      created_at: at,
      disabled_at: null,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await db.insertInto('coupon_uses').values({ coupon_id: coupon.id, user_id: id, created_at: at }).execute();
  const course = await createCourse(db, { point: 1000 });
  await db
    .insertInto('payments')
    .values({
      public_id: `pay_${k}`,
      user_id: id,
      point_price_id: course,
      pay_id: 6,
      method: 'bank',
      provider: 'sandbox',
      amount_yen: 1000,
      gems: 1000,
      status: 'pending',
      provider_ref: null,
      pack_id: null,
      holder_name: 'ヤマダ ハナコ',
      combini_code: null,
      receipt_number: null,
      payment_url: null,
      detail: null,
      failure_code: null,
      created_at: at,
      updated_at: at,
      expires_at: new Date(now().getTime() + 3 * 86400_000).toISOString(),
      settled_at: null,
    })
    .execute();
  // a purchase of 3 lots, one shipped-to-be, one converted
  const { packId } = await createPack(db, { point: 100 });
  const client = t.client();
  await loginAs(db, client, id);
  const second = t.client();
  await loginAs(db, second, id);
  const buy = await client.post('/user/pack/buy', { packId, count: '3' });
  expect(buy.body.state).toBe(200);
  const [a, b] = buy.body.cards.map((c: { history_id: number }) => c.history_id);
  const decided = await client.post('/user/pack/decision', { send_card: [a], reduction_card: [b] });
  expect(decided.body.state).toBe(200);
  return { id, referrer, referred, coupon, packId, client };
}

describe('the member page', () => {
  it('shows the profile, address, ranks, gems, referrals, coupons and sessions (never their ids) to support', async () => {
    const r = await richMember();
    const support = await staffClient(t, 'support');
    const res = await support.get(`/admin/members/${r.id}`);
    expect(res.body.state).toBe(200);
    const user = await db.selectFrom('users').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(res.body).toMatchObject({
      pii: true,
      member: {
        id: r.id,
        mail: user.mail,
        tel: user.tel,
        end_sms: true,
        coin_tenths: 1234 + 3, // 0.3 coins earned on 300 gems
        suspended_at: null,
      },
      address: { country_id: 840, zipcode: '94105', shiku: 'San Francisco', address: '1 Market St' },
      ranks: [
        { month: '2026-11', rank: 3, spend: 60000, how: 'spend' },
        { month: '2026-10', rank: 2, spend: 12000, how: 'spend' },
      ],
      referral: {
        referred_by: { id: r.referrer },
        reward: { amount: 1000 },
        referred: [{ id: r.referred, rewarded: false }],
        referred_total: 1,
      },
      coupons: [{ coupon_id: r.coupon.id, code: r.coupon.code, kind: 'gems', gems: 300 }],
      counts: { purchases: 1, payments: 1, items: { unselected: 1, ship: 1, convert: 1, shipped: 0 } },
    });
    // the converted item's value depends on which lot it was: the balance is what the ledger says
    const ledger = await ledgerOf(r.id);
    expect(res.body.member.gems).toBe(ledger.at(-1)!.balance_after);
    expect(res.body.member.next_gem_expiry).toEqual({
      at: addMonths(now().toISOString(), 6),
      gems: res.body.member.gems,
    });
    expect(res.body.sessions).toHaveLength(2);
    for (const s of res.body.sessions) {
      expect(Object.keys(s).sort()).toEqual(['created_at', 'expires_at', 'last_seen_at', 'persistent']);
    }
    const hashes = await db.selectFrom('sessions').select('id_hash').where('user_id', '=', r.id).execute();
    const text = JSON.stringify(res.body);
    for (const h of hashes) expect(text).not.toContain(h.id_hash);
    for (const sid of [r.client.cookies.get('sid')!]) expect(text).not.toContain(sid);
  });

  it('masks personal data for a viewer: no address, no holder name, masked mail, names and phones', async () => {
    const r = await richMember();
    const viewer = await staffClient(t, 'viewer');
    const res = await viewer.get(`/admin/members/${r.id}`);
    const user = await db.selectFrom('users').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(res.body).toMatchObject({
      pii: false,
      member: { mail: 'r***@example.com', last_name: 'T***', tel: '*********00' },
      address: null,
    });
    expect(res.body.member.verified_phone).toMatch(/^\*+\d\d$/);
    const text = JSON.stringify(res.body);
    for (const v of [user.mail, user.address, user.first_name, user.tel]) expect(text).not.toContain(v);
    const payments = await viewer.get(`/admin/members/${r.id}/payments`);
    expect(payments.body.list).toEqual([expect.objectContaining({ method: 'bank', holder_name: null })]);
    const full = await (await staffClient(t, 'operator')).get(`/admin/members/${r.id}/payments`);
    expect(full.body.list[0]).toMatchObject({
      holder_name: 'ヤマダ ハナコ',
      status: 'pending',
      credited: false,
      amount_yen: 1000,
    });
  });

  it('pages the gem lots (expired ones marked), both ledgers, purchases with lot positions and won items', async () => {
    const r = await richMember();
    const viewer = await staffClient(t, 'viewer');
    const base = `/admin/members/${r.id}`;
    const live = await viewer.get(`${base}/gem-lots`);
    expect(live.body).toMatchObject({ state: 200, total: 2, page: 1, all_page: 1 });
    expect(live.body.list.every((l: { expired: boolean }) => !l.expired)).toBe(true);
    const all = await viewer.get(`${base}/gem-lots?state=all`);
    expect(all.body.total).toBe(3);
    expect(all.body.list).toContainEqual(
      expect.objectContaining({ source: 'purchase', kind: 'paid', remaining: 100, expired: true }),
    );
    const gems = await viewer.get(`${base}/gem-ledger`);
    expect(gems.body.list.map((l: { reason: string }) => l.reason)).toEqual([
      'conversion',
      'pack_purchase',
      'admin_grant',
    ]);
    const coins = await viewer.get(`${base}/coin-ledger`);
    expect(coins.body.list[0]).toMatchObject({ delta_tenths: 3, reason: 'pack_purchase_reward' });
    const purchases = await viewer.get(`${base}/purchases`);
    const purchase = await db
      .selectFrom('pack_purchases')
      .selectAll()
      .where('user_id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(purchases.body.list).toEqual([
      expect.objectContaining({
        id: purchase.id,
        pack_id: r.packId,
        count: 3,
        first_position: purchase.first_position,
        last_position: purchase.first_position + 2,
        currency: 'gem',
        price_paid: 300,
        items: { unselected: 1, ship: 1, convert: 1, shipped: 0 },
      }),
    ]);
    const items = await viewer.get(`${base}/items`);
    expect(items.body.total).toBe(3);
    const positions = items.body.list.map((i: { position: number }) => i.position).sort();
    expect(positions).toEqual([0, 1, 2].map((p) => purchase.first_position + p));
    const shipping = await viewer.get(`${base}/items?status=ship`);
    expect(shipping.body.list).toEqual([
      expect.objectContaining({ status: 'ship', decided_by: 'member', shipment_status: 'open' }),
    ]);
    expect((await viewer.get(`${base}/items?status=bogus`)).body.total).toBe(3); // an unknown filter is none
  });

  it('an unknown member is 404 member_not_found on every read and action', async () => {
    const support = await staffClient(t, 'support');
    for (const p of ['', '/gem-lots', '/gem-ledger', '/coin-ledger', '/purchases', '/items', '/payments']) {
      expect((await support.get(`/admin/members/999999${p}`)).body).toMatchObject({
        state: 404,
        message: 'There is no such member.',
      });
    }
    const before = await auditCount(db);
    for (const [p, body] of [
      ['/gems/grant', { amount: 10, reason: 'x', request_id: requestId() }],
      ['/gems/deduct', { amount: 10, reason: 'x', request_id: requestId() }],
      ['/coins/grant', { tenths: 10, reason: 'x', request_id: requestId() }],
      ['/suspend', { reason: 'x' }],
      ['/unsuspend', { reason: 'x' }],
      ['/sessions/end', { reason: 'x' }],
      ['/sms/reset', { reason: 'x' }],
    ] as const) {
      expect((await support.post(`/admin/members/999999${p}`, body)).body.state, p).toBe(404);
    }
    expect(await auditCount(db)).toBe(before);
  });
});

describe('gems: grants and deductions', () => {
  it('a grant is a bonus lot of source admin with its ledger row and one audit row with the reason; the member sees it', async () => {
    const m = await memberClient(t);
    const support = await staffClient(t, 'support');
    const before = await auditCount(db);
    const rid = requestId();
    const res = await support.post(`/admin/members/${m.userId}/gems/grant`, {
      amount: 1000,
      reason: 'Compensation, ticket 42',
      request_id: rid,
    });
    expect(res.body).toMatchObject({ state: 200, applied: true, balance: 1000 });
    const [lot] = await lotsOf(m.userId);
    expect(lot).toMatchObject({
      kind: 'bonus',
      source: 'admin',
      amount: 1000,
      remaining: 1000,
      expires_at: addMonths(now().toISOString(), 6),
    });
    expect(await ledgerOf(m.userId)).toEqual([
      expect.objectContaining({
        delta: 1000,
        reason: 'admin',
        balance_after: 1000,
        reference: `admin:req-${rid}`,
      }),
    ]);
    expect(await auditCount(db)).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({
      action: 'member.gems.grant',
      target_type: 'member',
      target_id: String(m.userId),
      before: { gems: 0 },
      after: { gems: 1000, amount: 1000, reason: 'Compensation, ticket 42', lot_id: lot!.id },
    });
    expect((await m.client.get('/user/point')).body.point).toBe(1000);
    const history = await m.client.get('/user/point/list/1');
    expect(history.body.list[0]).toMatchObject({ bonusPoint: 1000, memo: 'Granted by the management' });
  });

  it('the same request id again changes nothing (a retried click): applied false, one lot, one audit row', async () => {
    const userId = await createFundedMember(db);
    const support = await staffClient(t, 'support');
    const rid = requestId();
    const body = { amount: 500, reason: 'Retry test', request_id: rid };
    expect((await support.post(`/admin/members/${userId}/gems/grant`, body)).body.applied).toBe(true);
    const before = await auditCount(db);
    await expectNothingChanged(db, async () => {
      const again = await support.post(`/admin/members/${userId}/gems/grant`, body);
      expect(again.body).toMatchObject({ state: 200, applied: false, balance: 500 });
      // the same id for another action is the same request too
      const other = await support.post(`/admin/members/${userId}/gems/deduct`, body);
      expect(other.body).toMatchObject({ state: 200, applied: false, balance: 500 });
    });
    expect(await auditCount(db)).toBe(before);
    // both at once: one applies
    const rid2 = requestId();
    const both = await Promise.all(
      [1, 2].map(() => support.post(`/admin/members/${userId}/gems/grant`, { ...body, request_id: rid2 })),
    );
    expect(both.map((b) => b.body.applied).sort()).toEqual([false, true]);
    await expectGemsAddUp(userId, 1000);
  });

  it('a deduction spends the oldest-expiring lots first through the ledger; the member reads “Adjusted by the management”', async () => {
    const m = await memberClient(t);
    const at = now().toISOString();
    await db
      .insertInto('gem_lots')
      .values([
        {
          user_id: m.userId,
          kind: 'bonus',
          source: 'coupon',
          amount: 300,
          remaining: 300,
          awarded_at: '2026-06-01T00:00:00.000Z',
          expires_at: '2026-12-01T00:00:00.000Z',
        },
        {
          user_id: m.userId,
          kind: 'paid',
          source: 'purchase',
          amount: 1000,
          remaining: 1000,
          awarded_at: at,
          expires_at: addMonths(at, 6),
        },
        {
          user_id: m.userId,
          kind: 'paid',
          source: 'purchase',
          amount: 700,
          remaining: 700,
          awarded_at: '2026-01-01T00:00:00.000Z',
          expires_at: '2026-07-01T00:00:00.000Z', // expired: never touched, never counted
        },
      ])
      .execute();
    await db
      .insertInto('gem_ledger')
      .values({
        user_id: m.userId,
        delta: 1300,
        paid_delta: 1000,
        reason: 'test',
        reference: null,
        balance_after: 1300,
        created_at: at,
      })
      .execute();
    const support = await staffClient(t, 'support');
    const res = await support.post(`/admin/members/${m.userId}/gems/deduct`, {
      amount: 500,
      reason: 'Duplicate credit',
      request_id: requestId(),
    });
    expect(res.body).toMatchObject({ state: 200, applied: true, balance: 800 });
    expect((await lotsOf(m.userId)).map((l) => l.remaining)).toEqual([0, 800, 700]);
    expect((await ledgerOf(m.userId)).at(-1)).toMatchObject({
      delta: -500,
      reason: 'admin_deduction',
      balance_after: 800,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'member.gems.deduct',
      before: { gems: 1300 },
      after: { gems: 800, amount: 500, reason: 'Duplicate credit' },
    });
    const history = await m.client.get('/user/point/list/1');
    expect(history.body.list[0]).toMatchObject({ memo: 'Adjusted by the management', history_id: null });
  });

  it('a deduction past the balance is refused (409 admin_deduct_exceeds, in English and Japanese) and writes nothing', async () => {
    const userId = await createFundedMember(db, { gems: 800 });
    for (const lang of ['en', 'ja'] as const) {
      const staff = await staffClient(t, 'operator');
      staff.cookies.set('lang', lang);
      const before = await auditCount(db);
      await expectNothingChanged(db, async () => {
        const res = await staff.post(`/admin/members/${userId}/gems/deduct`, {
          amount: 801,
          reason: 'Too much',
          request_id: requestId(),
        });
        expect(res.body).toMatchObject({
          state: 409,
          errors: { amount: [message('admin_deduct_exceeds', lang, { balance: 800 })] },
        });
      });
      expect(await auditCount(db)).toBe(before);
    }
  });

  it('a missing reason, a zero or negative amount, a bad request id: 400, nothing written', async () => {
    const userId = await createFundedMember(db, { gems: 100 });
    const support = await staffClient(t, 'support');
    const before = await auditCount(db);
    await expectNothingChanged(db, async () => {
      for (const [body, field] of [
        [{ amount: 10, request_id: requestId() }, 'reason'],
        [{ amount: 10, reason: '   ', request_id: requestId() }, 'reason'],
        [{ amount: 0, reason: 'x', request_id: requestId() }, 'amount'],
        [{ amount: -5, reason: 'x', request_id: requestId() }, 'amount'],
        [{ amount: 1.5, reason: 'x', request_id: requestId() }, 'amount'],
        [{ amount: 10, reason: 'x', request_id: 'short' }, 'request_id'],
        [{ amount: 10, reason: 'x' }, 'request_id'],
      ] as const) {
        for (const path of ['grant', 'deduct']) {
          const res = await support.post(`/admin/members/${userId}/gems/${path}`, body);
          expect(res.body.state, JSON.stringify(body)).toBe(400);
          expect(Object.keys(res.body.errors)).toContain(field);
        }
      }
    });
    expect(await auditCount(db)).toBe(before);
  });

  it('two staff deducting at once cannot overdraw: one applies, the other is refused, the ledger adds up', async () => {
    const userId = await createFundedMember(db, { gems: 1000 });
    const [a, b] = [await staffClient(t, 'support'), await staffClient(t, 'owner')];
    const before = await auditCount(db);
    const answers = await Promise.all(
      [a, b].map((c) =>
        c.post(`/admin/members/${userId}/gems/deduct`, {
          amount: 700,
          reason: 'Race',
          request_id: requestId(),
        }),
      ),
    );
    expect(answers.map((r) => r.body.state).sort()).toEqual([200, 409]);
    expect(await auditCount(db)).toBe(before + 1);
    await expectGemsAddUp(userId, 300);
  });

  it('fifteen deductions of 100 at once on 1,000 gems, with grants racing them: exactly what the gems cover', async () => {
    const userId = await createFundedMember(db, { gems: 1000 });
    const staff = await Promise.all([1, 2, 3].map(() => staffClient(t, 'support')));
    const before = await auditCount(db);
    const calls = [
      ...Array.from({ length: 15 }, (_, i) =>
        staff[i % 3]!.post(`/admin/members/${userId}/gems/deduct`, {
          amount: 100,
          reason: 'Race',
          request_id: requestId(),
        }),
      ),
      staff[0]!.post(`/admin/members/${userId}/gems/grant`, {
        amount: 50,
        reason: 'Race',
        request_id: requestId(),
      }),
    ];
    const answers = await Promise.all(calls);
    const deducted = answers.slice(0, 15).filter((r) => r.body.state === 200).length;
    expect(answers.slice(0, 15).every((r) => [200, 409].includes(r.body.state))).toBe(true);
    expect(answers[15]!.body.state).toBe(200);
    expect(deducted).toBe(10); // 1,050 covers ten whatever the order
    expect(await auditCount(db)).toBe(before + 11);
    await expectGemsAddUp(userId, 1050 - deducted * 100);
  });
});

describe('coins: grants and deductions', () => {
  it('through the coins ledger in tenths, with the reason in the audit row; never below zero; the member reads it', async () => {
    const m = await memberClient(t, { coinTenths: 50 });
    const support = await staffClient(t, 'support');
    const grant = await support.post(`/admin/members/${m.userId}/coins/grant`, {
      tenths: 25,
      reason: 'Goodwill',
      request_id: requestId(),
    });
    expect(grant.body).toMatchObject({ state: 200, applied: true, balance: 75 });
    expect(await lastAudit()).toMatchObject({
      action: 'member.coins.grant',
      before: { coin_tenths: 50 },
      after: { coin_tenths: 75, tenths: 25, reason: 'Goodwill' },
    });
    const deduct = await support.post(`/admin/members/${m.userId}/coins/deduct`, {
      tenths: 70,
      reason: 'Correction',
      request_id: requestId(),
    });
    expect(deduct.body).toMatchObject({ state: 200, balance: 5 });
    const before = await auditCount(db);
    await expectNothingChanged(db, async () => {
      const over = await support.post(`/admin/members/${m.userId}/coins/deduct`, {
        tenths: 6,
        reason: 'Too much',
        request_id: requestId(),
      });
      expect(over.body).toMatchObject({
        state: 409,
        errors: { tenths: [message('admin_deduct_exceeds', 'en', { balance: 5 })] },
      });
    });
    expect(await auditCount(db)).toBe(before);
    await expectCoinsAddUp(m.userId, 5);
    const history = await m.client.get('/user/coin_history/1');
    expect(history.body.list.slice(0, 2)).toMatchObject([
      { money: 7, memo: 'Adjusted by the shop' },
      { bonusCoin: 2.5, memo: 'Granted by the shop' },
    ]);
  });

  it('two staff deducting coins at once cannot overdraw', async () => {
    const userId = await createFundedMember(db, { coinTenths: 100 });
    const staff = [await staffClient(t, 'support'), await staffClient(t, 'operator')];
    const answers = await Promise.all(
      staff.map((c) =>
        c.post(`/admin/members/${userId}/coins/deduct`, {
          tenths: 60,
          reason: 'Race',
          request_id: requestId(),
        }),
      ),
    );
    expect(answers.map((r) => r.body.state).sort()).toEqual([200, 409]);
    await expectCoinsAddUp(userId, 40);
  });
});

describe('suspension', () => {
  const login = (c: TestClient, m: { mail: string; pass: string }) =>
    c.post('/user/login', { mail: m.mail, pass: m.pass });

  it('ends every session, refuses the password sign-in (en, ja), keeps the items; unsuspending lets them back', async () => {
    const m = await createMember(db, { country_id: 840 });
    await db
      .insertInto('gem_lots')
      .values({
        user_id: m.id,
        kind: 'bonus',
        source: 'admin',
        amount: 1000,
        remaining: 1000,
        awarded_at: now().toISOString(),
        expires_at: addMonths(now().toISOString(), 6),
      })
      .execute();
    const browsers = [t.client(), t.client()];
    for (const c of browsers) expect((await login(c, m)).body.state).toBe(200);
    const { packId } = await createPack(db, { point: 100 });
    expect((await browsers[0]!.post('/user/pack/buy', { packId, count: '2' })).body.state).toBe(200);
    const items = () =>
      db.selectFrom('won_items').select(['id', 'status']).where('user_id', '=', m.id).orderBy('id').execute();
    const itemsBefore = await items();

    const support = await staffClient(t, 'support');
    const before = await auditCount(db);
    const res = await support.post(`/admin/members/${m.id}/suspend`, { reason: 'Chargeback fraud' });
    expect(res.body).toMatchObject({ state: 200, changed: true, sessions_ended: 2 });
    expect(res.body.suspended_at).toBe(now().toISOString());
    expect(await auditCount(db)).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({
      action: 'member.suspend',
      target_id: String(m.id),
      before: { suspended_at: null },
      after: { reason: 'Chargeback fraud', sessions_ended: 2 },
    });
    for (const c of browsers) expect((await c.get('/user/point')).body.is_login).toBe('0');

    // again: nothing changes, no audit row
    const again = await support.post(`/admin/members/${m.id}/suspend`, { reason: 'Twice' });
    expect(again.body).toMatchObject({ state: 200, changed: false, sessions_ended: 0 });
    expect(await auditCount(db)).toBe(before + 1);

    for (const lang of ['en', 'ja'] as const) {
      const c = t.client({ lang });
      const refused = await login(c, m);
      expect(refused.body).toMatchObject({
        state: 400,
        errors: { mail: [message('account_suspended', lang)] },
      });
      expect((await c.get('/user/point')).body.is_login).toBe('0');
      // the wrong password says nothing about the suspension
      const wrong = await login(c, { mail: m.mail, pass: 'wrong-password' });
      expect(wrong.body.errors.mail).toEqual([message('login_failed', lang)]);
    }
    expect(await db.selectFrom('sessions').where('user_id', '=', m.id).selectAll().execute()).toEqual([]);
    expect(await items()).toEqual(itemsBefore);
    const page = await support.get(`/admin/members/${m.id}`);
    expect(page.body.member).toMatchObject({ suspended_reason: 'Chargeback fraud', gems: 800 });

    const lifted = await support.post(`/admin/members/${m.id}/unsuspend`, { reason: 'Bank confirmed' });
    expect(lifted.body).toMatchObject({ state: 200, changed: true, suspended_at: null });
    expect(await lastAudit()).toMatchObject({
      action: 'member.unsuspend',
      before: { suspended_reason: 'Chargeback fraud' },
      after: { suspended_at: null, reason: 'Bank confirmed' },
    });
    const back = t.client();
    expect((await login(back, m)).body).toMatchObject({ state: 200, is_login: '1' });
    expect((await back.post('/user/pack/buy', { packId, count: '1' })).body.state).toBe(200);
    const unchanged = await support.post(`/admin/members/${m.id}/unsuspend`, { reason: 'Again' });
    expect(unchanged.body).toMatchObject({ changed: false });
  });

  it('a session that outlived the suspension (a sign-in racing it) cannot buy packs or gems, decide, exchange or transfer', async () => {
    const card = await db
      .insertInto('cards')
      .values({
        card_type_id: TEST_CARD_TYPE,
        name_en: 'Exchange card',
        name_ja: '交換カード',
        model_number: 'EX-1',
        rarity: 3,
        rarity_label: 'R',
        image_url: '/media/cards/x.svg',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const exchangeCardId = await insertExchangeCard(db, {
      card_id: card.id,
      sub_coin: 10,
      stock: 5,
      member_limit: 0,
      visible_from: null,
      visible_until: null,
      created_at: now().toISOString(),
    });
    const { packId } = await createPack(db, { point: 100 });
    const course = await createCourse(db, { point: 1000 });
    const support = await staffClient(t, 'support');

    for (const lang of ['en', 'ja'] as const) {
      const userId = await createFundedMember(db, { gems: 2000, coinTenths: 1000, lang });
      const c = t.client({ lang });
      await loginAs(db, c, userId);
      const linked = await c.post('/user/transfer/login', {
        login_id: 'partner@example.com',
        password: 'partner1234',
      });
      expect(linked.body.state).toBe(200);
      const bought = await c.post('/user/pack/buy', { packId, count: '2' });
      const [a, b] = bought.body.cards.map((x: { history_id: number }) => x.history_id);
      const token = await cardToken(t);

      expect((await support.post(`/admin/members/${userId}/suspend`, { reason: 'Fraud' })).body.changed).toBe(
        true,
      );
      await loginAs(db, c, userId); // the racing sign-in's session
      const suspended = { state: 409, message: message('account_suspended', lang) };
      await expectNothingChanged(db, async () => {
        expect((await c.post('/user/pack/buy', { packId, count: '1' })).body, 'buy').toMatchObject(suspended);
        expect(
          (await c.post('/user/pack/decision', { send_card: [a], reduction_card: [b] })).body,
          'decision',
        ).toMatchObject(suspended);
        expect(
          (await c.post('/user/exchange_card/exchange', { card_id: exchangeCardId, change_num: 1 })).body,
          'exchange',
        ).toMatchObject(suspended);
      });
      const payments = await db.selectFrom('payments').select('id').where('user_id', '=', userId).execute();
      const gemBuy = await c.post('/user/point/buy', { pay_id: 1, pointPriceId: course, token });
      expect(gemBuy.body, 'gem purchase').toMatchObject(suspended);
      expect(await db.selectFrom('payments').select('id').where('user_id', '=', userId).execute()).toEqual(
        payments,
      );
      const transfer = await c.post('/user/transfer/point', { point: 100, request_id: requestId() });
      expect(transfer.body, 'transfer').toMatchObject(suspended);
      expect(
        await db.selectFrom('point_transfers').select('id').where('user_id', '=', userId).execute(),
      ).toEqual([]);
      // the items stay as they were
      const items = await db.selectFrom('won_items').select('status').where('user_id', '=', userId).execute();
      expect(items.map((i) => i.status)).toEqual(['unselected', 'unselected']);
    }
  });
});

describe('sessions and SMS verification', () => {
  it('ending all sessions signs the member out everywhere, audited; with none, nothing is written', async () => {
    const m = await memberClient(t);
    const other = t.client();
    await loginAs(db, other, m.userId);
    const support = await staffClient(t, 'support');
    const before = await auditCount(db);
    const res = await support.post(`/admin/members/${m.userId}/sessions/end`, { reason: 'Lost phone' });
    expect(res.body).toMatchObject({ state: 200, sessions_ended: 2 });
    expect(await lastAudit()).toMatchObject({
      action: 'member.sessions.end',
      before: { sessions: 2 },
      after: { sessions: 0, reason: 'Lost phone' },
    });
    for (const c of [m.client, other]) expect((await c.get('/user/point')).body.is_login).toBe('0');
    const none = await support.post(`/admin/members/${m.userId}/sessions/end`, { reason: 'Again' });
    expect(none.body).toMatchObject({ state: 200, sessions_ended: 0 });
    expect(await auditCount(db)).toBe(before + 1);
    expect((await support.post(`/admin/members/${m.userId}/sessions/end`, {})).body.state).toBe(400);
  });

  it('a session’s last request is kept (written at most every few minutes) and shown to staff', async () => {
    const m = await memberClient(t);
    const hash = createHash('sha256').update(m.client.cookies.get('sid')!).digest('hex');
    const seen = async () =>
      (
        await db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('id_hash', '=', hash)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const first = await seen();
    expect(first).not.toBeNull();
    await m.client.get('/user/point');
    expect(await seen()).toBe(first); // not again within minutes
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await db.updateTable('sessions').set({ last_seen_at: old }).where('id_hash', '=', hash).execute();
    await m.client.get('/user/point');
    expect(Date.parse((await seen())!)).toBeGreaterThan(Date.parse(old));
    const page = await (await staffClient(t, 'viewer')).get(`/admin/members/${m.userId}`);
    expect(page.body.sessions).toEqual([
      expect.objectContaining({ last_seen_at: await seen(), persistent: false }),
    ]);
  });

  it('resetting SMS verification lets the member verify again; release_phone frees the number; audited', async () => {
    const m = await memberClient(t, { countryId: 392 });
    const phone = `+8190${String(Date.now()).slice(-8)}`;
    await db.updateTable('users').set({ end_sms: 1, tel: phone }).where('id', '=', m.userId).execute();
    await db
      .insertInto('verified_phones')
      .values({ phone, user_id: m.userId, created_at: now().toISOString() })
      .execute();
    const national = `0${phone.slice(3)}`;
    expect((await m.client.post('/user/send_sms', { tel: national })).body.state).toBe(400); // already done

    const support = await staffClient(t, 'support');
    const res = await support.post(`/admin/members/${m.userId}/sms/reset`, { reason: 'New phone' });
    expect(res.body).toMatchObject({ state: 200, changed: true, released_phone: false });
    expect(await lastAudit()).toMatchObject({
      action: 'member.sms.reset',
      before: { end_sms: 1, verified_phone: true },
      after: { end_sms: 0, verified_phone: true, reason: 'New phone' },
    });
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', m.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ end_sms: 0, tel: phone });
    // the number stays this member's: another member cannot take it
    const other = await memberClient(t, { countryId: 392 });
    expect((await other.client.post('/user/send_sms', { tel: national })).body.state).toBe(400);
    expect((await m.client.post('/user/send_sms', { tel: national })).body.state).toBe(200);

    const before = await auditCount(db);
    const again = await support.post(`/admin/members/${m.userId}/sms/reset`, { reason: 'Again' });
    expect(again.body).toMatchObject({ changed: false, released_phone: false });
    expect(await auditCount(db)).toBe(before);
    const release = await support.post(`/admin/members/${m.userId}/sms/reset`, {
      reason: 'Number reassigned by the carrier',
      release_phone: 1,
    });
    expect(release.body).toMatchObject({ changed: true, released_phone: true });
    expect(
      await db.selectFrom('verified_phones').select('phone').where('phone', '=', phone).execute(),
    ).toEqual([]);
    expect((await other.client.post('/user/send_sms', { tel: national })).body.state).toBe(200);
  });
});
