import { describe, expect, it } from 'vitest';
import { EXCHANGE_HISTORY_PAGE_SIZE } from '@gacha/contract/exchange';
import { message } from '@gacha/contract/messages';
import { insertExchangeCard } from '../src/modules/exchange/service.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { shipByStaff } from '../src/modules/shipping/staff.ts';
import { createMember, loginAs, TEST_CARD_TYPE } from './draw-factories.ts';
import { createTestApp, type TestClient } from './helpers.ts';

/**
 * The exchanged card is findable. GET /user/exchange_history/{page} lists the member's own
 * exchanges, newest first, with the card, the coins paid, the day (Japan time) and the shipping state of the
 * batch the card travels in (with its tracking code once shipped).
 */
const t = await createTestApp();
const db = t.db;
const NOW = t.clock.now().toISOString();

let cardSeq = 0;
/** A card on show at the counter: `subCoin` coins, `stock` of it, with or without a picture. */
async function counterCard(opts: { subCoin?: number; stock?: number; image?: boolean } = {}) {
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
      name_en: `History card ${n}`,
      name_ja: `履歴カード${n}`,
      model_number: `HX-${String(n).padStart(3, '0')}`,
      rarity: 4,
      rarity_label: 'RR',
      image_url: opts.image === false ? '' : `/media/cards/hx-${n}.svg`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = await insertExchangeCard(db, {
    card_id: card.id,
    sub_coin: opts.subCoin ?? 40,
    stock: opts.stock ?? 50,
    created_at: NOW,
  });
  return { id, cardId: card.id, n };
}

async function exchange(c: TestClient, exchangeCardId: number): Promise<number> {
  const r = await c.post('/user/exchange_card/exchange', { card_id: exchangeCardId, change_num: 1 });
  expect(r.body.state, JSON.stringify(r.body)).toBe(200);
  return r.body.exchange_id as number;
}

async function member(lang: 'en' | 'ja' = 'en', coinTenths = 100_000) {
  const userId = await createMember(db, { coinTenths, lang });
  const client = t.client({ lang });
  await loginAs(db, client, userId);
  return { userId, client };
}

const shipmentOf = async (exchangeId: number) =>
  (
    await db
      .selectFrom('exchanges')
      .select('shipment_id')
      .where('id', '=', exchangeId)
      .executeTakeFirstOrThrow()
  ).shipment_id;

