import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import { main as boardCommand } from '../scripts/board.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { approvePost, rejectPost } from '../src/modules/board/staff.ts';
import { imagesDecodedSoFar } from '../src/modules/ops/service.ts';
import { s3Storage } from '../src/storage/s3.ts';
import { localStorage } from '../src/storage/local.ts';
import { createMember, loginAs } from './draw-factories.ts';
import { startFakeS3 } from './fakes/s3.ts';
import {
  answerOf,
  createTestApp,
  onPostgres,
  runMain,
  TestClient,
  testConfig,
  type TestApp,
} from './helpers.ts';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDb } from '../src/db/index.ts';
import { buildApp } from '../src/app.ts';

/** The board (posts with images, approval, the reward) and the file storage behind it. */

/**
 * Images decoded by board posts (the costly step of a post), from the process's own counter: the test files share
 * their worker's modules, so a module mock would not reach a server another file already imported.
 */
const decoded = {
  from: 0,
  async reset() {
    this.from = await imagesDecodedSoFar('board');
  },
  async count() {
    return (await imagesDecodedSoFar('board')) - this.from;
  },
};

const dir = mkdtempSync(join(tmpdir(), 'gacha-board-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const t = await createTestApp({ storage: { kind: 'local', dir }, postsPerDay: 50 });
const db = t.db;

const dataUrl = (buf: Buffer, type = 'image/png') => `data:${type};base64,${buf.toString('base64')}`;
const png = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
/** A JPEG carrying EXIF with a camera, a comment and GPS coordinates. */
const jpegWithGps = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 120, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'X-1', ImageDescription: 'home address here' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 39/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 44/1 0/1',
      },
    })
    .toBuffer();
