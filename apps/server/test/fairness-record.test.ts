import { describe, expect, it } from 'vitest';
import { verifyPack } from '@gacha/contract/fairness';
import { drawRecordSchema, type DrawRecord } from '@gacha/contract/pack-fairness';
import { createTestApp, type TestClient } from './helpers.ts';
import { createPack, memberClient } from './draw-factories.ts';

/** The public draw record — every sold position, nobody named, a member's own marks only. */

describe('the public draw record', async () => {
  const t = await createTestApp();

  async function wholeRecord(c: TestClient, packId: number, size = 1000) {
    const rows: DrawRecord['list'] = [];
    for (let page = 1; ; page++) {
      const r = drawRecordSchema.parse(
        (await c.get(`/user/pack/record/${packId}/${page}?size=${size}`)).body,
      );
      rows.push(...r.list);
      if (page >= r.all_page) return rows;
    }
  }

  it('never names a buyer: a guest sees no marks, each member only their own', async () => {
    const { packId } = await createPack(t.db, { point: 1 });
    const a = await memberClient(t, { gems: 100 });
    const b = await memberClient(t, { gems: 100 });
    expect((await a.client.post('/user/pack/buy', { packId, count: '3' })).body.state).toBe(200);
    t.clock.advance(1000);
    expect((await b.client.post('/user/pack/buy', { packId, count: '4' })).body.state).toBe(200);

    const guest = await t.client().get(`/user/pack/record/${packId}/1`);
    expect(guest.body.state).toBe(200);
    expect(guest.body.list.map((r: { position: number }) => r.position)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(guest.body.list.every((r: { mine: boolean }) => !r.mine)).toBe(true);

    const users = await t.db
      .selectFrom('users')
      .select(['id', 'mail', 'first_name', 'last_name', 'referral_code'])
      .where('id', 'in', [a.userId, b.userId])
      .execute();
    const aView = await a.client.get(`/user/pack/record/${packId}/1`);
    const bView = await b.client.get(`/user/pack/record/${packId}/1`);
    for (const view of [guest, aView, bView]) {
      const text = JSON.stringify(view.body);
      for (const u of users) {
        for (const v of [u.mail, u.first_name, u.referral_code]) expect(text).not.toContain(v);
      }
      for (const row of view.body.list) {
        expect(Object.keys(row).sort()).toEqual(
          ['at', 'mine', 'name', 'position', 'prize_id', 'rarity', 'rarity_label'].sort(),
        );
      }
    }
    const marks = (v: typeof aView) =>
      v.body.list.filter((r: { mine: boolean }) => r.mine).map((r: { position: number }) => r.position);
    expect(marks(aView)).toEqual([2, 1, 0]);
    expect(marks(bView)).toEqual([6, 5, 4, 3]);
    // the rows are the won items: same prize and time
    const won = await t.db
      .selectFrom('won_items')
      .select(['position', 'prize_id', 'created_at'])
      .where('pack_id', '=', packId)
      .orderBy('position', 'desc')
      .execute();
    expect(
      guest.body.list.map((r: DrawRecord['list'][number]) => ({
        position: r.position,
        prize_id: r.prize_id,
        created_at: r.at,
      })),
    ).toEqual(won);
  });

  it('pages newest first, every sold position once; the page size is checked', async () => {
    const { packId } = await createPack(t.db, {
      point: 1,
      prizes: [
        { quantity: 20, rarity: 1 },
        { quantity: 5, rarity: 3 },
      ],
    });
    const m = await memberClient(t, { gems: 100 });
    for (const n of [5, 7, 11]) {
      t.clock.advance(1000);
      expect((await m.client.post('/user/pack/buy', { packId, count: String(n) })).body.state).toBe(200);
    }
    const c = t.client();
    const p1 = (await c.get(`/user/pack/record/${packId}/1?size=10`)).body;
    expect(p1).toMatchObject({ state: 200, sold: 23, total: 25, per_page: 10, page: 1, all_page: 3 });
    expect(p1.list.map((r: { position: number }) => r.position)).toEqual([
      22, 21, 20, 19, 18, 17, 16, 15, 14, 13,
    ]);
    const p3 = (await c.get(`/user/pack/record/${packId}/3?size=10`)).body;
    expect(p3.list.map((r: { position: number }) => r.position)).toEqual([2, 1, 0]);
    const all = await wholeRecord(c, packId, 10);
    expect(all.map((r) => r.position)).toEqual(Array.from({ length: 23 }, (_, i) => 22 - i));
    // the default page size, a page past the end (the last page), and sizes out of range
    expect((await c.get(`/user/pack/record/${packId}/1`)).body.per_page).toBe(50);
    expect((await c.get(`/user/pack/record/${packId}/9?size=10`)).body.page).toBe(3);
    for (const bad of ['5', '1001', 'x', '-1']) {
      const r = await c.get(`/user/pack/record/${packId}/1?size=${bad}`);
      expect(r.body.state, bad).toBe(400);
      expect(r.body.errors.size, bad).toBeDefined();
    }
    expect((await c.get(`/user/pack/record/99999999/1`)).body.state).toBe(404);
    const draft = await createPack(t.db, { publish: false });
    expect((await c.get(`/user/pack/record/${draft.packId}/1`)).body.state).toBe(404);
  });

  it('downloads as CSV with the member’s own marks only, positions counted from 1', async () => {
    const { packId } = await createPack(t.db, { point: 1 });
    const m = await memberClient(t, { gems: 100, lang: 'ja' });
    expect((await m.client.post('/user/pack/buy', { packId, count: '2' })).body.state).toBe(200);
    const other = await memberClient(t, { gems: 100 });
    expect((await other.client.post('/user/pack/buy', { packId, count: '3' })).body.state).toBe(200);

    const download = (cookie: string) =>
      t.app.inject({ method: 'GET', url: `/api/user/pack/record/${packId}/csv`, headers: { cookie } });
    const mine = await download([...m.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="pack-${packId}-record.csv"`);
    expect(mine.body.startsWith('\ufeffposition,prize_id,rarity,rarity_label,name,drawn_at,mine\r\n')).toBe(
      true,
    );
    const rows = mine.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    expect(rows.map((r) => r[0])).toEqual(['5', '4', '3', '2', '1']);
    expect(rows.map((r) => r[6])).toEqual(['0', '0', '0', '1', '1']);
    expect(rows[0]![4]).toMatch(/^カード \d /); // the member's language
    const guest = await download('');
    expect(
      guest.body
        .trim()
        .split('\r\n')
        .slice(1)
        .every((l) => l.endsWith(',0')),
    ).toBe(true);
    const none = await t.app.inject({ method: 'GET', url: '/api/user/pack/record/99999999/csv' });
    expect(JSON.parse(none.body).state).toBe(404);
  });

  it('after sell-out sits beside the revealed seed, and is the committed sequence position by position', async () => {
    const { packId } = await createPack(t.db, {
      point: 1,
      prizes: [
        { quantity: 14, rarity: 1 },
        { quantity: 5, rarity: 4 },
        { quantity: 1, rarity: 7 },
        { quantity: 1, rarity: 7, is_last_one: true },
      ],
    });
    const c = t.client();
    expect((await c.get(`/user/pack/record/${packId}/1`)).body.revealed).toBe(false);
    for (const n of [6, 6, 8]) {
      const m = await memberClient(t, { gems: 100 });
      expect((await m.client.post('/user/pack/buy', { packId, count: String(n) })).body.state).toBe(200);
    }
    const record = await wholeRecord(c, packId);
    const fairness = (await c.get(`/user/pack/fairness/${packId}`)).body;
    expect((await c.get(`/user/pack/record/${packId}/1`)).body).toMatchObject({ revealed: true, sold: 20 });
    const check = verifyPack({
      seed: fairness.seed,
      commitment: fairness.commitment,
      canonical: fairness.canonical,
      draws: record,
    });
    expect(check.commitmentMatches).toBe(true);
    expect(check.draws).toHaveLength(20);
    expect(check.allMatch).toBe(true);
  });
});
