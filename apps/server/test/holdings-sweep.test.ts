import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDb } from '../src/db/index.ts';
import { buyPacks } from '../src/modules/draws/service.ts';
import { holdingsJobs } from '../src/modules/holdings/jobs.ts';
import { runAutoConvert } from '../src/modules/holdings/service.ts';
import { main as sweepCommand } from '../scripts/sweep.ts';
import { answerOf, onPostgres, runMain } from './helpers.ts';
import {
  createInterleavingTestApp,
  createMember,
  createPack,
  memberClient,
  YieldEveryQuery,
} from './draw-factories.ts';

const HOUR = 3600 * 1000;

describe('the 24-hour auto-convert sweep', async () => {
  const t = await createInterleavingTestApp();
  const db = t.db;
  /** The sweep's own connection yields after every query too, so two sweeps really interleave. */
  const sweepDb = db.withPlugin(new YieldEveryQuery());
  const choosable = await createPack(db, { point: 10, prizes: [{ quantity: 300, buy_point: 75 }] });
  const shipOnly = await createPack(db, {
    point: 10,
    prizes: [{ quantity: 300, buy_point: 20, ship_only: true }],
  });

  async function buy(client: Awaited<ReturnType<typeof memberClient>>['client'], packId: number, n: number) {
    const r = await client.post('/user/pack/buy', { packId, count: String(n) });
    expect(r.body.state).toBe(200);
    return r.body.cards.map((c: { history_id: number }) => c.history_id) as number[];
  }
  const rows = (ids: number[]) =>
    db.selectFrom('won_items').selectAll().where('id', 'in', ids).orderBy('id').execute();
  const conversionLots = (userId: number) =>
    db
      .selectFrom('gem_lots')
      .selectAll()
      .where('user_id', '=', userId)
      .where('source', '=', 'conversion')
      .execute();

  it('decides every item older than 24 h exactly once, even with two sweeps at once; younger items wait', async () => {
    const a = await memberClient(t, { gems: 10_000 });
    const aChoosable = await buy(a.client, choosable.packId, 3);
    const aShip = await buy(a.client, shipOnly.packId, 2);
    t.clock.advance(23 * HOUR);
    const b = await memberClient(t, { gems: 10_000 });
    const bItems = await buy(b.client, choosable.packId, 2);
    t.clock.advance(HOUR);

    const [r1, r2] = await Promise.all([
      runAutoConvert(sweepDb, t.clock.now()),
      runAutoConvert(sweepDb, t.clock.now()),
    ]);
    expect(r1.converted + r2.converted).toBe(3);
    expect(r1.shipped + r2.shipped).toBe(2);
    expect(r1.gems + r2.gems).toBe(225);

    const decided = await rows([...aChoosable, ...aShip]);
    expect(decided.map((r) => r.status)).toEqual(['convert', 'convert', 'convert', 'ship', 'ship']);
    expect(decided.every((r) => r.decided_by === 'sweep')).toBe(true);
    const lots = await conversionLots(a.userId);
    expect(lots).toHaveLength(3);
    expect(lots.reduce((s, l) => s + l.amount, 0)).toBe(225);
    const ledger = await db
      .selectFrom('gem_ledger')
      .select('reference')
      .where('user_id', '=', a.userId)
      .where('reason', '=', 'auto_conversion')
      .execute();
    expect(ledger.map((l) => l.reference).sort()).toEqual(aChoosable.map((id) => `won_item:${id}`).sort());
    const shipments = await db.selectFrom('shipments').selectAll().where('user_id', '=', a.userId).execute();
    expect(shipments).toHaveLength(1);
    expect(shipments[0]!.item_count).toBe(2);
    expect(decided.filter((r) => r.status === 'ship').every((r) => r.shipment_id === shipments[0]!.id)).toBe(
      true,
    );

    expect((await rows(bItems)).every((r) => r.status === 'unselected')).toBe(true);
    expect(await runAutoConvert(sweepDb, t.clock.now())).toMatchObject({ converted: 0, shipped: 0 });

    t.clock.advance(23 * HOUR); // 24 h after b's purchase
    const [job] = holdingsJobs({ db: sweepDb, config: t.config, clock: t.clock });
    const r3 = await job!.run();
    expect(r3).toMatchObject({ converted: 2, shipped: 0, gems: 150, members: 1 });
    expect(await conversionLots(a.userId)).toHaveLength(3);
    expect(job).toMatchObject({ name: 'auto-convert', everyMs: 60_000 });
  });

  it("racing the member's own decision: every item decided once, by one of them", async () => {
    for (let round = 0; round < 5; round++) {
      const m = await memberClient(t, { gems: 10_000 });
      const ids = await buy(m.client, choosable.packId, 4);
      t.clock.advance(24 * HOUR);
      const [sweep, decision] = await Promise.all([
        runAutoConvert(sweepDb, t.clock.now()),
        m.client.post('/user/pack/decision', { send_card: [ids[0]], reduction_card: ids.slice(1) }),
      ]);
      const after = await rows(ids);
      const lots = await conversionLots(m.userId);
      if (decision.body.state === 200) {
        expect(after.map((r) => r.status)).toEqual(['ship', 'convert', 'convert', 'convert']);
        expect(after.every((r) => r.decided_by === 'member')).toBe(true);
        expect(lots).toHaveLength(3);
      } else {
        expect(decision.body.state).toBe(409);
        expect(after.every((r) => r.status === 'convert' && r.decided_by === 'sweep')).toBe(true);
        expect(sweep.converted).toBeGreaterThanOrEqual(4);
        expect(lots).toHaveLength(4);
      }
      expect(new Set(lots.map((l) => l.id)).size).toBe(lots.length);
    }
  });

  it.skipIf(onPostgres)('runs once from the command line: sweep.ts auto-convert', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gacha-sweep-'));
    try {
      const file = join(dir, 'shop.sqlite');
      const fileDb = openDb(file);
      await migrate(fileDb);
      const pack = await createPack(fileDb, { point: 5, prizes: [{ quantity: 10, buy_point: 40 }] });
      const userId = await createMember(fileDb, { gems: 100 });
      const bought = new Date('2026-11-20T03:00:00.000Z');
      await buyPacks(fileDb, { userId, packId: pack.packId, count: 2, lang: 'en' }, bought);
      await fileDb.destroy();

      const run = (now: string) => runMain(sweepCommand, ['auto-convert', '--now', now], file);
      const early = await run('2026-11-21T02:59:59.000Z');
      expect(answerOf(early)).toMatchObject({ job: 'auto-convert', converted: 0 });
      const due = await run('2026-11-21T03:00:00.000Z');
      expect(answerOf(due)).toMatchObject({ job: 'auto-convert', converted: 2, gems: 80 });
      const check = openDb(file);
      const items = await check.selectFrom('won_items').select('status').execute();
      expect(items.map((i) => i.status)).toEqual(['convert', 'convert']);
      await check.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
