import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A pack's own opening videos ("play a pack's uploaded video for a rarity/style when one is
 * configured").
 *
 * - `pack_videos`: per pack, a video for a rarity (1–7) and a movie_style; either left null means "any". `url` is
 *   what the buy-pack result carries. An uploaded file is kept in `data` (bytea / blob, like the pack artwork
 *   it lives in the database, so every server process serves it) and served same-origin at
 *   /media/packs/{pack_id}/videos/{id}.{ext}; a row without data points at a file served elsewhere.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await (
    pg
      ? db.schema
          .createTable('pack_videos')
          .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : db.schema.createTable('pack_videos').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('pack_id', 'integer', (c) => c.notNull().references('packs.id').onDelete('cascade'))
    .addColumn('rarity', 'integer', (c) => c.check(sql`rarity between 1 and 7`))
    .addColumn('movie_style', 'integer', (c) => c.check(sql`movie_style >= 0`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo('video/mp4'))
    .addColumn('data', pg ? 'bytea' : 'blob')
    .addColumn('byte_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pack_videos_pack').on('pack_videos').columns(['pack_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pack_videos').execute();
}
