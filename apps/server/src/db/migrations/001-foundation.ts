import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

// Times are ISO-8601 UTC text on both engines so that comparisons and Kysely types are identical.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable('users'))
    .addColumn('mail', 'text', (c) => c.notNull().unique())
    .addColumn('pass_hash', 'text')
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('middle_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('tel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zipcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pref_id', 'integer')
    .addColumn('pref_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shiku', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('building', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country_id', 'integer')
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by', 'integer')
    .addColumn('end_sms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('apple_sub', 'text', (c) => c.unique())
    .addColumn('coin_tenths', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`coin_tenths >= 0`),
    )
    .addColumn('coin_carry_gems', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('rank_maintained_month', 'text')
    .addColumn('last_gem_use_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('persistent', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();

  await db.schema
    .createTable('countries')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('prefectures')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('card_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('cards'))
    .addColumn('card_type_id', 'integer', (c) => c.notNull().references('card_types.id'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('model_number', 'text', (c) => c.notNull())
    .addColumn('rarity', 'integer', (c) => c.notNull().check(sql`rarity between 1 and 7`))
    .addColumn('rarity_label', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('packs'))
    .addColumn('card_type_id', 'integer', (c) => c.notNull().references('card_types.id'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'integer', (c) => c.notNull().check(sql`payment_method in (1, 2)`))
    .addColumn('point', 'integer', (c) => c.notNull().check(sql`point >= 0`))
    .addColumn('total_pack_count', 'integer', (c) => c.notNull().check(sql`total_pack_count >= 0`))
    .addColumn('sold_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`sold_count >= 0 and sold_count <= total_pack_count`),
    )
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('banner_image', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text')
    .addColumn('can_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('limit_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('limit_message_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('limit_message_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('max_buy_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_cardlist', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('detail_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('movie_style', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seed', 'text')
    .addColumn('commitment', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('packs_type').on('packs').columns(['card_type_id', 'start_at']).execute();

  await withId(db.schema.createTable('pack_prizes'))
    .addColumn('pack_id', 'integer', (c) => c.notNull().references('packs.id').onDelete('cascade'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('buy_point', 'integer', (c) => c.notNull().check(sql`buy_point >= 0`))
    .addColumn('num', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ship_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_last_one', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('pack_prizes_pack').on('pack_prizes').column('pack_id').execute();

  await withId(db.schema.createTable('gem_lots'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('paid', 'bonus')`))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0 and remaining <= amount`))
    .addColumn('awarded_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gem_lots_user_expiry')
    .on('gem_lots')
    .columns(['user_id', 'expires_at'])
    .execute();

  await withId(db.schema.createTable('gem_ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gem_ledger_user').on('gem_ledger').columns(['user_id', 'id']).execute();

  await withId(db.schema.createTable('coin_ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('delta_tenths', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('balance_after_tenths', 'integer', (c) => c.notNull().check(sql`balance_after_tenths >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coin_ledger_user').on('coin_ledger').columns(['user_id', 'id']).execute();

  await withId(db.schema.createTable('point_prices'))
    .addColumn('point', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('coupon_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('modified', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('foundation migration is not reversible');
}
