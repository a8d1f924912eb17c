import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What the staff console edits that was local data or code until now:
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
  // the spec's campaign and the demo's banners were seeded here until migration 023 moved them to the demo data
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('disabled_at').execute();
  await db.schema.alterTable('point_prices').dropColumn('disabled').execute();
  await db.schema.dropTable('gem_campaigns').execute();
  await db.schema.dropTable('banners').execute();
}