/** A PNG whose header says 20,000 × 20,000 (the pixels are never there: a decompression bomb's shape). */
function hugePngHeader(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const storedFiles = () => {
  try {
    return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.webp'));
  } catch {
    return [];
  }
};
const postCount = async () =>
  Number(
    (
      await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function member(app: TestApp = t, lang: 'en' | 'ja' = 'en') {
  const id = await createMember(app.db, { lang });
  const c = app.client({ lang });
  await loginAs(app.db, c, id);
  return { id, c };
}

describe('POST /user/post/save', () => {
  it('stores a pending post with its images re-encoded, thumbnails, and no EXIF or GPS left', async () => {
    const { id, c } = await member();
    const withGps = await jpegWithGps();
    expect((await sharp(withGps).metadata()).exif?.length).toBeGreaterThan(100); // the upload does carry them
    expect(withGps.includes(Buffer.from('SecretCam'))).toBe(true);
    const res = await c.post('/user/post/save', {
      content: 'Pulled the <b>golden</b> one!\nSecond line',
      images: [dataUrl(withGps, 'image/jpeg'), dataUrl(await png())],
    });
    expect(res.body).toMatchObject({ state: 200, result: '1', message: message('post_received', 'en') });
    const post = await db
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', res.body.post_id)
      .executeTakeFirstOrThrow();
    expect(post).toMatchObject({
      user_id: id,
      status: 'pending',
      content: 'Pulled the <b>golden</b> one!\nSecond line',
    });
    const images = await db
      .selectFrom('post_images')
      .selectAll()
      .where('post_id', '=', post.id)
      .orderBy('position')
      .execute();
    expect(images).toHaveLength(2);
    expect(images[0]).toMatchObject({ width: 800, height: 600 });
    for (const img of images) {
      for (const key of [img.image_key, img.thumb_key]) {
        const served = await t.app.inject({ method: 'GET', url: `/media/uploads/${key}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toContain('immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
      }
    }
    // not listed before approval
    const list = await t.client().get('/user/post/list/1');
    expect(list.body.list.map((p: { id: number }) => p.id)).not.toContain(post.id);
  });

  it('refuses bad images each with its message, keeping nothing (no row, no file)', async () => {
    const { c } = await member(t, 'ja');
    const before = { posts: await postCount(), files: storedFiles().length };
    const fiveMbPlus = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    const jpeg = await jpegWithGps();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const cases: [string, string, string][] = [
      ['5 MB + 1 byte', dataUrl(fiveMbPlus), message('image_too_large', 'ja')],
      [
        'text labelled image/png',
        dataUrl(Buffer.from('just some text, honest')),
        message('image_invalid', 'ja'),
      ],
      ['an SVG with a script', dataUrl(svg, 'image/svg+xml'), message('image_invalid', 'ja')],
      ['20,000 × 20,000 PNG', dataUrl(hugePngHeader()), message('image_too_many_pixels', 'ja')],
      [
        'a truncated JPEG',
        dataUrl(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'),
        message('image_invalid', 'ja'),
      ],
    ];
    for (const [label, bad, text] of cases) {
      const res = await c.post('/user/post/save', { content: 'hi', images: [dataUrl(await png()), bad] });
      expect(res.body.state, label).toBe(400);
      expect(res.body.errors, label).toEqual({ image2: [text] });
    }
    const four = await c.post('/user/post/save', {
      content: 'hi',
      images: Array(4).fill(dataUrl(await png())),
    });
    expect(four.body.errors).toEqual({ images: [message('post_too_many_images', 'ja')] });
    expect({ posts: await postCount(), files: storedFiles().length }).toEqual(before);
  });

  it('refuses a guest, bad content, and past the daily limit', async () => {
    expect((await t.client().post('/user/post/save', { content: 'hi', images: [] })).body.state).toBe(401);
    const { c } = await member();
    for (const payload of [
      {},
      { content: '' },
      { content: 'x'.repeat(1001) },
      { content: 'a', images: 'x' },
      { content: 'a', extra: 1 },
    ]) {
      expect((await c.post('/user/post/save', payload)).body.state, JSON.stringify(payload)).toBe(400);
    }
    const limited = await createTestApp({ storage: { kind: 'local', dir }, postsPerDay: 2 });
    const m = await member(limited);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => m.c.post('/user/post/save', { content: 'again' })),
    );
    expect(answers.filter((a) => a.body.state === 200)).toHaveLength(2);
    expect(answers.find((a) => a.body.state !== 200)!.body.errors.user).toEqual([
      'You can post up to 2 times a day. Please try again tomorrow.',
    ]);
  });

  it('reserves the day’s slot before decoding: 8 parallel posts of 3 large images, limit 3, decode 9 images', async () => {
    const limited = await createTestApp({ storage: { kind: 'local', dir }, postsPerDay: 3 });
    const m = await member(limited);
    // noise does not compress: about 1 MB of PNG each
    const noise = randomBytes(600 * 600 * 3);
    const big = dataUrl(
      await sharp(noise, { raw: { width: 600, height: 600, channels: 3 } })
        .png()
        .toBuffer(),
    );
    expect(big.length).toBeGreaterThan(1_000_000);
    await decoded.reset();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        m.c.post('/user/post/save', { content: 'race', images: [big, big, big] }),
      ),
    );
    const stored = answers.filter((a) => a.body.state === 200);
    expect(stored).toHaveLength(3);
    for (const refused of answers.filter((a) => a.body.state !== 200))
      expect(refused.body.errors).toEqual({
        user: ['You can post up to 3 times a day. Please try again tomorrow.'],
      });
    expect(await decoded.count()).toBe(9); // the 5 refused posts answered before decoding anything
    const mine = await limited.db.selectFrom('posts').select('id').where('user_id', '=', m.id).execute();
    expect(mine).toHaveLength(3);
    const slots = await limited.db
      .selectFrom('throttles')
      .selectAll()
      .where('key', 'like', 'post%')
      .execute();
    expect(slots).toEqual([]); // every slot given back: the stored posts count themselves
  });

  it('a refused post gives its slot back', async () => {
    const limited = await createTestApp({ storage: { kind: 'local', dir }, postsPerDay: 2 });
    const m = await member(limited);
    const text = dataUrl(Buffer.from('not an image at all'));
    // more refused posts than the day's limit: each had a slot while its image was checked, none keeps it
    for (let i = 0; i < 3; i++) {
      const refused = await m.c.post('/user/post/save', { content: 'bad', images: [text] });
      expect(refused.body.errors).toEqual({ image1: [message('image_invalid', 'en')] });
    }
    expect(
      await limited.db.selectFrom('throttles').selectAll().where('key', 'like', 'post%').execute(),
    ).toEqual([]);
    const good = { content: 'good', images: [dataUrl(await png())] };
    expect((await m.c.post('/user/post/save', good)).body.state).toBe(200);
    expect((await m.c.post('/user/post/save', good)).body.state).toBe(200);
    await decoded.reset();
    const third = await m.c.post('/user/post/save', good);
    expect(third.body.errors.user).toEqual(['You can post up to 2 times a day. Please try again tomorrow.']);
    expect(await decoded.count()).toBe(0);
  });

  it('the same request replayed, also at once: one post', async () => {
    const { id, c } = await member();
    const body = { content: 'once', images: [dataUrl(await png())], request_id: 'post-request-0001' };
    const answers = await Promise.all([
      c.post('/user/post/save', body),
      c.post('/user/post/save', body),
      c.post('/user/post/save', body),
    ]);
    expect(new Set(answers.map((a) => a.body.post_id)).size).toBe(1);
    const mine = await db.selectFrom('posts').select('id').where('user_id', '=', id).execute();
    expect(mine).toHaveLength(1);
    expect(
      await db.selectFrom('post_images').select('id').where('post_id', '=', mine[0]!.id).execute(),
    ).toHaveLength(1);
  });
});

describe('approval', () => {
  const rewards = (userId: number) =>
    db
      .selectFrom('gem_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', 'post_reward')
      .execute();

  it('approving (twice, also at once) lists the post and pays 500 gems once, shown in gems history', async () => {
    const { id, c } = await member();
    const saved = await c.post('/user/post/save', {
      content: 'Look!\n<script>x</script>',
      images: [dataUrl(await png())],
    });
    const postId = saved.body.post_id;
    const results = await Promise.all([
      approvePost(commandWrite(db, t.clock.now()), postId),
      approvePost(commandWrite(db, t.clock.now()), postId),
    ]);
    expect(results.filter((r) => r.approved)).toHaveLength(1);
    expect(await approvePost(commandWrite(db, t.clock.now()), postId)).toMatchObject({
      approved: false,
      gems: 0,
    });
    expect(await rewards(id)).toMatchObject([{ delta: 500, reference: `post:${postId}` }]);
    const list = await t.client({ lang: 'ja' }).get('/user/post/list');
    const post = list.body.list.find((p: { id: number }) => p.id === postId);
    expect(post).toMatchObject({
      content: 'Look!\n<script>x</script>',
      firstName: expect.any(String),
      lastName: 'T.',
    });
    expect(post.images[0].url).toMatch(/^\/media\/uploads\/posts\/.+\.webp$/);
    const history = await c.get('/user/point/list/1');
    expect(history.body.list[0]).toMatchObject({
      bonusPoint: 500,
      memo: 'Board post reward',
      history_id: postId,
    });
  });

  it('rejecting: no gems, never listed, and the member sees the reason', async () => {
    const { id, c } = await member();
    const saved = await c.post('/user/post/save', { content: 'spam' });
    expect(
      await rejectPost(commandWrite(db, t.clock.now()), saved.body.post_id, 'Not about cards'),
    ).toMatchObject({
      rejected: true,
    });
    await expect(approvePost(commandWrite(db, t.clock.now()), saved.body.post_id)).rejects.toThrow();
    expect(await rewards(id)).toEqual([]);
    const list = await t.client().get('/user/post/list/1');
    expect(list.body.list.map((p: { id: number }) => p.id)).not.toContain(saved.body.post_id);
    const mine = await c.get('/user/post/mine');
    expect(mine.body.list[0]).toMatchObject({ status: 'rejected', reject_reason: 'Not about cards' });
  });

  it.skipIf(onPostgres)('staff approve and reject from the command line', async () => {
    const cmdDir = mkdtempSync(join(tmpdir(), 'gacha-board-cmd-'));
    try {
      const file = join(cmdDir, 'shop.sqlite');
      const fileDb = openDb(file);
      await migrate(fileDb);
      const app = await buildApp({
        config: testConfig({ storage: { kind: 'local', dir: cmdDir } }),
        db: fileDb,
      });
      const id = await createMember(fileDb);
      const c = new TestClient(app);
      await loginAs(fileDb, c, id);
      const a = (await c.post('/user/post/save', { content: 'first' })).body.post_id;
      const b = (await c.post('/user/post/save', { content: 'second' })).body.post_id;
      await app.close();
      await fileDb.destroy();
      const run = (...args: string[]) => runMain(boardCommand, args, file);
      expect(answerOf(await run('pending')).map((p: { id: number }) => p.id)).toEqual([a, b]);
      expect(answerOf(await run('approve', String(a)))).toMatchObject({ approved: true, gems: 500 });
      expect(answerOf(await run('approve', String(a)))).toMatchObject({ approved: false, gems: 0 });
      expect(answerOf(await run('reject', String(b), '--reason', 'Off topic'))).toMatchObject({
        rejected: true,
      });
      expect((await run('reject', String(b))).code).toBe(2);
      expect(answerOf(await run('pending'))).toEqual([]);
      const check = openDb(file);
      const audited = await check
        .selectFrom('audit_log')
        .select(['action', 'target_id', 'staff_id', 'ip'])
        .orderBy('id')
        .execute();
      await check.destroy();
      expect(audited).toEqual([
        { action: 'post.approve', target_id: String(a), staff_id: null, ip: 'command line' },
        { action: 'post.reject', target_id: String(b), staff_id: null, ip: 'command line' },
      ]);
    } finally {
      rmSync(cmdDir, { recursive: true, force: true });
    }
  });
});

describe('file storage', () => {
  it('keeps post images in an S3-compatible bucket when one is configured', async () => {
    const s3 = await startFakeS3();
    try {
      const storage = s3Storage({
        kind: 's3',
        bucket: s3.bucket,
        endpoint: s3.url,
        region: 'us-east-1',
        accessKeyId: 'test',
        secretAccessKey: 'test-secret',
        forcePathStyle: true,
        prefix: 'uploads/',
      });
      const app = await buildApp({ config: t.config, db, storage });
      const id = await createMember(db);
      const c = new TestClient(app);
      await loginAs(db, c, id);
      const saved = await c.post('/user/post/save', {
        content: 'to the bucket',
        images: [dataUrl(await png())],
      });
      expect(saved.body.state).toBe(200);
      const keys = [...s3.objects.keys()];
      expect(keys).toHaveLength(2);
      expect(keys.every((k) => k.startsWith('uploads/posts/'))).toBe(true);
      const object = s3.objects.get(keys[0]!)!;
      expect(object).toMatchObject({
        contentType: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
      });
      expect((await sharp(object.body).metadata()).format).toBe('webp');
      const served = await app.inject({
        method: 'GET',
        url: `/media/uploads/${keys[0]!.slice('uploads/'.length)}`,
      });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(object.body)).toBe(true);
      expect(await storage.get('posts/none.webp')).toBeNull();
      await storage.delete(keys[0]!.slice('uploads/'.length));
      expect(s3.objects.size).toBe(1);
      await app.close();
    } finally {
      await s3.close();
    }
  });

  it('refuses keys that are not its own, and serves nothing else', async () => {
    const local = localStorage(dir);
    await expect(local.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    for (const url of [
      '/media/uploads/../../etc/passwd',
      '/media/uploads/posts/x.svg',
      '/media/uploads/posts/missing.webp',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
