import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `won_items_shipment` only indexes items that are in a shipment. Every won item starts outside one, so a
 * purchase of 3000 packs no longer writes 3000 entries of NULL into this index (bench/buy.bench.ts, buy-3000);
 * the queries on it (`shipment_id = ?`) can only match rows that have one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('won_items_shipment').execute();
  await db.schema
    .createIndex('won_items_shipment')
    .on('won_items')
    .column('shipment_id')
    .where(sql.ref('shipment_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('won_items_shipment').execute();
  await db.schema.createIndex('won_items_shipment').on('won_items').column('shipment_id').execute();
}
