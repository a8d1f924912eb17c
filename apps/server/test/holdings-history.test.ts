import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import { createPack, expectBadInputRefused, expectNothingChanged, memberClient } from './draw-factories.ts';

describe('buying history: POST /user/history/list/{page}, GET /user/history/detail/{id}', async () => {
  const t = await createTestApp();
  const db = t.db;
  const gemPack = await createPack(db, { point: 100, prizes: [{ quantity: 500, buy_point: 60 }] });
  const coinPack = await createPack(db, {
    point: 7,
    payment_method: 2,
    prizes: [{ quantity: 500, buy_point: 0 }],
  });

  it('lists purchases newest first with date, name, shipping state, gems and status; filters by state; shows the detail', async () => {
    const m = await memberClient(t, { gems: 10_000, coinTenths: 1000 });
    const first = await m.client.post('/user/pack/buy', { packId: gemPack.packId, count: '3' });
    t.clock.advance(60_000);
    const second = await m.client.post('/user/pack/buy', { packId: coinPack.packId, count: '2' });
    const ids = first.body.cards.map((c: { history_id: number }) => c.history_id);
    expect(
      (await m.client.post('/user/pack/decision', { send_card: [ids[0]], reduction_card: ids.slice(1) })).body
        .state,
    ).toBe(200);

    const all = await m.client.post('/user/history/list/1', { mode: 'all' });
    expect(all.body).toMatchObject({ state: 200, page: 1, all_page: 1, pages: [1] });
    expect(all.body.list).toEqual([
      {
        id: second.body.purchase_id,
        created: '26/11/20',
        pack_id: coinPack.packId,
        pack_name: second.body.title,
        send_state: 'unselected',
        point: 14,
        currency: 'coin',
        count: 2,
        status: '0',
      },
      {
        id: first.body.purchase_id,
        created: '26/11/20',
        pack_id: gemPack.packId,
        pack_name: first.body.title,
        send_state: 'not_yet_shipped',
        point: 300,
        currency: 'gem',
        count: 3,
        status: '1',
      },
    ]);
    const ids1 = async (mode: string) =>
      (await m.client.post('/user/history/list/1', { mode })).body.list.map((r: { id: number }) => r.id);
    expect(await ids1('unselected')).toEqual([second.body.purchase_id]);
    expect(await ids1('ship')).toEqual([first.body.purchase_id]);
    expect(await ids1('convert')).toEqual([first.body.purchase_id]);
    expect(await ids1('shipped')).toEqual([]);
    expect(await ids1('')).toHaveLength(2);
    expect((await m.client.post('/user/history/list/1', {})).body.list).toHaveLength(2);

    const detail = await m.client.get(`/user/history/detail/${first.body.purchase_id}`);
    expect(detail.body).toMatchObject({
      state: 200,
      status: '1',
      pack_name: first.body.title,
      created: '26/11/20',
      delivery_code: '',
      reduction_point: 120,
    });
    expect(detail.body.send_card.map((c: { history_id: number }) => c.history_id)).toEqual([ids[0]]);
    expect(detail.body.send_card[0]).toMatchObject({ send_state: 'not_yet_shipped', status: 'ship' });
    expect(detail.body.reduction_card.map((c: { history_id: number }) => c.history_id)).toEqual(ids.slice(1));
    expect(detail.body.reduction_card[0]).toMatchObject({ send_state: 'no_shipment', buy_point: 60 });
    const open = await m.client.get(`/user/history/detail/${second.body.purchase_id}`);
    expect(open.body).toMatchObject({ status: '0', send_card: [], reduction_card: [], reduction_point: 0 });
    expect(open.body.unselected_card).toHaveLength(2);

    const ja = t.client({ lang: 'ja' });
    ja.cookies.set('sid', m.client.cookies.get('sid')!);
    const jaList = await ja.post('/user/history/list/1', { mode: 'all' });
    expect(jaList.body.list[0].pack_name).toMatch(/^テストパック/);
  });

  it('pages by 10, by the path or the body; an empty history is an empty list', async () => {
    const m = await memberClient(t, { gems: 100_000 });
    const empty = await m.client.post('/user/history/list/1', { mode: 'all' });
    expect(empty.body).toMatchObject({ state: 200, list: [], page: 1, all_page: 1 });
    for (let i = 0; i < 12; i++) {
      expect((await m.client.post('/user/pack/buy', { packId: gemPack.packId, count: '1' })).body.state).toBe(
        200,
      );
      t.clock.advance(1000);
    }
    const p1 = await m.client.post('/user/history/list/1', { mode: 'all' });
    expect(p1.body).toMatchObject({ page: 1, all_page: 2, pages: [1, 2] });
    expect(p1.body.list).toHaveLength(10);
    const p2 = await m.client.post('/user/history/list/2', { mode: 'all' });
    expect(p2.body.list).toHaveLength(2);
    expect(p2.body.page).toBe(2);
    const byBody = await m.client.post('/user/history/list', { page: 2 });
    expect(byBody.body.list).toEqual(p2.body.list);
    const beyond = await m.client.post('/user/history/list/9', {});
    expect(beyond.body.page).toBe(2);
    const ids = [...p1.body.list, ...p2.body.list].map((r: { id: number }) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect((await m.client.post('/user/history/list/abc', {})).body.state).toBe(400);
  });

  it("another member's purchase, an unknown id: 404; a guest: 401", async () => {
    const owner = await memberClient(t, { gems: 1000 });
    const bought = await owner.client.post('/user/pack/buy', { packId: gemPack.packId, count: '1' });
    const other = await memberClient(t);
    expect((await other.client.get(`/user/history/detail/${bought.body.purchase_id}`)).body.state).toBe(404);
    expect((await other.client.get('/user/history/detail/99999999')).body.state).toBe(404);
    expect((await other.client.get('/user/history/detail/abc')).body.state).toBe(404);
    expect((await other.client.post('/user/history/list/1', {})).body.list).toEqual([]);
    const guest = t.client();
    expect((await guest.get(`/user/history/detail/${bought.body.purchase_id}`)).body.state).toBe(401);
    await expectNothingChanged(db, async () => {
      expect((await guest.post('/user/history/list/1', {})).body.state).toBe(401);
    });
  });

  it('bad input of any shape: 400 (403 without csrf), nothing written', async () => {
    const m = await memberClient(t);
    await expectBadInputRefused(db, m.client, '/user/history/list/1', { mode: 'all' }, { mode: 5 });
    await expectBadInputRefused(
      db,
      m.client,
      '/user/history/list/1',
      { mode: 'ship', page: 1 },
      { mode: 'x', page: [] },
    );
  });
});
