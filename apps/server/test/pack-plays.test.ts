import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import { createPack, memberClient } from './draw-factories.ts';

/**
 * GET /user/pack/plays/:packId: the plays a pack's per-member limit still allows, for the
 * count select — only the member's own plays, a guest refused, bad ids refused in the member's language.
 */
describe('GET /user/pack/plays/:packId', async () => {
  const t = await createTestApp();

  it('counts down the limit as the member buys, and never below zero', async () => {
    const { packId } = await createPack(t.db, { can_limit: true, limit_count: 3 });
    const { client } = await memberClient(t, { gems: 10_000 });
    expect((await client.get(`/user/pack/plays/${packId}`)).body).toMatchObject({
      state: 200,
      pack_id: packId,
      limit: 3,
      played: 0,
      left: 3,
    });
    expect((await client.post('/user/pack/buy', { packId, count: '2' })).body.state).toBe(200);
    expect((await client.get(`/user/pack/plays/${packId}`)).body).toMatchObject({ played: 2, left: 1 });
    // the limit refuses a second play beyond it; the answer stays the same
    expect((await client.post('/user/pack/buy', { packId, count: '2' })).body.state).toBe(400);
    expect((await client.post('/user/pack/buy', { packId, count: '1' })).body.state).toBe(200);
    const again = await client.get(`/user/pack/plays/${packId}`);
    expect(again.body).toMatchObject({ played: 3, left: 0 });
    expect((await client.get(`/user/pack/plays/${packId}`)).body).toEqual(again.body);
  });

  it("counts only the member's own plays", async () => {
    const { packId } = await createPack(t.db, { can_limit: true, limit_count: 2 });
    const a = await memberClient(t, { gems: 10_000 });
    const b = await memberClient(t, { gems: 10_000 });
    expect((await a.client.post('/user/pack/buy', { packId, count: '2' })).body.state).toBe(200);
    expect((await b.client.get(`/user/pack/plays/${packId}`)).body).toMatchObject({ played: 0, left: 2 });
  });

  it('answers no limit for a pack without one', async () => {
    const { packId } = await createPack(t.db);
    const { client } = await memberClient(t, { gems: 1000 });
    expect((await client.get(`/user/pack/plays/${packId}`)).body).toMatchObject({
      state: 200,
      limit: null,
      left: null,
      played: 0,
    });
  });

  it('refuses a guest, an unknown pack and a malformed id', async () => {
    const { packId } = await createPack(t.db, { can_limit: true, limit_count: 3 });
    expect((await t.client().get(`/user/pack/plays/${packId}`)).body.state).toBe(401);
    const { client } = await memberClient(t, { lang: 'ja' });
    expect((await client.get('/user/pack/plays/999999')).body.state).toBe(404);
    for (const bad of ['abc', '-1', '1.5', '0x10', '9'.repeat(30)]) {
      const res = await client.get(`/user/pack/plays/${bad}`);
      expect(res.body.state, bad).toBeGreaterThanOrEqual(400);
      expect(res.body.state, bad).toBeLessThan(500);
      expect(typeof res.body.message, bad).toBe('string');
      expect(res.body.message, bad).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/); // in the member's language
    }
  });
});
