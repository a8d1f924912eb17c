import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Everyone's Record, the board.
 *
 * - `posts`: a member's comment, pending until the shop approves or rejects it (with a reason the member sees);
 *   `request_id` makes a repeated post request one post.
 * - `post_images`: up to 3 per post, each stored re-encoded with its thumbnail (storage keys, never the upload).
 * - An approved post's reward is one gem ledger row per post: a partial unique index on the ledger's reference
 *   for the reason 'post_reward', so no race or retry pays it twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable('posts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('reject_reason', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('posts_status').on('posts').columns(['status', 'id']).execute();
  await db.schema.createIndex('posts_user').on('posts').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('posts_request')
    .on('posts')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();

  await withId(db.schema.createTable('post_images'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('post_images_post')
    .on('post_images')
    .columns(['post_id', 'position'])
    .execute();

  await db.schema
    .createIndex('gem_ledger_post_reward_once')
    .on('gem_ledger')
    .column('reference')
    .unique()
    .where(sql.ref('reason'), '=', sql.lit('post_reward'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gem_ledger_post_reward_once').execute();
  await db.schema.dropTable('post_images').execute();
  await db.schema.dropTable('posts').execute();
}
