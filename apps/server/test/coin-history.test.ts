import { describe, expect, it } from 'vitest';
import { insertExchangeCard } from '../src/modules/exchange/service.ts';
import { createMember, createPack, loginAs, TEST_CARD_TYPE } from './draw-factories.ts';
import { createTestApp } from './helpers.ts';

/** /user/coin_history, every coin ledger row with a readable reason in both languages. */
const t = await createTestApp();
const db = t.db;

describe('GET /user/coin_history/{page}', () => {
  it('names each movement: earned on a pack, a coin pack, an exchange, rank maintenance, a grant', async () => {
    const id = await createMember(db, { gems: 100_000, coinTenths: 100_000, rank: 3, lang: 'ja' });
    const c = t.client({ lang: 'ja' });
    await loginAs(db, c, id);
    const gem = await createPack(db, { point: 1000, prizes: [{ quantity: 20 }] });
    const coin = await createPack(db, { point: 10, payment_method: 2, prizes: [{ quantity: 20 }] });
    expect((await c.post('/user/pack/buy', { packId: gem.packId, count: '1' })).body.state).toBe(200);
    expect((await c.post('/user/pack/buy', { packId: coin.packId, count: '1' })).body.state).toBe(200);
    const card = await db
      .selectFrom('cards')
      .select('id')
      .where('card_type_id', '=', TEST_CARD_TYPE)
      .executeTakeFirstOrThrow();
    const ex = await insertExchangeCard(db, {
      card_id: card.id,
      sub_coin: 20,
      stock: 5,
      created_at: t.clock.now().toISOString(),
    });
    expect((await c.post('/user/exchange_card/exchange', { card_id: ex, change_num: 1 })).body.state).toBe(
      200,
    );
    expect((await c.post('/user/buy_rank', { coin: 500, next_month_rank: 3 })).body.state).toBe(200);

    const ja = await c.get('/user/coin_history/1');
    expect(ja.body).toMatchObject({ state: 200, page: 1, all_page: 1 });
    const packs = await db
      .selectFrom('packs')
      .select(['id', 'name_ja', 'name_en'])
      .where('id', 'in', [gem.packId, coin.packId])
      .execute();
    const name = (pid: number, lang: 'en' | 'ja') =>
      packs.find((p) => p.id === pid)![lang === 'ja' ? 'name_ja' : 'name_en'];
    expect(
      ja.body.list.map((r: { memo: string; bonusCoin: number; money: number }) => [
        r.memo,
        r.bonusCoin,
        r.money,
      ]),
    ).toEqual([
      ['2026-12のシルバーランク維持', 0, 500],
      [expect.stringMatching(/^交換：/), 0, 20],
      [`${name(coin.packId, 'ja')}（コインガチャ）`, 0, 10],
      [`${name(gem.packId, 'ja')}の購入で獲得`, 0.9, 0],
      ['test_grant', 10_000, 0],
    ]);
    expect(ja.body.list[0].created).toMatch(/^\d\d\/\d\d\/\d\d$/);
    const en = await t.client({ lang: 'en' });
    await loginAs(db, en, id);
    const enList = (await en.get('/user/coinHistory')).body.list.map((r: { memo: string }) => r.memo);
    expect(enList.slice(0, 4)).toEqual([
      'Rank Silver kept for 2026-12',
      expect.stringMatching(/^Exchange: /),
      `${name(coin.packId, 'en')} (coin gacha)`,
      `Earned on ${name(gem.packId, 'en')}`,
    ]);
  });

  it('pages by 20, newest first; a guest is asked to log in; a bad page is a 400', async () => {
    const id = await createMember(db);
    await db
      .insertInto('coin_ledger')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          user_id: id,
          delta_tenths: 10,
          reason: 'admin',
          reference: null,
          balance_after_tenths: 10 * (i + 1),
          created_at: t.clock.now().toISOString(),
        })),
      )
      .execute();
    const c = t.client();
    await loginAs(db, c, id);
    const p2 = await c.get('/user/coin_history/2');
    expect(p2.body).toMatchObject({ page: 2, all_page: 2 });
    expect(p2.body.list).toHaveLength(5);
    expect(p2.body.list[0].memo).toBe('Granted by the shop');
    expect((await c.get('/user/coin_history/1')).body.list[0].bonusCoin).toBe(1);
    expect((await c.get('/user/coin_history/abc')).body.state).toBe(400);
    expect((await t.client().get('/user/coin_history/1')).body.state).toBe(401);
  });
});
