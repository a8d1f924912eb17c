import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import { createPack, TEST_CARD_TYPE } from './draw-factories.ts';
import { createTestApp, type ApiAnswer } from './helpers.ts';
import { auditCount, staffClient } from './staff-factories.ts';

/**
 * A picture field of the console (a banner's `image` and `sp_image`, a card's `image`, a pack's carousel and
 * banner) holds an upload: a data URL, decoded and re-encoded into the shop's storage, or a path the row holds
 * already, sent back unchanged. Anything else is refused on its field and nothing is stored: every visitor's
 * browser loads these pictures, so a script URL, another site's tracking pixel or a path of the shop's own API
 * (a GET that logs the visitor out) must never get there.
 */
const dir = mkdtempSync(join(tmpdir(), 'gacha-pictures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const t = await createTestApp({ storage: { kind: 'local', dir } });
const db = t.db;
const owner = await staffClient(t, 'owner');

const png = async () =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 320, height: 120, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
const BAD = ['javascript:alert(document.domain)', 'https://evil.example/pixel.png', '/api/user/logout'];
const STORED = /^\/media\/uploads\/[a-z0-9/]+\/[0-9a-f]{32}\.webp$/;
const refusal = { en: message('picture_not_upload', 'en'), ja: message('picture_not_upload', 'ja') };

const banner = (pictures: Record<string, string>) => ({
  kind: 'top',
  slot: 2,
  sort: 2,
  link_url: '/',
  tone: 'violet',
  title_en: 'Pictures',
  title_ja: '画像',
  text_en: '',
  text_ja: '',
  cta_en: '',
  cta_ja: '',
  starts_at: null,
  ends_at: null,
  enabled: 1,
  ...pictures,
});
const card = (pictures: Record<string, string>) => ({
  card_type_id: TEST_CARD_TYPE,
  name_en: 'Picture card',
  name_ja: '画像カード',
  model_number: 'P-001',
  rarity: 3,
  rarity_label: 'R',
  conversion_value: 10,
  ship_only: 0,
  customs_category: 'cards',
  ...pictures,
});

const bannerRow = (id: number) =>
  db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const cardRow = (id: number) =>
  db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tableSize = async (table: 'banners' | 'cards') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A refused write: 400 with the refusal on `field`, no audit row, and `unchanged()` the same after. */
async function expectRefused(
  field: string,
  write: () => Promise<ApiAnswer>,
  unchanged: () => Promise<unknown>,
  label: string,
) {
  const audits = await auditCount(db);
  const before = await unchanged();
  const res = await write();
  expect(res.body.state, label).toBe(400);
  expect(res.body.errors?.[field], label).toEqual([refusal.en]);
  expect(await auditCount(db), `${label}: audit rows`).toBe(audits);
  expect(await unchanged(), label).toEqual(before);
}

describe('a picture field', () => {
  it('the refusal is in the catalogue in both languages', () => {
    expect(refusal.en).not.toBe(refusal.ja);
    expect(refusal.ja).toMatch(/画像/);
  });

  it('banner image and sp_image: a new banner takes uploads, refuses anything else', async () => {
    for (const field of ['image', 'sp_image']) {
      for (const bad of BAD) {
        await expectRefused(
          field,
          () => owner.post('/admin/banners', banner({ [field]: bad })),
          () => tableSize('banners'),
          `new banner ${field} = ${bad}`,
        );
      }
    }
    const made = await owner.post('/admin/banners', banner({ image: await png(), sp_image: await png() }));
    expect(made.body.state).toBe(200);
    const row = await bannerRow(made.body.id);
    expect(row.image_url).toMatch(STORED);
    expect(row.sp_image_url).toMatch(STORED);
  });

  it('banner image and sp_image: an edit takes an upload or the stored path, refuses anything else', async () => {
    const made = await owner.post('/admin/banners', banner({ image: await png(), sp_image: await png() }));
    const id = made.body.id as number;
    const other = await owner.post('/admin/banners', banner({ image: await png() }));
    const elsewhere = (await bannerRow(other.body.id)).image_url;
    for (const field of ['image', 'sp_image']) {
      for (const bad of [...BAD, elsewhere]) {
        await expectRefused(
          field,
          () => owner.post(`/admin/banners/${id}`, { [field]: bad }),
          () => bannerRow(id),
          `banner ${field} = ${bad}`,
        );
      }
    }
    const stored = await bannerRow(id);
    const audits = await auditCount(db);
    const same = await owner.post(`/admin/banners/${id}`, {
      image: stored.image_url,
      sp_image: stored.sp_image_url,
    });
    expect(same.body).toMatchObject({ state: 200, id });
    expect(await auditCount(db)).toBe(audits); // the stored pictures sent back: nothing changes
    for (const field of ['image', 'sp_image'] as const) {
      const res = await owner.post(`/admin/banners/${id}`, { [field]: await png() });
      expect(res.body.state, field).toBe(200);
      const after = await bannerRow(id);
      const column = field === 'image' ? 'image_url' : 'sp_image_url';
      expect(after[column]).toMatch(STORED);
      expect(after[column]).not.toBe(stored[column]);
    }
    // what the shop shows every visitor
    const shown = JSON.stringify((await t.client().get('/user/banners')).body);
    for (const bad of BAD) expect(shown).not.toContain(bad);
  });

  it('card image: a new card and an edit take an upload or the stored path, refuse anything else', async () => {
    const { cardIds } = await createPack(db, { publish: false }); // its card type, and a card of its own
    for (const bad of BAD) {
      await expectRefused(
        'image',
        () => owner.post('/admin/cards', card({ image: bad })),
        () => tableSize('cards'),
        `new card image = ${bad}`,
      );
    }
    const made = await owner.post('/admin/cards', card({ image: await png() }));
    expect(made.body.state).toBe(200);
    const id = made.body.id as number;
    const stored = (await cardRow(id)).image_url;
    expect(stored).toMatch(STORED);
    const elsewhere = (await cardRow(cardIds[0]!)).image_url;
    for (const bad of [...BAD, elsewhere]) {
      await expectRefused(
        'image',
        () => owner.post(`/admin/cards/${id}`, { image: bad }),
        () => cardRow(id),
        `card image = ${bad}`,
      );
    }
    const audits = await auditCount(db);
    expect((await owner.post(`/admin/cards/${id}`, { image: stored })).body).toMatchObject({
      state: 200,
      id,
    });
    expect(await auditCount(db)).toBe(audits);
    expect((await owner.post(`/admin/cards/${id}`, { image: await png() })).body.state).toBe(200);
    const changed = (await cardRow(id)).image_url;
    expect(changed).toMatch(STORED);
    expect(changed).not.toBe(stored);
  });

  it('pack pictures: the same rule, each refusal on its own picture', async () => {
    const { packId } = await createPack(db, { publish: false });
    const pack = () =>
      db
        .selectFrom('packs')
        .select(['images', 'banner_image'])
        .where('id', '=', packId)
        .executeTakeFirstOrThrow();
    const first = await owner.post(`/admin/packs/${packId}/images`, {
      images: [await png()],
      banner_image: await png(),
    });
    expect(first.body.state).toBe(200);
    const stored = await pack();
    const [kept] = JSON.parse(stored.images) as string[];
    expect(kept).toMatch(STORED);
    expect(stored.banner_image).toMatch(STORED);
    for (const bad of BAD) {
      await expectRefused(
        'image2',
        () =>
          owner.post(`/admin/packs/${packId}/images`, {
            images: [kept, bad],
            banner_image: stored.banner_image,
          }),
        pack,
        `pack image2 = ${bad}`,
      );
      await expectRefused(
        'banner_image',
        () => owner.post(`/admin/packs/${packId}/images`, { images: [kept], banner_image: bad }),
        pack,
        `pack banner_image = ${bad}`,
      );
    }
    const again = await owner.post(`/admin/packs/${packId}/images`, {
      images: [kept, await png()],
      banner_image: stored.banner_image,
    });
    expect(again.body.state).toBe(200);
    expect(JSON.parse((await pack()).images)[0]).toBe(kept);
  });
});
