import { describe, expect, it } from 'vitest';
import { rateMonthAt, setMonthlyRate } from '../src/modules/payments/fx.ts';
import { unlockPointPrice } from '../src/modules/payments/service.ts';
import { addDemoShopWords } from '../src/demo/shop-words.ts';
import { createTestApp } from './helpers.ts';
import { cardToken, createCourse, gemState, loggedIn, paymentCounts } from './fakes/shop.ts';

/**
 * Point prices (spec §2 Buy gems, §3 Point price): yen and dollar prices from the monthly rate (effective at
 * 12:00 JST on the 1st, with its date), the campaign window, hidden courses unlocked by coupons, and the free
 * grant of a rate "100" course.
 */
const t = await createTestApp(); // FX_USD_JPY defaults to 150
// the spec's campaign is the demo's (demo/shop-words.ts)
await t.db.transaction().execute((tx) => addDemoShopWords(tx, t.clock.now()));
const c1000 = await createCourse(t.db, { point: 1000, sort: 1 });
const c5000 = await createCourse(t.db, { point: 5000, price: 5000, sort: 2 });
const hidden = await createCourse(t.db, { point: 3000, coupon_only: 1, sort: 3 });
const freeHidden = await createCourse(t.db, { point: 500, price: 500, rate: '100', coupon_only: 1, sort: 4 });
const freePublic = await createCourse(t.db, { point: 300, price: 300, rate: '100', sort: 5 });

const at = (iso: string) => {
  t.clock.current = new Date(iso);
};

describe('the monthly exchange rate', () => {
  it('without a stored rate: FX_USD_JPY, dated the current month 1st', async () => {
    at('2026-11-20T03:00:00Z');
    const res = await t.client().get('/user/point_price/1');
    expect(res.body).toMatchObject({ state: 200, fx_rate: 150, fx_date: '26/11/01', page: 1, all_page: 1 });
    const item = res.body.list.find((c: { id: number }) => c.id === c1000);
    expect(item).toMatchObject({
      point: 1000,
      price: 1000,
      doller: 667,
      discount: null,
      discount_doller: null,
      pay_price: 1000,
      rate: '0',
      is_free: '0',
    });
  });

  it('a stored month takes effect at 12:00 JST on its 1st, and stays until the next one', async () => {
    await setMonthlyRate(t.db, '2026-11', 155.5);
    await setMonthlyRate(t.db, '2026-12', 140);
    const fx = async () => {
      const b = (await t.client().get('/user/point_price/1')).body;
      return {
        rate: b.fx_rate,
        date: b.fx_date,
        doller: b.list.find((c: { id: number }) => c.id === c5000).doller,
      };
    };
    at('2026-11-20T03:00:00Z');
    expect(await fx()).toEqual({ rate: 155.5, date: '26/11/01', doller: Math.round(500_000 / 155.5) });
    at('2026-12-01T02:59:59Z'); // 11:59:59 JST on 1 Dec: still November's
    expect(await fx()).toEqual({ rate: 155.5, date: '26/11/01', doller: 3215 });
    at('2026-12-01T03:00:00Z'); // 12:00 JST
    expect(await fx()).toEqual({ rate: 140, date: '26/12/01', doller: 3571 });
    at('2027-02-10T00:00:00Z'); // no January or February rate stored: December's still applies
    expect(await fx()).toEqual({ rate: 140, date: '26/12/01', doller: 3571 });
    expect(rateMonthAt(new Date('2027-01-01T02:59:59Z'))).toBe('2026-12');
    expect(rateMonthAt(new Date('2027-01-01T03:00:00Z'))).toBe('2027-01');
  });
});

describe('the campaign window: 10% off from 10 Oct 2025 04:00 to 11 Oct 2025 09:00 JST', () => {
  const detail = async () => (await t.client().get(`/user/point_price/detail/${c1000}`)).body;

  it('shows discount and discount_doller only inside the window', async () => {
    await setMonthlyRate(t.db, '2025-10', 150);
    at('2025-10-09T18:59:59Z'); // 03:59:59 JST
    expect((await detail()).detail).toMatchObject({ discount: null, pay_price: 1000 });
    // before (and after) the window the note still names the window's own discount
    expect(await detail()).toMatchObject({ campaign: '0', campaign_percent: 10 });
    at('2025-10-09T19:00:00Z'); // 04:00 JST
    const inside = await detail();
    expect(inside).toMatchObject({
      campaign: '1',
      campaign_percent: 10,
      campaign_start: '2025-10-10 04:00:00',
      campaign_end: '2025-10-11 09:00:00',
    });
    expect(inside.detail).toMatchObject({
      price: 1000,
      discount: 900,
      doller: 667,
      discount_doller: 600,
      pay_price: 900,
    });
    at('2025-10-11T00:00:00Z'); // 09:00 JST: over
    expect((await detail()).detail.discount).toBeNull();
    expect(await detail()).toMatchObject({ campaign: '0', campaign_percent: 10 });
  });

  it('a purchase inside the window is charged the discounted price for the full gems', async () => {
    at('2025-10-10T12:00:00Z');
    const { member, client } = await loggedIn(t);
    const token = await cardToken(t);
    const res = await client.post('/user/point/buy', { pay_id: 1, pointPriceId: c1000, token });
    expect(res.body).toMatchObject({ state: 200, result: '1', point: 1000, price: 900 });
    expect((await gemState(t.db, member.id, t.clock.now())).balance).toBe(1000);
    const hist = await client.get('/user/point/list/1');
    expect(hist.body.list[0]).toMatchObject({ bonusPoint: 1000, money: 900 });
    at('2026-11-20T03:00:00Z');
  });
});

