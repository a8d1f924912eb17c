import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { createPurchaseFunctions } from '../pg-purchase-function.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** PostgreSQL only: the pack purchase as one server-side function (db/pg-purchase-function.ts says how). */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await createPurchaseFunctions(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists draws_record_purchase(jsonb)`.execute(db);
  await sql`drop function if exists draws_purchase_run(integer, jsonb)`.execute(db);
}
