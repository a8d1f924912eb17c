import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A lot is sold when its position falls in a purchase's range (`pack_purchases.first_position`, `count`, claimed
 * through `packs.sold_count`) and its won item holds that position (unique per pack). `pack_lots.purchase_id`
 * said the same a third time and cost one more write per lot (2.5 ms of a 3000-pack purchase), so it goes.
 * SQLite cannot drop a column that is a foreign key: the table is rebuilt there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('pack_lots').dropColumn('purchase_id').execute();
    return;
  }
  await db.schema
    .createTable('pack_lots_new')
    .addColumn('pack_id', 'integer', (c) => c.notNull().references('packs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('prize_id', 'integer', (c) => c.notNull().references('pack_prizes.id'))
    .addPrimaryKeyConstraint('pack_lots_pk', ['pack_id', 'position'])
    .execute();
  await sql`insert into pack_lots_new (pack_id, position, prize_id) select pack_id, position, prize_id from pack_lots`.execute(
    db,
  );
  await db.schema.dropTable('pack_lots').execute();
  await db.schema.alterTable('pack_lots_new').renameTo('pack_lots').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('pack_lots')
    .addColumn('purchase_id', 'integer', (c) => c.references('pack_purchases.id'))
    .execute();
}
