import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The odds disclosure of a pack: every prize with its quantity, rarity and name as published, as JSON
 * (`@gacha/contract/pack-fairness` disclosureRecordSchema). Written once, in the statement that stores the seed
 * and the commitment, and never changed after; null until the pack is published.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('packs').addColumn('odds_disclosure', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('packs').dropColumn('odds_disclosure').execute();
}
