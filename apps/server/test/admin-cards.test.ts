import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import { TEST_CARD_TYPE } from './draw-factories.ts';
import { createTestApp } from './helpers.ts';
import { staffClient } from './staff-factories.ts';

/** Cards from the console, with an uploaded picture checked like the board's. */
const dir = mkdtempSync(join(tmpdir(), 'gacha-cards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const t = await createTestApp({ storage: { kind: 'local', dir } });
const db = t.db;
await db
  .insertInto('card_types')
  .values({ id: TEST_CARD_TYPE, name_en: 'Test cards', name_ja: 'テストカード', sort: 99 })
  .onConflict((oc) => oc.column('id').doNothing())
  .execute();

const card = {
  card_type_id: TEST_CARD_TYPE,
  name_en: 'Aurora',
  name_ja: 'オーロラ',
  model_number: 'AU-1',
  rarity: 6,
  rarity_label: 'SAR',
  conversion_value: 1200,
  ship_only: 0,
  customs_category: 'cards',
};
const dataUrl = (buf: Buffer, type = 'image/png') => `data:${type};base64,${buf.toString('base64')}`;
const files = () => {
  try {
    return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length;
  } catch {
    return 0;
  }
};

describe('cards in the console', () => {
  it('creates a card with its picture re-encoded (or the generated art), updates it, one audit row each', async () => {
    const owner = await staffClient(t, 'owner');
    const png = await sharp({ create: { width: 600, height: 840, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const made = await owner.post('/admin/cards', { ...card, image: dataUrl(png) });
    expect(made.body.state).toBe(200);
    const row = await db
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', made.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name_en: 'Aurora', conversion_value: 1200, customs_category: 'cards' });
    expect(row.image_url).toMatch(/^\/media\/uploads\/cards\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: row.image_url });
    expect(served.headers['content-type']).toBe('image/webp');
    const plain = await owner.post('/admin/cards', card);
    const generated = await db
      .selectFrom('cards')
      .select('image_url')
      .where('id', '=', plain.body.id)
      .executeTakeFirstOrThrow();
    expect(generated.image_url).toBe(`/media/cards/${plain.body.id}.svg`);
    expect(
      (await owner.post(`/admin/cards/${made.body.id}`, { name_en: 'Aurora II', customs_category: 'psa' }))
        .body.state,
    ).toBe(200);
    const log = await owner.get(`/admin/audit?target_type=card&target_id=${made.body.id}`);
    expect(log.body.list.map((e: { action: string }) => e.action)).toEqual(['card.update', 'card.create']);
    expect(log.body.list[0]).toMatchObject({
      before: { name_en: 'Aurora' },
      after: { name_en: 'Aurora II', customs_category: 'psa' },
    });
    const list = await owner.get(`/admin/cards?type=${TEST_CARD_TYPE}`);
    expect(list.body.list.map((c: { id: number }) => c.id)).toContain(made.body.id);
  });

  it('refuses non-images, oversized images and decompression bombs, storing nothing', async () => {
    const owner = await staffClient(t, 'owner');
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('cards')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { cards: await count(), files: files() };
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1, 7);
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const cases: [string, string, string][] = [
      ['text', dataUrl(Buffer.from('not an image')), message('image_invalid', 'en')],
      [
        'svg',
        dataUrl(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'),
          'image/svg+xml',
        ),
        message('image_invalid', 'en'),
      ],
      ['5 MB + 1', dataUrl(huge), message('image_too_large', 'en')],
      ['48 megapixels', dataUrl(bomb), message('image_too_many_pixels', 'en')],
    ];
    for (const [label, image, text] of cases) {
      const res = await owner.post('/admin/cards', { ...card, image });
      expect(res.body, label).toMatchObject({ state: 400, errors: { image: [text] } });
    }
    expect({ cards: await count(), files: files() }).toEqual(before);
    expect((await (await staffClient(t, 'support')).post('/admin/cards', card)).body.state).toBe(403);
  });
});
