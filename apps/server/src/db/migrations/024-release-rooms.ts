import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Release rooms (docs/fairness.md § 10): a pack staff open through a waiting room, its committed seed, its
 * admission rate and pauses; and each member's one entry (arrival number, drawn place, admission and pass).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('release_rooms')
    .addColumn('pack_id', 'integer', (c) => c.primaryKey().references('packs.id'))
    .addColumn('opens_at', 'text', (c) => c.notNull())
    .addColumn('admit_per_minute', 'integer', (c) => c.notNull())
    .addColumn('pass_seconds', 'integer', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('arrivals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('drawn_at', 'text')
    .addColumn('places', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_at', 'text')
    .addColumn('paused_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const pg = isPostgres(db);
  await db.schema
    .createTable('room_entries')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('pack_id', 'integer', (c) => c.notNull().references('release_rooms.pack_id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('arrival', 'integer') // numbered by the draw, or when placed after it
    .addColumn('place', 'integer')
    .addColumn('at_start', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('admitted_at', 'text')
    .addColumn('pass_expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('room_entries_member')
    .on('room_entries')
    .columns(['pack_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('room_entries_arrival')
    .on('room_entries')
    .columns(['pack_id', 'arrival'])
    .unique()
    .execute();
  await db.schema
    .createIndex('room_entries_place')
    .on('room_entries')
    .columns(['pack_id', 'place'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('room_entries').execute();
  await db.schema.dropTable('release_rooms').execute();
}
