import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What the staff console edits that was local data or code until now (issue 16 point 4):
 *
 * - `banners`: the Top carousel (kind 'top') and the collapsible notices above the tabs (kind 'alert'), each
 *   with an optional window. Top banners sharing a `slot` replace one another: inside its window a windowed
 *   banner takes the slot from the one without a window (spec §2: banner 1 is replaced during a campaign).
 *   Images are same-origin paths (the shipped SVGs, or uploads under /media/uploads).
 * - `gem_campaigns`: the gem-price discount windows (spec §2 Buy gems), until now a constant.
 * - `point_prices.disabled`: a course staff withdrew (kept for the payments that name it).
 * - `coupons.disabled_at`: a coupon staff switched off before its end.
 *
 * The rows the shop showed from local data are inserted here, so a fresh database looks as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable('banners'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('top', 'alert')`))
    .addColumn('slot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sp_image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tone', 'text', (c) => c.notNull().defaultTo('violet'))
    .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cta_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cta_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('gem_campaigns'))
    .addColumn('percent', 'integer', (c) => c.notNull().check(sql`percent between 1 and 90`))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gem_campaigns_ends').on('gem_campaigns').column('ends_at').execute();

  await db.schema
    .alterTable('point_prices')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('coupons').addColumn('disabled_at', 'text').execute();

  const created = '2025-01-01T00:00:00.000Z';
  await db
    .insertInto('gem_campaigns')
    .values({
      percent: 10,
      starts_at: '2025-10-09T19:00:00.000Z',
      ends_at: '2025-10-11T00:00:00.000Z',
      note: 'spec §2: 10% off gem prices, 10 Oct 2025 04:00 to 11 Oct 2025 09:00 JST',
      created_at: created,
    })
    .execute();
  const top = (slot: number, r: Record<string, unknown>) => ({
    kind: 'top',
    slot,
    sort: slot,
    enabled: 1,
    created_at: created,
    ...r,
  });
  // every row names every column: SQLite has no DEFAULT in a multi-row insert
  const blank = {
    image_url: '',
    sp_image_url: '',
    link_url: '',
    cta_en: '',
    cta_ja: '',
    starts_at: null,
    ends_at: null,
  };
  await db
    .insertInto('banners')
    .values(
      [
        top(1, {
          image_url: '/banners/banner1-pc.svg',
          sp_image_url: '/banners/banner1-sp.svg',
          link_url: '/?tab=2',
          tone: 'violet',
          title_en: 'Fresh packs drop every week',
          title_ja: '毎週、新パック続々登場',
          text_en: 'Pokémon, ONE PIECE, Yu-Gi-Oh! and more — open them online, right now.',
          text_ja: 'ポケモン・ワンピース・遊戯王など、今すぐオンラインで開封できます。',
          cta_en: 'See the packs',
          cta_ja: 'パックを見る',
        }),
        top(2, {
          image_url: '/banners/banner2-pc.svg',
          sp_image_url: '/banners/banner2-sp.svg',
          link_url: '/?tab=-2',
          tone: 'gold',
          title_en: 'Ship it, or take gems back',
          title_ja: '発送も、ジェム還元も',
          text_en: 'Choose for every card you win: free shipping in one batch, or convert it to gems.',
          text_ja: '当たったカードは1枚ずつ選べます。まとめて送料無料で発送、またはジェムに還元。',
          cta_en: 'How it works',
          cta_ja: '遊び方を見る',
        }),
        top(1, {
          image_url: '/banners/banner1-alt-pc.svg',
          sp_image_url: '/banners/banner1-alt-sp.svg',
          link_url: '/buy-point',
          tone: 'pink',
          title_en: '10% off gems — this weekend only',
          title_ja: 'ジェム10%OFF 週末限定',
          text_en: 'Every gem price is 10% off until 11 Oct, 9:00 (Japan time).',
          text_ja: '10月11日 9:00（日本時間）まで、すべてのジェムが10%オフ。',
          cta_en: 'Buy gems',
          cta_ja: 'ジェムを購入',
          starts_at: '2025-10-09T13:00:00.000Z',
          ends_at: '2025-10-11T00:00:00.000Z',
        }),
        {
          kind: 'alert',
          slot: 0,
          sort: 1,
          tone: 'info',
          title_en: 'Exchange rate notice: prices are updated on the 1st of every month',
          title_ja: '為替レート更新のお知らせ：毎月1日に価格を更新します',
          text_en:
            'The exchange rate used for prices in foreign currencies is updated at 12:00 noon Japan time on the 1st of every month.\n1 gem is always ¥1. Displayed prices include 10% consumption tax.',
          text_ja:
            '外貨での表示価格に用いる為替レートは、毎月1日の正午（日本時間）に更新されます。\n1ジェムは常に1円です。表示価格は消費税10%込みです。',
          enabled: 1,
          created_at: created,
        },
        {
          kind: 'alert',
          slot: 0,
          sort: 2,
          tone: 'warn',
          title_en: 'Customs declaration for overseas shipping',
          title_ja: '海外発送の税関申告について',
          text_en:
            'Revised rules apply from 4 April 2025. Items are declared at fixed values per item (for example cards ¥100–1,000, PSA slabs ¥800–1,500, boxes ¥500–1,000). Import duties, if any, are paid by the recipient.',
          text_ja:
            '2025年4月4日より改定後のルールが適用されます。商品は1点ごとに定額で申告します（例：カード 100〜1,000円、PSA鑑定品 800〜1,500円、BOX 500〜1,000円）。関税が発生した場合はお受け取り人様のご負担となります。',
          enabled: 1,
          created_at: created,
        },
      ].map((row) => ({ ...blank, ...row })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('disabled_at').execute();
  await db.schema.alterTable('point_prices').dropColumn('disabled').execute();
  await db.schema.dropTable('gem_campaigns').execute();
  await db.schema.dropTable('banners').execute();
}
