import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDb } from '../src/db/index.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { buyPacks } from '../src/modules/draws/service.ts';
import { addPackVideo } from '../src/modules/packs/staff.ts';
import { createMember, createPack, memberClient } from './draw-factories.ts';
import { main as packVideoCommand } from '../scripts/pack-video.ts';
import { answerOf, createTestApp, onPostgres, runMain } from './helpers.ts';

/**
 * A pack's own opening videos: configured per pack for a rarity and a movie_style (null = any),
 * carried by the buy-pack result (from the buy path's cached pack) and by gache_result / buy_result, and served
 * same-origin from /media/packs/{id}/videos/ with ranges.
 */
describe('pack opening videos', async () => {
  const t = await createTestApp();
  const db = t.db;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  it('a configured video comes back in the buy-pack result and in gache_result / buy_result', async () => {
    const { packId } = await createPack(db, { point: 100, movie_style: 5 });
    const { client } = await memberClient(t, { gems: 10_000 });

    // no video yet: an empty list (the app's own animation plays); this buy also caches the pack
    const before = await client.post('/user/pack/buy', { packId, count: '1' });
    expect(before.body.state).toBe(200);
    expect(before.body.videos).toEqual([]);

    const upload = await addPackVideo(commandWrite(db, t.clock.now()), {
      packId,
      rarity: null,
      movieStyle: null,
      file: { contentType: 'video/webm', data: bytes },
    });
    expect(upload.url).toBe(`/media/packs/${packId}/videos/${upload.id}.webm`);
    await addPackVideo(commandWrite(db, t.clock.now()), {
      packId,
      rarity: 7,
      movieStyle: 5,
      url: '/media/opening/ur-style5.mp4',
    });
    const expected = [
      { rarity: null, movie_style: null, url: upload.url },
      { rarity: 7, movie_style: 5, url: '/media/opening/ur-style5.mp4' },
    ];

    // the cached pack was dropped by the change: the very next buy carries the videos
    const res = await client.post('/user/pack/buy', { packId, count: '2' });
    expect(res.body.state).toBe(200);
    expect(res.body.videos).toEqual(expected);

    const latest = await client.get('/user/pack/gache_result');
    expect(latest.body.purchase_id).toBe(res.body.purchase_id);
    expect(latest.body.videos).toEqual(expected);
    const earlier = await client.get(`/user/pack/buy_result?purchaseId=${before.body.purchase_id}`);
    expect(earlier.body.videos).toEqual(expected); // the pack's videos now, whichever purchase is shown
  });

  it('serves an uploaded video same-origin, whole or in ranges, and nothing else', async () => {
    const { packId } = await createPack(db);
    const { id, url } = await addPackVideo(commandWrite(db, t.clock.now()), {
      packId,
      rarity: 6,
      movieStyle: null,
      file: { contentType: 'video/mp4', data: bytes },
    });
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-5' } });
    expect(tail.headers['content-range']).toBe('bytes 995-999/1000');
    const past = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-' } });
    expect(past.statusCode).toBe(416);

    const cached = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(whole.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    for (const wrong of [
      `/media/packs/${packId}/videos/${id}.webm`, // not its type
      `/media/packs/${packId + 1000}/videos/${id}.mp4`, // another pack
      `/media/packs/${packId}/videos/${id + 1000}.mp4`,
      `/media/packs/${packId}/videos/..%2F1.mp4`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
    }
  });

  it('refuses what a browser cannot play or a url of another origin', async () => {
    const { packId } = await createPack(db);
    const write = commandWrite(db, t.clock.now());
    const base = { packId, rarity: null, movieStyle: null };
    await expect(
      addPackVideo(write, { ...base, file: { contentType: 'text/html', data: bytes } }),
    ).rejects.toThrow(RangeError);
    await expect(addPackVideo(write, { ...base, url: 'https://evil.example/x.mp4' })).rejects.toThrow();
    await expect(addPackVideo(write, { ...base, url: '//evil.example/x.mp4' })).rejects.toThrow();
    await expect(addPackVideo(write, { ...base, url: 'javascript:alert(1)' })).rejects.toThrow();
    await expect(addPackVideo(write, { ...base, rarity: 8, url: '/media/opening/x.mp4' })).rejects.toThrow();
    const n = await db
      .selectFrom('pack_videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('pack_id', '=', packId)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it.skipIf(onPostgres)('are uploaded from the command line: pack-video.ts add | list | remove', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gacha-video-'));
    try {
      const file = join(dir, 'shop.sqlite');
      const fileDb = openDb(file);
      await migrate(fileDb);
      const { packId } = await createPack(fileDb, { point: 5, prizes: [{ quantity: 10, rarity: 7 }] });
      const userId = await createMember(fileDb, { gems: 100 });
      await fileDb.destroy();
      writeFileSync(join(dir, 'ur.webm'), bytes);
      writeFileSync(join(dir, 'notes.txt'), 'not a video');

      const run = (...args: string[]) => runMain(packVideoCommand, args, file);
      const exitOf = async (args: string[]) => (await run(...args)).code;

      const added = answerOf(await run('add', String(packId), join(dir, 'ur.webm'), '--rarity', '7'));
      expect(added.url).toBe(`/media/packs/${packId}/videos/${added.id}.webm`);
      const listed = answerOf(await run('list', String(packId)));
      expect(listed).toEqual([
        {
          id: added.id,
          rarity: 7,
          movie_style: null,
          url: added.url,
          content_type: 'video/webm',
          byte_size: bytes.length,
        },
      ]);

      // the next purchase carries it
      const check = openDb(file);
      const bought = await buyPacks(check, { userId, packId, count: 1, lang: 'en' }, new Date());
      expect(bought.videos).toEqual([{ rarity: 7, movie_style: null, url: added.url }]);
      await check.destroy();

      expect(answerOf(await run('remove', String(added.id)))).toEqual({
        id: added.id,
        pack_id: packId,
      });
      expect(answerOf(await run('list', String(packId)))).toEqual([]);

      // refusals: usage (2), a file that is not a video (2), an unknown pack or video (1); nothing stored
      expect(await exitOf(['add', String(packId)])).toBe(2);
      expect(await exitOf(['add', String(packId), join(dir, 'ur.webm'), '--rarity', '8'])).toBe(2);
      expect(await exitOf(['add', String(packId), join(dir, 'notes.txt')])).toBe(2);
      expect(await exitOf(['add', String(packId + 1000), join(dir, 'ur.webm')])).toBe(1);
      expect(await exitOf(['remove', String(added.id)])).toBe(1);
      expect(await exitOf(['list', 'abc'])).toBe(2);
      expect(answerOf(await run('list', String(packId)))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
