import { canonicalLots, commitmentOf, lotSequence } from '@gacha/contract/fairness';
import { describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/demo/load-demo.ts';
import { verifyPassword } from '../src/modules/auth/password.ts';
import { gemBalance } from '../src/modules/gems/service.ts';
import { createTestApp, tableCounts } from './helpers.ts';

interface Summary {
  id: number;
  name: string;
  card_type: number;
  payment_method: number;
  point: number;
  total_pack_count: number;
  pack_count: number;
  is_before: boolean;
  is_end: boolean;
  is_sold_out: boolean;
  can_limit: number;
  limit_count: number;
  limit_message: string;
  banner: string;
  image: string[];
}

const onSale = (p: Summary) => !p.is_before && !p.is_end && !p.is_sold_out;

describe('demo data', async () => {
  const t = await createTestApp();
  const now = t.clock.now();
  const loaded = await loadDemoData(t.db, now);
  const packs: Summary[] = (await t.client().get('/user/pack/list')).body.list;

  it('loads into an empty database, once', async () => {
    expect(loaded).toBe(true);
    const before = await tableCounts(t.db);
    expect(await loadDemoData(t.db, now)).toBe(false);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('has at least 8 packs covering every sale state and kind', () => {
    expect(packs.length).toBeGreaterThanOrEqual(8);
    const upcoming = packs.filter((p) => p.is_before);
    expect(upcoming.length).toBeGreaterThan(0);
    // one counts down within a few hours
    expect(
      upcoming.some((p) => {
        const startsIn = Date.parse((p as unknown as { start_at: string }).start_at) - now.getTime();
        return startsIn > 0 && startsIn <= 6 * 3600 * 1000;
      }),
    ).toBe(true);
    expect(packs.some((p) => onSale(p) && p.pack_count > 0 && p.pack_count <= 5)).toBe(true); // nearly sold out
    expect(packs.some((p) => p.is_sold_out && p.pack_count === 0)).toBe(true);
    expect(packs.some((p) => p.is_end && !p.is_sold_out)).toBe(true);
    expect(packs.some((p) => onSale(p) && p.payment_method === 2)).toBe(true); // coin pack
    expect(packs.some((p) => onSale(p) && p.can_limit === 1 && p.limit_count === 3 && p.limit_message)).toBe(
      true,
    );
    expect(
      packs.some((p) => onSale(p) && p.total_pack_count <= 10 && p.pack_count === p.total_pack_count),
    ).toBe(true);
    for (const type of [2, 5, 1, 999996, 9999, 999995]) {
      expect(
        packs.some((p) => onSale(p) && p.card_type === type),
        `on-sale pack of type ${type}`,
      ).toBe(true);
    }
  });

  it('gives every pack prizes that add up to its lots, a last-one prize where set, and publishes it', async () => {
    let lastOnes = 0;
    for (const p of packs) {
      const prizes = await t.db.selectFrom('pack_prizes').selectAll().where('pack_id', '=', p.id).execute();
      const inSequence = prizes.filter((x) => x.is_last_one === 0);
      expect(
        inSequence.reduce((s, x) => s + x.quantity, 0),
        p.name,
      ).toBe(p.total_pack_count);
      const last = prizes.filter((x) => x.is_last_one === 1);
      expect(last.length).toBeLessThanOrEqual(1);
      lastOnes += last.length;
      for (const x of prizes) expect(x.buy_point).toBeGreaterThanOrEqual(0);
      if (p.payment_method === 2) {
        expect(prizes.every((x) => x.ship_only === 1)).toBe(true);
      }
      const row = await t.db
        .selectFrom('packs')
        .select(['seed', 'commitment'])
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
      // published by the draws engine: secret seed, commitment, and the shuffled sequence as pack_lots
      expect(row.seed).toMatch(/^[0-9a-f]{64}$/);
      const canonical = canonicalLots(prizes);
      expect(row.commitment).toBe(commitmentOf(row.seed!, canonical));
      const lots = await t.db
        .selectFrom('pack_lots')
        .select(['position', 'prize_id'])
        .where('pack_id', '=', p.id)
        .orderBy('position')
        .execute();
      expect(lots.map((l) => l.prize_id)).toEqual(lotSequence(row.seed!, canonical));
    }
    expect(lastOnes).toBeGreaterThan(0);
  });

  it('names every pack in English and Japanese with safe detail HTML', async () => {
    const ja: Summary[] = (await t.client({ lang: 'ja' }).get('/user/pack/list')).body.list;
    for (const p of packs) {
      const jp = ja.find((x) => x.id === p.id)!;
      expect(jp.name).not.toBe(p.name);
      const en = (await t.client().get(`/user/pack/detail/${p.id}`)).body.pack;
      expect(en.detail).toMatch(/^<p>/);
      expect(en.detail).not.toMatch(/<(?!\/?(p|ul|li|strong|br)>)/);
    }
  });

  it('has cards for every card type, a dozen or more for the big three', async () => {
    const rows = await t.db
      .selectFrom('cards')
      .select((eb) => ['card_type_id', eb.fn.countAll<number>().as('n')])
      .groupBy('card_type_id')
      .execute();
    const count = new Map(rows.map((r) => [r.card_type_id, Number(r.n)]));
    for (const type of [2, 5, 1]) expect(count.get(type)).toBeGreaterThanOrEqual(12);
    for (const type of [999996, 9999, 999995]) expect(count.get(type)).toBeGreaterThan(0);
    const labels = await t.db
      .selectFrom('cards')
      .select(['rarity', 'rarity_label'])
      .where('card_type_id', '=', 2)
      .execute();
    const byRarity = new Map(labels.map((l) => [l.rarity, l.rarity_label]));
    expect([...byRarity.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(byRarity.get(6)).toBe('SAR');
  });

  it('serves every card image and pack artwork as SVG', async () => {
    const cards = await t.db.selectFrom('cards').select('image_url').execute();
    const urls = [...cards.map((c) => c.image_url), ...packs.flatMap((p) => [p.banner, ...p.image])];
    expect(urls.length).toBeGreaterThan(60);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\//);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/svg+xml; charset=utf-8');
    }
  });

  it('has the gem price courses, with one coupon-only free grant', async () => {
    const prices = await t.db.selectFrom('point_prices').selectAll().orderBy('sort').execute();
    const open = prices.filter((p) => p.coupon_only === 0);
    expect(open.map((p) => p.point)).toEqual([300, 500, 1000, 3000, 5000, 10000, 30000, 50000]);
    expect(open.every((p) => p.price === p.point)).toBe(true);
    const free = prices.filter((p) => p.coupon_only === 1);
    expect(free).toHaveLength(1);
    expect(free[0]).toMatchObject({ point: 500, rate: '100' });
  });

  describe('the demo member', async () => {
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('mail', '=', 'demo@example.com')
      .executeTakeFirst();

    it('has an overseas (US) address, 30,000 bonus gems and 120.0 coins, all on the ledgers', async () => {
      expect(user).toMatchObject({
        first_name: 'Taro',
        last_name: 'Demo',
        country_id: 840,
        pref_id: 99,
        shiku: 'Los Angeles',
        coin_tenths: 1200,
      });
      expect(await gemBalance(t.db, user!.id, now)).toBe(30000);
      const lots = await t.db.selectFrom('gem_lots').selectAll().where('user_id', '=', user!.id).execute();
      expect(lots).toHaveLength(1);
      expect(lots[0]).toMatchObject({ kind: 'bonus', source: 'admin', amount: 30000, remaining: 30000 });
      const ledger = await t.db
        .selectFrom('gem_ledger')
        .selectAll()
        .where('user_id', '=', user!.id)
        .execute();
      expect(ledger).toEqual([
        expect.objectContaining({ delta: 30000, reason: 'demo_grant', balance_after: 30000 }),
      ]);
      const coins = await t.db
        .selectFrom('coin_ledger')
        .selectAll()
        .where('user_id', '=', user!.id)
        .execute();
      expect(coins).toEqual([expect.objectContaining({ delta_tenths: 1200, balance_after_tenths: 1200 })]);
    });

    it('a Silver member with coins, and exchange cards on both tabs, one with a stock of 1', async () => {
      const c = t.client();
      expect((await c.post('/user/login', { mail: 'silver@example.com', pass: 'demo1234' })).body.state).toBe(
        200,
      );
      expect((await c.get('/user/detail')).body).toMatchObject({
        rank: 3,
        rank_name: 'Silver',
        rank_coin: 500,
      });
      expect((await c.get('/user/point')).body).toMatchObject({ coin: 1200, point: 50000 });
      const tabs = await Promise.all(
        [2, 5].map(
          async (type) => (await c.post('/user/exchange_card/list/1', { type, sort: 'new' })).body.list,
        ),
      );
      expect(tabs.every((list) => list.length >= 3)).toBe(true);
      expect(tabs.flat().some((x: { stock: number }) => x.stock === 1)).toBe(true);
      expect((await c.get('/user/coin_history/1')).body.list[0]).toMatchObject({
        memo: 'Granted by the shop',
        bonusCoin: 1200,
      });
    });

    it('has the password demo1234 (argon2id)', async () => {
      expect(user!.pass_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user!.pass_hash!, 'demo1234')).toBe(true);
      expect(await verifyPassword(user!.pass_hash!, 'demo12345')).toBe(false);
    });

    // POST /user/login belongs to the auth module; this runs once that route is registered
    it.runIf(t.app.hasRoute({ method: 'POST', url: '/api/user/login' }))(
      'logs in through POST /user/login',
      async () => {
        const c = t.client();
        const res = await c.post('/user/login', { mail: 'demo@example.com', pass: 'demo1234' });
        expect(res.body.state).toBe(200);
        const me = await c.get('/user/point');
        expect(me.body).toMatchObject({ is_login: '1', point: 30000 });
      },
    );

    // POST /user/pack/buy belongs to the draws module: the demo packs are published and can be bought
    it.runIf(
      t.app.hasRoute({ method: 'POST', url: '/api/user/login' }) &&
        t.app.hasRoute({ method: 'POST', url: '/api/user/pack/buy' }),
    )('buys the whole small pool, last-one prize included, and coins on the coin pack', async () => {
      const c = t.client();
      await c.post('/user/login', { mail: 'demo@example.com', pass: 'demo1234' });
      const small = packs.find((p) => onSale(p) && p.total_pack_count <= 10)!;
      const res = await c.post('/user/pack/buy', { packId: small.id, count: String(small.total_pack_count) });
      expect(res.body.state).toBe(200);
      expect(res.body.cards).toHaveLength(small.total_pack_count + 1);
      const coin = packs.find((p) => onSale(p) && p.payment_method === 2)!;
      const coinBuy = await c.post('/user/pack/buy', { packId: coin.id, count: '1' });
      expect(coinBuy.body.state).toBe(200);
      expect(coinBuy.body.cards.every((x: { action_type: string }) => x.action_type === '2')).toBe(true);
    });
  });
});
