import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Card types are the shop's tabs: `top_tab` puts a type on Top's tabs, `exchange_tab` on the exchange counter's,
 * both in `sort` order. The spec's shop shows every type on Top and Pokémon (2) and ONE PIECE (5) at the counter.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('card_types')
    .addColumn('top_tab', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('card_types')
    .addColumn('exchange_tab', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable('card_types').set({ exchange_tab: 1 }).where('id', 'in', [2, 5]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('card_types').dropColumn('exchange_tab').execute();
  await db.schema.alterTable('card_types').dropColumn('top_tab').execute();
}
