import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = (db: AnyDb, args: any) => Promise<unknown>;

/** Runs a procedure somewhere else (the write worker); attached to the database handle it serves. */
export interface ProcedureCaller {
  call(name: string, args: unknown): Promise<unknown>;
}

const bodies = new Map<string, Body>();
/** By the handle's adapter, which every handle derived from it shares (withPlugin, withSchema, transactions). */
const callers = new WeakMap<object, ProcedureCaller>();

/**
 * A procedure: one whole write transaction whose arguments and answer are plain data (structured-cloneable:
 * objects, arrays, numbers, strings, Dates), named once. `body` opens and finishes its own transaction on the
 * handle it is given. Called on a handle that has a write worker (openSqliteKysely({ writeWorker })), the
 * worker's thread runs it on its own connection (the same code, found by the same name in the same module);
 * on any other handle (another engine, a script) it runs here. Its code reads the same either way.
 */
export function defineProcedure<DB, A, R>(name: string, body: (db: Kysely<DB>, args: A) => Promise<R>) {
  if (bodies.has(name)) throw new Error(`two procedures are named ${name}`);
  bodies.set(name, body as Body);
  return (db: Kysely<DB>, args: A): Promise<R> => {
    if (db.isTransaction) throw new Error(`procedure ${name} opens its own transaction; call it outside one`);
    const caller = callers.get(db.getExecutor().adapter);
    return caller ? (caller.call(name, args) as Promise<R>) : body(db, args);
  };
}

export function procedureBody(name: string): Body {
  const body = bodies.get(name);
  if (!body) throw new Error(`no procedure named ${name} is loaded`);
  return body;
}

export function attachCaller(db: AnyDb, caller: ProcedureCaller): void {
  callers.set(db.getExecutor().adapter, caller);
}

export function callerOf(db: AnyDb): ProcedureCaller | undefined {
  return callers.get(db.getExecutor().adapter);
}
