import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Member accounts: the dev outbox, password-reset and SMS codes, verified phones, referral rewards,
 * coupons, and the inactivity columns of `users`.
 *
 * - `outbox_messages`: every email/SMS the server sent while no real transport is configured (dev outbox).
 * - `password_resets`: one row per reissue request; the code is stored as an HMAC, the browser holds a ticket
 *   (httpOnly cookie) whose hash binds wrong tries to the row (5 void it).
 * - `sms_codes`: one live code per member (primary key), re-sent by a conditional upsert at most every 60 s
 *   and at most `day_sends` times in 24 hours.
 * - `verified_phones`: a phone number verified by one member cannot verify another (primary key).
 * - `referral_rewards`: unique per referred member, so a reward is paid once per pair whatever races.
 * - `coupons` + `coupon_point_prices` (hidden courses an unlock coupon opens) + `coupon_uses` (unique per coupon
 *   and member). The unlocks themselves go to `point_price_unlocks` of migration 004 (payments).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema.alterTable('users').addColumn('inactivity_notice_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('anonymised_at', 'text').execute();
  await db.schema
    .createIndex('users_last_gem_use')
    .on('users')
    .columns(['last_gem_use_at', 'created_at'])
    .execute();

  await withId(db.schema.createTable('outbox_messages'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('outbox_messages_recipient')
    .on('outbox_messages')
    .columns(['recipient', 'id'])
    .execute();

  await withId(db.schema.createTable('password_resets'))
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
  await db.schema.createIndex('password_resets_expiry').on('password_resets').column('expires_at').execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tel', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('day_start', 'text', (c) => c.notNull())
    .addColumn('day_sends', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('verified_phones')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('referral_rewards'))
    .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('referred_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('referral_rewards_not_self', sql`referrer_id <> referred_id`)
    .execute();
  await db.schema
    .createIndex('referral_rewards_referrer')
    .on('referral_rewards')
    .column('referrer_id')
    .execute();

  await withId(db.schema.createTable('coupons'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('gems', 'unlock')`))
    .addColumn('gems', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`gems >= 0`),
    )
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses is null or max_uses >= 1`))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'coupons_used_within_limit',
      sql`used_count >= 0 and (max_uses is null or used_count <= max_uses)`,
    )
    .addCheckConstraint('coupons_gems_kind', sql`kind <> 'gems' or gems > 0`)
    .execute();

  await db.schema
    .createTable('coupon_point_prices')
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('point_price_id', 'integer', (c) => c.notNull().references('point_prices.id'))
    .addPrimaryKeyConstraint('coupon_point_prices_pk', ['coupon_id', 'point_price_id'])
    .execute();

  await withId(db.schema.createTable('coupon_uses'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('coupon_uses_once_per_member', ['coupon_id', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('members migration is not reversible');
}