describe('hidden courses and the free grant', () => {
  it('hidden courses are listed, shown and sold only to members who unlocked them', async () => {
    at('2026-11-20T03:00:00Z');
    const a = await loggedIn(t);
    const b = await loggedIn(t);
    const ids = async (c: typeof a.client) =>
      (await c.get('/user/point_price/1')).body.list.map((x: { id: number }) => x.id);
    expect(await ids(t.client())).toEqual([c1000, c5000, freePublic]);
    expect(await ids(a.client)).toEqual([c1000, c5000, freePublic]);
    expect((await a.client.get(`/user/point_price/detail/${hidden}`)).body.state).toBe(404);
    expect((await a.client.post('/user/point/buy', { pay_id: 2, pointPriceId: hidden })).body.state).toBe(
      400,
    );

    expect(await t.db.transaction().execute((tx) => unlockPointPrice(tx, a.member.id, hidden))).toBe(true);
    expect(await t.db.transaction().execute((tx) => unlockPointPrice(tx, a.member.id, hidden))).toBe(false);
    expect(await ids(a.client)).toEqual([c1000, c5000, hidden, freePublic]);
    expect(await ids(b.client)).toEqual([c1000, c5000, freePublic]);
    expect((await a.client.get(`/user/point_price/detail/${hidden}`)).body.detail).toMatchObject({
      id: hidden,
      point: 3000,
    });
    expect((await a.client.post('/user/point/buy', { pay_id: 2, pointPriceId: hidden })).body).toMatchObject({
      result: '2',
      point: 3000,
    });
  });

  it('a rate "100" course is granted free once per member, with the spec message on refusal (en and ja)', async () => {
    const { member, client } = await loggedIn(t, {}, 'ja');
    // hidden free course: refused until unlocked
    const before = await paymentCounts(t.db);
    const locked = await client.post('/user/coupon/point/present', { pointPriceId: freeHidden });
    expect(locked.body).toMatchObject({
      state: 400,
      result: '0',
      message: 'ジェムの付与に失敗しました。運営にお問い合わせください。',
    });
    expect(await paymentCounts(t.db)).toEqual(before);

    await t.db.transaction().execute((tx) => unlockPointPrice(tx, member.id, freeHidden));
    const first = await client.post('/user/coupon/point/present', { pointPriceId: freeHidden });
    expect(first.body).toMatchObject({ state: 200, result: '1', point: 500 });
    const again = await Promise.all([
      client.post('/user/coupon/point/present', { pointPriceId: freeHidden }),
      client.post('/user/coupon/pointPresent', { pointPriceId: freeHidden }),
    ]);
    for (const r of again) expect(r.body).toMatchObject({ state: 400, result: '0' });
    const s = await gemState(t.db, member.id, t.clock.now());
    expect(s).toMatchObject({ balance: 500, ledgerRows: 1 });
    expect(s.lots[0]).toMatchObject({ kind: 'bonus', source: 'free_grant', amount: 500 });
    const hist = await client.get('/user/point/list/1');
    expect(hist.body.list[0]).toMatchObject({ bonusPoint: 500, money: 0, memo: '無料ジェム付与' });

    // the public free course: also once
    const en = await loggedIn(t);
    expect(
      (await en.client.post('/user/coupon/point/present', { pointPriceId: freePublic })).body.result,
    ).toBe('1');
    const refused = await en.client.post('/user/coupon/point/present', { pointPriceId: freePublic });
    expect(refused.body.message).toBe('Failed to grant Gems. Please contact the management.');
    // a course that is not a free grant, and an unknown course
    for (const id of [c1000, 999_999])
      expect((await en.client.post('/user/coupon/point/present', { pointPriceId: id })).body.state).toBe(400);
    expect((await gemState(t.db, en.member.id, t.clock.now())).balance).toBe(300);
  });
});
