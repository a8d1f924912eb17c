import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * An empty shop has no demo words: the banners, notices and the spec's gem campaign that migration 013 once
 * seeded are the demo data's now (demo/shop-words.ts). A database migrated before takes out the rows 013 wrote
 * (their seeding time, 2025-01-01, and their titles or note), unless staff have changed them since.
 */
const SEEDED_AT = '2025-01-01T00:00:00.000Z';
const SEEDED_TITLES = [
  'Fresh packs drop every week',
  'Ship it, or take gems back',
  '10% off gems — this weekend only',
  'Exchange rate notice: prices are updated on the 1st of every month',
  'Customs declaration for overseas shipping',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('banners')
    .where('created_at', '=', SEEDED_AT)
    .where('title_en', 'in', SEEDED_TITLES)
    .execute();
  await db
    .deleteFrom('gem_campaigns')
    .where('created_at', '=', SEEDED_AT)
    .where('note', 'like', 'spec §2:%')
    .execute();
}

export async function down(): Promise<void> {
  // the demo data adds them again where it is loaded
}
