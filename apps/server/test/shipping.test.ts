import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDb } from '../src/db/index.ts';
import { buyPacks } from '../src/modules/draws/service.ts';
import { decide } from '../src/modules/holdings/service.ts';
import { main as shippingCommand } from '../scripts/shipping.ts';
import {
  answerOf,
  onPostgres,
  runMain,
  runScript,
  type TestApp,
  type TestClient,
  SCRIPT_TEST_TIMEOUT,
} from './helpers.ts';
import { staffClient } from './staff-factories.ts';
import {
  createInterleavingTestApp,
  createMember,
  createPack,
  expectBadInputRefused,
  expectNothingChanged,
  memberClient,
} from './draw-factories.ts';

describe('shipping batches and the shipping routes of the staff console', async () => {
  const t = await createInterleavingTestApp();
  const db = t.db;
  const pack = await createPack(db, { point: 10, prizes: [{ quantity: 500, buy_point: 40 }] });

  /** A console browser of a support member (shipping.write), or of `role`. */
  async function admin(role: 'owner' | 'operator' | 'support' | 'viewer' = 'support', app: TestApp = t) {
    const client = await staffClient(app, role);
    return {
      client,
      async list(status?: string) {
        return (await client.get(`/admin/shipments${status ? `?status=${status}` : ''}`)).body;
      },
      async ship(id: number | string, code: unknown) {
        return (await client.post(`/admin/shipments/${id}/ship`, { delivery_code: code })).body;
      },
    };
  }

  async function shipper(n: number) {
    const m = await memberClient(t, { gems: 10_000 });
    const r = await m.client.post('/user/pack/buy', { packId: pack.packId, count: String(n) });
    const ids = r.body.cards.map((c: { history_id: number }) => c.history_id) as number[];
    return { ...m, ids, purchaseId: r.body.purchase_id as number };
  }
  const ship = (c: TestClient, ids: number[]) => c.post('/user/pack/decision', { send_card: ids });

  it('refuses a guest, a member, a viewer (for shipping) and a session without its second factor', async () => {
    const m = await shipper(1);
    await ship(m.client, m.ids);
    const shipment = await db
      .selectFrom('shipments')
      .select('id')
      .where('user_id', '=', m.userId)
      .executeTakeFirstOrThrow();
    await expectNothingChanged(db, async () => {
      const guest = t.client();
      expect((await guest.get('/admin/shipments')).body.state).toBe(401);
      expect(
        (await guest.post(`/admin/shipments/${shipment.id}/ship`, { delivery_code: 'JP1' })).body.state,
      ).toBe(401);
      expect((await m.client.get('/admin/shipments')).body.state).toBe(401);
      const viewer = await admin('viewer');
      expect((await viewer.list()).state).toBe(200);
      expect((await viewer.ship(shipment.id, 'JP123')).state).toBe(403);
      const half = await staffClient(t, 'owner', { secondFactor: false });
      expect((await half.get('/admin/shipments')).body.state).toBe(403);
    });
  });

  it('lists open batches with address and items, marks one shipped; the member sees the delivery code', async () => {
    const m = await shipper(3);
    expect((await ship(m.client, [m.ids[0]!, m.ids[1]!])).body.state).toBe(200);
    expect((await m.client.post('/user/pack/decision', { reduction_card: [m.ids[2]] })).body.state).toBe(200);
    const a = await admin();
    const list = await a.list();
    expect(list.state).toBe(200);
    const mine = list.list.find((s: { user_id: number }) => s.user_id === m.userId);
    expect(mine).toMatchObject({ status: 'open', item_count: 2, delivery_code: null });
    expect(mine.address).toMatchObject({ country_id: 840, city: 'San Francisco' });
    expect(mine.items.map((i: { history_id: number }) => i.history_id)).toEqual([m.ids[0], m.ids[1]]);

    const done = await a.ship(mine.id, 'EJ123456789JP');
    expect(done).toMatchObject({ state: 200, result: '1', shipment: { id: mine.id, items: 2 } });
    const items = await db
      .selectFrom('won_items')
      .select(['id', 'status'])
      .where('id', 'in', m.ids)
      .orderBy('id')
      .execute();
    expect(items.map((i) => i.status)).toEqual(['shipped', 'shipped', 'convert']);
    expect((await a.list()).list.some((s: { id: number }) => s.id === mine.id)).toBe(false);
    expect((await a.list('shipped')).list.find((s: { id: number }) => s.id === mine.id).delivery_code).toBe(
      'EJ123456789JP',
    );

    const detail = await m.client.get(`/user/history/detail/${m.purchaseId}`);
    expect(detail.body.delivery_code).toBe('EJ123456789JP');
    expect(detail.body.send_card.map((c: { send_state: string }) => c.send_state)).toEqual([
      'shipped',
      'shipped',
    ]);
    const row = (await m.client.post('/user/history/list/1', { mode: 'shipped' })).body.list;
    expect(row.map((r: { send_state: string }) => r.send_state)).toEqual(['shipped']);

    // shipping again: 409, nothing changed; unknown batch 404; bad code 400
    await expectNothingChanged(db, async () => {
      const again = await a.ship(mine.id, 'OTHER');
      expect(again.state).toBe(409);
      expect((await a.ship(99_999_999, 'X1')).state).toBe(404);
      expect((await a.ship('abc', 'X1')).state).toBe(404);
      expect((await a.ship(mine.id, '')).state).toBe(400);
      expect((await a.ship(mine.id, 'x'.repeat(101))).state).toBe(400);
    });

    // the member's next shipping item opens a new batch
    const more = await m.client.post('/user/pack/buy', { packId: pack.packId, count: '1' });
    expect((await ship(m.client, [more.body.cards[0].history_id])).body.state).toBe(200);
    const batches = await db
      .selectFrom('shipments')
      .selectAll()
      .where('user_id', '=', m.userId)
      .orderBy('id')
      .execute();
    expect(batches.map((b) => [b.status, b.item_count])).toEqual([
      ['shipped', 2],
      ['open', 1],
    ]);
  });

  it('two clerks shipping one batch at once: one succeeds, one 409', async () => {
    const m = await shipper(1);
    await ship(m.client, m.ids);
    const s = await db
      .selectFrom('shipments')
      .select('id')
      .where('user_id', '=', m.userId)
      .executeTakeFirstOrThrow();
    const [a, b] = await Promise.all([(await admin()).ship(s.id, 'A-1'), (await admin()).ship(s.id, 'B-2')]);
    expect([a.state, b.state].sort()).toEqual([200, 409]);
    const row = await db.selectFrom('shipments').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.delivery_code).toBe(a.state === 200 ? 'A-1' : 'B-2');
  });

  it('a member adding items while the batch is being shipped: no item is left behind in a shipped batch', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await shipper(4);
      await ship(m.client, [m.ids[0]!]);
      const s = await db
        .selectFrom('shipments')
        .select('id')
        .where('user_id', '=', m.userId)
        .executeTakeFirstOrThrow();
      const a = await admin();
      await Promise.all([a.ship(s.id, `R${round}`), ship(m.client, m.ids.slice(1))]);
      const items = await db
        .selectFrom('won_items as w')
        .innerJoin('shipments as s', 's.id', 'w.shipment_id')
        .select(['w.status', 's.status as batch', 's.id as batch_id'])
        .where('w.user_id', '=', m.userId)
        .execute();
      expect(items).toHaveLength(4);
      for (const i of items) expect(i.status).toBe(i.batch === 'shipped' ? 'shipped' : 'ship');
      const batches = await db.selectFrom('shipments').selectAll().where('user_id', '=', m.userId).execute();
      // every batch holds exactly the items it counts
      for (const b of batches) expect(items.filter((i) => i.batch_id === b.id)).toHaveLength(b.item_count);
    }
  });

  it('bad input of any shape on the ship route: 400 (403 without csrf), nothing written', async () => {
    const a = await admin();
    await expectBadInputRefused(
      db,
      a.client,
      '/admin/shipments/1/ship',
      { delivery_code: 'X1' },
      { delivery_code: 12 },
    );
  });

  it.skipIf(onPostgres)('works from the command line: shipping.ts list | ship <id> <code>', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gacha-ship-'));
    try {
      const file = join(dir, 'shop.sqlite');
      const fileDb = openDb(file);
      await migrate(fileDb);
      const p = await createPack(fileDb, { point: 5, prizes: [{ quantity: 10 }] });
      const userId = await createMember(fileDb, { gems: 100 });
      const now = new Date('2026-11-20T03:00:00.000Z');
      const r = await buyPacks(fileDb, { userId, packId: p.packId, count: 2, lang: 'en' }, now);
      await decide(fileDb, { userId, send: r.cards.map((c) => c.history_id), reduction: [] }, now);
      await fileDb.destroy();

      const run = (...args: string[]) => runMain(shippingCommand, args, file);
      const listed = answerOf(await run('list'));
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ user_id: userId, item_count: 2, status: 'open' });
      const shipped = answerOf(await run('ship', String(listed[0].id), 'EJ000111222JP'));
      expect(shipped).toMatchObject({ items: 2, delivery_code: 'EJ000111222JP' });
      const check = openDb(file);
      const items = await check.selectFrom('won_items').select('status').execute();
      expect(items.map((i) => i.status)).toEqual(['shipped', 'shipped']);
      await check.destroy();
      expect(await run('ship', String(listed[0].id), 'EJ000111222JP')).toMatchObject({
        code: 1,
        stderr: /^refused: 409 /,
      });
      expect(await run('list', '--status', 'lost')).toMatchObject({
        code: 2,
        stderr: /^usage: shipping\.ts/,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // the one test that starts a command the way staff do: the entry point, its output and its exit codes
  it.skipIf(onPostgres)(
    'runs as a process through tsx: npx tsx apps/server/scripts/shipping.ts',
    { timeout: SCRIPT_TEST_TIMEOUT },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gacha-ship-cli-'));
      try {
        const file = join(dir, 'shop.sqlite');
        const [listed, refused] = await Promise.allSettled([
          runScript('shipping.ts', ['list', '--status', 'all'], file),
          runScript('shipping.ts', ['frobnicate'], file),
        ]);
        expect(listed).toMatchObject({ status: 'fulfilled', value: { stdout: '[]\n', stderr: '' } });
        expect(refused).toMatchObject({
          status: 'rejected',
          reason: { code: 2, stdout: '', stderr: /^usage: shipping\.ts list/ },
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
