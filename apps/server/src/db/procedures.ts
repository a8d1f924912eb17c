import { defineProcedure as define } from '@gacha/sqlite-engine/procedures';
import { isPostgres } from './dialect.ts';
import type { Db } from './index.ts';
import { runInBatch } from './pg-batch.ts';
import type { Database } from './schema.ts';

/**
 * How a procedure's calls may run together as one set-based call (one statement, one commit for many callers),
 * told in plain data so that any engine may use it: the procedure's own rules run here, in JavaScript, and the
 * engine's statement only applies what they decided. Nothing in it names an engine.
 */
export interface ProcedureBatch<A, P, O, R> {
  /** Calls with the same key may share one statement (e.g. the purchases of one pack). */
  key(args: A): string | number;
  /** Each call's share of the batch's bound (e.g. the lots it claims). */
  weight(args: A): number;
  /**
   * The call as the statement takes it, with everything the rules decided; throws the call's refusal; undefined
   * when only the whole procedure can decide it (`body` runs instead).
   */
  prepare(args: A): P | undefined;
  /** The statement's outcome for the call: its answer, its refusal thrown, or undefined to run `body` instead. */
  settle(args: A, prepared: P, outcome: O): R | undefined;
}

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
