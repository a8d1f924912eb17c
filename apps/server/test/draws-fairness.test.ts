import { describe, expect, it } from 'vitest';
import { canonicalLots, commitmentOf, lotSequence, verifyPack } from '@gacha/contract/fairness';
import { publishPack } from '../src/modules/packs/service.ts';
import { createTestApp } from './helpers.ts';
import { createMembers, createPack, loginAs, memberClient } from './draw-factories.ts';

describe('provably fair lot sequences', async () => {
  const t = await createTestApp();
  const db = t.db;

  it('publishes once: a 32-byte seed, its commitment, the shuffled lots; publishing again reshuffles nothing', async () => {
    const { packId } = await createPack(db, { publish: false, prizes: [{ quantity: 30 }, { quantity: 20 }] });
    const [a, b] = await Promise.all([publishPack(db, packId), publishPack(db, packId)]);
    expect([a.published, b.published].filter(Boolean)).toHaveLength(1);
    expect(a.commitment).toBe(b.commitment);
    const pack = await db.selectFrom('packs').selectAll().where('id', '=', packId).executeTakeFirstOrThrow();
    expect(pack.seed).toMatch(/^[0-9a-f]{64}$/);
    const lots = await db
      .selectFrom('pack_lots')
      .selectAll()
      .where('pack_id', '=', packId)
      .orderBy('position')
      .execute();
    expect(lots).toHaveLength(50);
    const prizes = await db.selectFrom('pack_prizes').selectAll().where('pack_id', '=', packId).execute();
    const canonical = canonicalLots(prizes);
    expect(pack.commitment).toBe(commitmentOf(pack.seed!, canonical));
    expect(lots.map((l) => l.prize_id)).toEqual(lotSequence(pack.seed!, canonical));
    const again = await publishPack(db, packId);
    expect(again).toEqual({ commitment: pack.commitment, published: false });
    const after = await db
      .selectFrom('pack_lots')
      .selectAll()
      .where('pack_id', '=', packId)
      .orderBy('position')
      .execute();
    expect(after).toEqual(lots);
  });

  it('refuses to publish a pack whose prizes do not add up to total_pack_count', async () => {
    const { packId } = await createPack(db, { publish: false, prizes: [{ quantity: 5 }] });
    await db.updateTable('packs').set({ total_pack_count: 6 }).where('id', '=', packId).execute();
    await expect(publishPack(db, packId)).rejects.toThrow(/5 lots but total_pack_count is 6/);
  });

  it('shows the commitment during sale and hides the seed; after sell-out the seed recomputes every sold position', async () => {
    const { packId } = await createPack(db, {
      point: 1,
      prizes: [
        { quantity: 12, rarity: 1 },
        { quantity: 5, rarity: 4 },
        { quantity: 3, rarity: 6 },
        { quantity: 1, rarity: 7, is_last_one: true },
      ],
    });
    const me = await memberClient(t, { gems: 100 });
    const during = await me.client.get(`/user/pack/fairness/${packId}`);
    expect(during.body).toMatchObject({ state: 200, revealed: false, seed: null, total: 20, sold: 0 });
    expect(during.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(during.body.canonical).toHaveLength(20);
    expect(during.body.prizes).toHaveLength(3);

    const mine = await me.client.post('/user/pack/buy', { packId, count: '4' });
    expect(mine.body.state).toBe(200);
    const others = await createMembers(db, 4, { gems: 100 });
    for (const id of others) {
      const c = t.client();
      await loginAs(db, c, id);
      expect((await c.post('/user/pack/buy', { packId, count: '4' })).body.state).toBe(200);
    }

    const after = await me.client.get(`/user/pack/fairness/${packId}`);
    expect(after.body).toMatchObject({ revealed: true, sold: 20 });
    expect(after.body.commitment).toBe(during.body.commitment);
    expect(after.body.my_positions.map((p: { position: number }) => p.position)).toEqual([0, 1, 2, 3]);
    expect(after.body.my_positions.map((p: { history_id: number }) => p.history_id)).toEqual(
      mine.body.cards.map((c: { history_id: number }) => c.history_id),
    );

    // what the verify page does, with only what the API gave it
    const check = verifyPack({
      seed: after.body.seed,
      commitment: after.body.commitment,
      canonical: after.body.canonical,
      draws: after.body.my_positions,
    });
    expect(check.commitmentMatches).toBe(true);
    expect(check.allMatch).toBe(true);
    // and every sold position of every member agrees with the recomputed sequence
    const sold = await db
      .selectFrom('won_items')
      .select(['position', 'prize_id'])
      .where('pack_id', '=', packId)
      .where('position', 'is not', null)
      .execute();
    expect(sold).toHaveLength(20);
    for (const s of sold) expect(check.sequence[s.position!]).toBe(s.prize_id);
    // a guest sees the same, without positions
    const guest = await t.client().get(`/user/pack/fairness/${packId}`);
    expect(guest.body).toMatchObject({ seed: after.body.seed, my_positions: [] });
  });

  it('reveals the seed when the sale has ended even if lots remain; 404 for an unknown pack', async () => {
    const { packId } = await createPack(db, { end_at: '2026-11-21T00:00:00.000Z' });
    const c = t.client();
    expect((await c.get(`/user/pack/fairness/${packId}`)).body.seed).toBeNull();
    t.clock.advance(24 * 3600 * 1000);
    try {
      const r = await c.get(`/user/pack/fairness/${packId}`);
      expect(r.body.revealed).toBe(true);
      expect(
        verifyPack({ seed: r.body.seed, commitment: r.body.commitment, canonical: r.body.canonical })
          .commitmentMatches,
      ).toBe(true);
    } finally {
      t.clock.advance(-24 * 3600 * 1000);
    }
    expect((await c.get('/user/pack/fairness/99999999')).body.state).toBe(404);
    expect((await c.get('/user/pack/fairness/abc')).body.state).toBe(404);
  });
});
