import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main as exchangeCommand } from '../scripts/exchange.ts';
import { migrate, openDb } from '../src/db/index.ts';
import { message } from '@gacha/contract/messages';
import { insertExchangeCard } from '../src/modules/exchange/service.ts';
import { listShipments } from '../src/modules/shipping/service.ts';
import {
  createMember,
  createMembers,
  expectNothingChanged,
  loginAs,
  TEST_CARD_TYPE,
} from './draw-factories.ts';
import { answerOf, createTestApp, onPostgres, runMain } from './helpers.ts';

/** The exchange counter (cards for coins). */
const t = await createTestApp();
const db = t.db;
const NOW = t.clock.now().toISOString();

let cardSeq = 0;
async function exchangeCard(
  opts: {
    subCoin?: number;
    stock?: number;
    limit?: number;
    name?: string;
    rarity?: number;
    from?: string | null;
    until?: string | null;
  } = {},
) {
  await db
    .insertInto('card_types')
    .values({ id: TEST_CARD_TYPE, name_en: 'Test cards', name_ja: 'テストカード', sort: 99 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const n = ++cardSeq;
  const card = await db
    .insertInto('cards')
    .values({
      card_type_id: TEST_CARD_TYPE,
      name_en: opts.name ?? `Exchange card ${n}`,
      name_ja: `交換カード${n}`,
      model_number: `EX-${String(n).padStart(3, '0')}`,
      rarity: opts.rarity ?? 3,
      rarity_label: ['C', 'U', 'R', 'RR', 'SR', 'SAR', 'UR'][(opts.rarity ?? 3) - 1]!,
      image_url: `/media/cards/${n}.svg`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return insertExchangeCard(db, {
    card_id: card.id,
    sub_coin: opts.subCoin ?? 100,
    stock: opts.stock ?? 5,
    member_limit: opts.limit ?? 0,
    visible_from: opts.from ?? null,
    visible_until: opts.until ?? null,
    created_at: NOW,
  });
}

const coinsOf = async (id: number) =>
  (await db.selectFrom('users').select('coin_tenths').where('id', '=', id).executeTakeFirstOrThrow())
    .coin_tenths;
const stockOf = async (id: number) =>
  (await db.selectFrom('exchange_cards').select('stock').where('id', '=', id).executeTakeFirstOrThrow())
    .stock;

describe('POST /user/exchange_card/list/{page}', () => {
  it('lists the tab’s cards on show, searched by name, rarity or model number, sorted by the radio', async () => {
    const cheap = await exchangeCard({ subCoin: 50, name: 'Zapdos search', rarity: 2 });
    const dear = await exchangeCard({ subCoin: 900, rarity: 7 });
    const hidden = await exchangeCard({ until: '2026-01-01T00:00:00.000Z' });
    const later = await exchangeCard({ from: '2027-01-01T00:00:00.000Z' });
    const c = t.client();
    const all = await c.post('/user/exchange_card/list/1', {
      type: TEST_CARD_TYPE,
      searchText: '',
      sort: 'coin_asc',
    });
    expect(all.body.state).toBe(200);
    const ids = all.body.list.map((x: { id: number }) => x.id);
    expect(ids).toContain(cheap);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(later);
    expect(all.body.list[0]).toMatchObject({
      id: cheap,
      sub_coin: 50,
      change_num: 1,
      card_name: 'Test cards',
    });
    const desc = await c.post('/user/exchangeCard/list', { type: TEST_CARD_TYPE, sort: 'coin_desc' });
    expect(desc.body.list[0].id).toBe(dear);
    for (const text of ['zapdos', 'U', 'EX-00']) {
      const found = await c.post('/user/exchange_card/list/1', {
        type: TEST_CARD_TYPE,
        searchText: text,
        sort: 'new',
      });
      expect(
        found.body.list.map((x: { id: number }) => x.id),
        text,
      ).toContain(cheap);
    }
    const none = await c.post('/user/exchange_card/list/1', {
      type: 5,
      searchText: 'no such card %_',
      sort: 'new',
    });
    expect(none.body).toMatchObject({ state: 200, list: [], page: 1, all_page: 1 });
    const ja = await t
      .client({ lang: 'ja' })
      .post('/user/exchange_card/list/1', { type: TEST_CARD_TYPE, sort: 'new' });
    expect(ja.body.list[0].name).toMatch(/^交換カード/);
  });

  it('refuses bad input with 400', async () => {
    const c = t.client();
    for (const payload of [
      {},
      { type: 'x' },
      { type: 2, sort: 'price' },
      { type: 2, searchText: 'x'.repeat(101) },
      { type: 2, extra: 1 },
    ]) {
      expect((await c.post('/user/exchange_card/list/1', payload)).body.state, JSON.stringify(payload)).toBe(
        400,
      );
    }
    expect((await c.post('/user/exchange_card/list/abc', { type: 2 })).body.state).toBe(400);
  });
});

describe('check and exchange', () => {
  it('check changes nothing; exchange debits the coins, takes one from stock and ships the card in the member’s batch', async () => {
    const card = await exchangeCard({ subCoin: 120, stock: 3 });
    const id = await createMember(db, { coinTenths: 2000 });
    const c = t.client();
    await loginAs(db, c, id);
    await expectNothingChanged(db, async () => {
      const check = await c.post('/user/exchange_card/check', { card_id: card, change_num: 1 });
      expect(check.body).toMatchObject({ state: 200, result: '1', coin: 200, coin_after: 80, sub_coin: 120 });
    });
    const done = await c.post('/user/exchange_card/exchange', { card_id: card, change_num: '1' });
    expect(done.body).toMatchObject({ state: 200, result: '1', coin: 80, card: { id: card, stock: 2 } });
    expect(await coinsOf(id)).toBe(800);
    expect(await stockOf(card)).toBe(2);
    const ledger = await db
      .selectFrom('coin_ledger')
      .selectAll()
      .where('user_id', '=', id)
      .where('reason', '=', 'exchange')
      .execute();
    expect(ledger).toMatchObject([
      { delta_tenths: -1200, reference: `exchange:${done.body.exchange_id}`, balance_after_tenths: 800 },
    ]);
    const batches = (await listShipments(db, { status: 'open', user_id: id })).list;
    expect(batches).toHaveLength(1);
    expect(batches[0]!.items).toMatchObject([
      { exchange_id: done.body.exchange_id, history_id: null, status: 'ship' },
    ]);
    expect(batches[0]!.item_count).toBe(1);
  });

  it('50 members racing for a stock of 10: exactly 10 exchanges and shipping items, no negative coins; then -3', async () => {
    const card = await exchangeCard({ subCoin: 10, stock: 10 });
    const ids = await createMembers(db, 50, { coinTenths: 150 });
    const clients = await Promise.all(
      ids.map(async (id) => {
        const c = t.client();
        await loginAs(db, c, id);
        return c;
      }),
    );
    const answers = await Promise.all(
      clients.map((c) => c.post('/user/exchange_card/exchange', { card_id: card, change_num: 1 })),
    );
    const ok = answers.filter((a) => a.body.state === 200);
    expect(ok).toHaveLength(10);
    for (const a of answers.filter((x) => x.body.state !== 200))
      expect(a.body).toMatchObject({ state: 409, result: '-3' });
    expect(await stockOf(card)).toBe(0);
    const exchanges = await db
      .selectFrom('exchanges')
      .select('user_id')
      .where('exchange_card_id', '=', card)
      .execute();
    expect(exchanges).toHaveLength(10);
    const coins = await db.selectFrom('users').select('coin_tenths').where('id', 'in', ids).execute();
    expect(coins.every((r) => r.coin_tenths === 150 || r.coin_tenths === 50)).toBe(true);
    expect(coins.filter((r) => r.coin_tenths === 50)).toHaveLength(10);
    const again = await clients[0]!.post('/user/exchange_card/check', { card_id: card, change_num: 1 });
    expect(again.body).toMatchObject({ state: 409, result: '-3' });
    expect(again.body.error_codes.count).toBe('exchange_out_of_stock');
  });

  it('the member’s limit and a shortage of coins refuse, nothing changed', async () => {
    const limited = await exchangeCard({ subCoin: 10, stock: 10, limit: 1 });
    const dear = await exchangeCard({ subCoin: 5000, stock: 10 });
    const id = await createMember(db, { coinTenths: 1000, lang: 'ja' });
    const c = t.client({ lang: 'ja' });
    await loginAs(db, c, id);
    expect(
      (await c.post('/user/exchange_card/exchange', { card_id: limited, change_num: 1 })).body.state,
    ).toBe(200);
    await expectNothingChanged(db, async () => {
      const twice = await c.post('/user/exchange_card/exchange', { card_id: limited, change_num: 1 });
      expect(twice.body).toMatchObject({
        state: 409,
        result: '-3',
        errors: { count: ['このカードの交換は1回までです。'] },
      });
      for (const route of ['check', 'exchange']) {
        const poor = await c.post(`/user/exchange_card/${route}`, { card_id: dear, change_num: 1 });
        expect(poor.body).toMatchObject({
          state: 400,
          result: '-1',
          errors: { count: ['コインが不足しています。'] },
        });
      }
    });
  });

  it('a member without a country address is sent to the address form; Japan cannot be shipped to', async () => {
    const card = await exchangeCard();
    for (const [countryId, key] of [
      [null, 'address_required'],
      [392, 'shipping_to_japan'],
    ] as const) {
      const id = await createMember(db, { coinTenths: 10_000, countryId });
      const c = t.client();
      await loginAs(db, c, id);
      await expectNothingChanged(db, async () => {
        const res = await c.post('/user/exchange_card/exchange', { card_id: card, change_num: 1 });
        expect(res.body.state).toBe(400);
        expect(res.body.errors.address).toEqual([message(key, 'en')]);
      });
    }
  });

  it('change_num 0, 2, -1, "abc" and an unknown card: 400 (404 for the card), nothing changed; a guest 401', async () => {
    const card = await exchangeCard();
    const hidden = await exchangeCard({ until: '2026-01-01T00:00:00.000Z' });
    const id = await createMember(db, { coinTenths: 10_000 });
    const c = t.client();
    await loginAs(db, c, id);
    await expectNothingChanged(db, async () => {
      for (const change_num of [0, 2, -1, 'abc', '2', null]) {
        for (const route of ['check', 'exchange']) {
          const res = await c.post(`/user/exchange_card/${route}`, { card_id: card, change_num });
          expect(res.body.state, `${route} ${String(change_num)}`).toBe(400);
          expect(Object.keys(res.body.errors)).toEqual(['change_num']);
        }
      }
      const unknown = await c.post('/user/exchange_card/exchange', { card_id: 999_999, change_num: 1 });
      expect(unknown.body).toMatchObject({ state: 404, message: message('exchange_card_not_found', 'en') });
      expect((await c.post('/user/exchange_card/check', { card_id: hidden, change_num: 1 })).body.state).toBe(
        404,
      );
      expect(
        (await t.client().post('/user/exchange_card/check', { card_id: card, change_num: 1 })).body.state,
      ).toBe(401);
      expect(
        (await t.client().post('/user/exchange_card/exchange', { card_id: card, change_num: 1 })).body.state,
      ).toBe(401);
    });
  });
});

describe('scripts/exchange.ts', () => {
  it.skipIf(onPostgres)('adds, lists and restocks exchange cards from the command line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gacha-exchange-'));
    try {
      const file = join(dir, 'shop.sqlite');
      const fileDb = openDb(file);
      await migrate(fileDb);
      await fileDb
        .insertInto('card_types')
        .values({ id: 2, name_en: 'Pokémon', name_ja: 'ポケモン', sort: 1 })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const card = await fileDb
        .insertInto('cards')
        .values({
          card_type_id: 2,
          name_en: 'Cmd card',
          name_ja: 'コマンドカード',
          model_number: 'C-1',
          rarity: 4,
          rarity_label: 'RR',
          image_url: '/x.svg',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await fileDb.destroy();
      const run = (...args: string[]) => runMain(exchangeCommand, args, file);
      const added = answerOf(
        await run('add', '--card', String(card.id), '--coins', '300', '--stock', '2', '--limit', '1'),
      );
      expect(added).toMatchObject({ card_id: card.id, sub_coin: 300, stock: 2, member_limit: 1 });
      expect(answerOf(await run('restock', String(added.id), '5'))).toEqual({ id: added.id, added: 5 });
      expect(answerOf(await run('list'))).toMatchObject([
        { id: added.id, stock: 7, exchanged: 0, name_en: 'Cmd card' },
      ]);
      expect((await run('add', '--card', '999999', '--coins', '3', '--stock', '1')).code).toBe(1);
      expect((await run('add', '--card', String(card.id), '--coins', 'x', '--stock', '1')).code).toBe(2);
      expect((await run('restock', '999999', '1')).code).toBe(1);
      expect((await run('add', '--card', String(card.id), '--coins', '0', '--stock', '1')).code).toBe(2);
      expect((await run('restock', String(added.id), '0')).code).toBe(2);
      // each change is the console's rule with its audit row, the command line as actor
      const audited = openDb(file);
      try {
        const rows = await audited
          .selectFrom('audit_log')
          .select(['action', 'staff_id', 'target_id'])
          .where('target_type', '=', 'exchange_card')
          .orderBy('id')
          .execute();
        expect(rows).toEqual([
          { action: 'exchange_card.create', staff_id: null, target_id: String(added.id) },
          { action: 'exchange_card.stock', staff_id: null, target_id: String(added.id) },
        ]);
      } finally {
        await audited.destroy();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
