import { defineProcedure as define } from '@gacha/sqlite-engine/procedures';
import { isPostgres } from './dialect.ts';
import type { Db } from './index.ts';
import { runInBatch } from './pg-batch.ts';
import type { ProcedureBatch } from './procedure-batch.ts';

export type { ProcedureBatch };
import type { Database } from './schema.ts';

/**
 * A write transaction as a named procedure: `body` opens and finishes its own transaction, and its arguments
 * and answer are plain data. Which thread and connection run it is the engine's business (the SQLite write
 * worker, or the caller's thread in scripts); its code reads the same either way
 * (packages/sqlite-engine/README.md). A module that defines procedures is listed in modules/index.ts.
 *
 * With `batch`, an engine that has a set-based form of the procedure runs the calls that arrive together in one
 * statement: on PostgreSQL a server-side function of the procedure's name (`draws.recordPurchase` →
 * `draws_record_purchase(jsonb)`, created by a migration), called by db/pg-batch.ts. `body` stays the procedure's
 * definition: SQLite runs it, and so does PostgreSQL for any call the statement hands back.
 */
export function defineProcedure<A, R, P = never, O = never>(
  name: string,
  body: (db: Db, args: A) => Promise<R>,
  batch?: ProcedureBatch<A, P, O, R>,
) {
  const run = define<Database, A, R>(name, body);
  if (!batch) return run;
  return (db: Db, args: A): Promise<R> =>
    isPostgres(db) && !db.isTransaction ? runInBatch(db, name, batch, run, args) : run(db, args);
}
