import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What staff keep per card: its conversion value in gems and ship-only flag (the defaults of the prizes
 * made from it) and its customs category (spec §9's declared-value table).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cards')
    .addColumn('conversion_value', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`conversion_value >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('cards')
    .addColumn('ship_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('cards')
    .addColumn('customs_category', 'text', (c) =>
      c
        .notNull()
        .defaultTo('cards')
        .check(
          sql`customs_category in ('cards', 'psa', 'boxes', 'unopened_packs', 'toys', 'capsule_toys', 'electronics', 'manga', 'other')`,
        ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cards').dropColumn('customs_category').execute();
  await db.schema.alterTable('cards').dropColumn('ship_only').execute();
  await db.schema.alterTable('cards').dropColumn('conversion_value').execute();
}