describe('GET /user/exchange_history/{page}', () => {
  it("lists the member's exchanges, newest first, with the card, the coins, the day and the shipping state", async () => {
    const m = await member('en');
    const first = await counterCard({ subCoin: 40 });
    const second = await counterCard({ subCoin: 75, image: false });
    const shippedId = await exchange(m.client, first.id);
    await shipByStaff(commandWrite(db, t.clock.now()), {
      shipmentId: await shipmentOf(shippedId),
      deliveryCode: 'EJ123456789JP',
    });
    const waitingId = await exchange(m.client, second.id); // joins a new open batch

    const r = await m.client.get('/user/exchange_history/1');
    expect(r.httpStatus).toBe(200);
    expect(r.body).toMatchObject({ state: 200, page: 1, all_page: 1, pages: [1] });
    expect(r.body.list).toEqual([
      {
        id: waitingId,
        created: expect.stringMatching(/^\d\d\/\d\d\/\d\d$/),
        card_id: second.cardId,
        name: `History card ${second.n}`,
        model_number: `HX-${String(second.n).padStart(3, '0')}`,
        rarity: 4,
        rarity_label: 'RR',
        image: '',
        sub_coin: 75,
        send_state: 'not_yet_shipped',
        delivery_code: null,
      },
      {
        id: shippedId,
        created: expect.stringMatching(/^\d\d\/\d\d\/\d\d$/),
        card_id: first.cardId,
        name: `History card ${first.n}`,
        model_number: `HX-${String(first.n).padStart(3, '0')}`,
        rarity: 4,
        rarity_label: 'RR',
        image: `/media/cards/hx-${first.n}.svg`,
        sub_coin: 40,
        send_state: 'shipped',
        delivery_code: 'EJ123456789JP',
      },
    ]);

    // the day is Japan's calendar day: 23:30 UTC is already the next day in Tokyo
    await db
      .updateTable('exchanges')
      .set({ created_at: '2026-12-27T23:30:00.000Z' })
      .where('id', '=', waitingId)
      .execute();
    expect((await m.client.get('/user/exchange_history/1')).body.list[0].created).toBe('26/12/28');

    // the same list under the camelCase name and without a page, and the card's name in Japanese
    const camel = await m.client.get('/user/exchangeHistory');
    expect(camel.body.list.map((x: { id: number }) => x.id)).toEqual([waitingId, shippedId]);
    const ja = t.client({ lang: 'ja' });
    await loginAs(db, ja, m.userId);
    expect((await ja.get('/user/exchange_history/1')).body.list[0].name).toBe(`履歴カード${second.n}`);
  });

  it('shows a member only their own exchanges; one who has exchanged nothing gets an empty first page', async () => {
    const a = await member();
    const b = await member();
    const card = await counterCard();
    const mine = await exchange(a.client, card.id);
    const theirs = await exchange(b.client, card.id);
    const ids = async (c: TestClient) =>
      (await c.get('/user/exchange_history/1')).body.list.map((x: { id: number }) => x.id);
    expect(await ids(a.client)).toEqual([mine]);
    expect(await ids(b.client)).toEqual([theirs]);
    const none = await member();
    expect((await none.client.get('/user/exchange_history/1')).body).toMatchObject({
      state: 200,
      list: [],
      page: 1,
      all_page: 1,
    });
  });

  it('pages by 10; a page past the end answers the last page', async () => {
    const m = await member();
    const card = await counterCard({ subCoin: 1 });
    const made: number[] = [];
    for (let i = 0; i < EXCHANGE_HISTORY_PAGE_SIZE + 2; i++) made.push(await exchange(m.client, card.id));
    const p1 = await m.client.get('/user/exchange_history/1');
    expect(p1.body).toMatchObject({ page: 1, all_page: 2, pages: [1, 2] });
    expect(p1.body.list).toHaveLength(EXCHANGE_HISTORY_PAGE_SIZE);
    expect(p1.body.list[0].id).toBe(made.at(-1));
    const p2 = await m.client.get('/user/exchange_history/2');
    expect(p2.body.list.map((x: { id: number }) => x.id)).toEqual([made[1], made[0]]);
    expect((await m.client.get('/user/exchange_history/99')).body).toMatchObject({ page: 2 });
    expect((await m.client.get('/user/exchange_history/0')).body).toMatchObject({ page: 1 });
  });

  it('asks a guest to log in (401)', async () => {
    for (const path of ['/user/exchange_history/1', '/user/exchangeHistory', '/user/exchange_history']) {
      const r = await t.client().get(path);
      expect(r.body.state, path).toBe(401);
      expect(r.httpStatus, path).toBe(401);
      expect(r.body.list, path).toBeUndefined();
    }
  });

  it('refuses a page that is not a number with a 400 that says what a page is', async () => {
    const en = await member('en');
    for (const page of ['abc', '-1', '1.5', '1234567', '%20', '1e3']) {
      const r = await en.client.get(`/user/exchange_history/${page}`);
      expect(r.body.state, page).toBe(400);
      expect(r.httpStatus, page).toBe(400);
      expect(r.body.errors, page).toEqual({ page: [message('page_invalid', 'en')] });
      expect(r.body.list, page).toBeUndefined();
    }
    const ja = await member('ja');
    expect((await ja.client.get('/user/exchangeHistory/x')).body.errors).toEqual({
      page: [message('page_invalid', 'ja')],
    });
  });
});
