import { defineProcedure as define } from '@gacha/sqlite-engine/procedures';
import type { Db } from './index.ts';
import type { Database } from './schema.ts';

/**
 * A write transaction as a named procedure: `body` opens and finishes its own transaction, and its arguments
 * and answer are plain data. Which thread and connection run it is the engine's business (the SQLite write
 * worker, or the caller's thread on PostgreSQL and in scripts); its code reads the same either way
 * (packages/sqlite-engine/README.md). A module that defines procedures is listed in modules/index.ts.
 */
export function defineProcedure<A, R>(name: string, body: (db: Db, args: A) => Promise<R>) {
  return define<Database, A, R>(name, body);
}
