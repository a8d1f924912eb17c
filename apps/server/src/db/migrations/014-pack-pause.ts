import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A published pack's sale paused by staff: purchases are refused until it resumes; null = selling. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('packs').addColumn('paused_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('packs').dropColumn('paused_at').execute();
}
