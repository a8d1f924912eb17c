import type { Db } from '../index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = (db: Db, args: any) => Promise<unknown>;

/** Runs a procedure somewhere else (the SQLite write worker); attached to the database handle it serves. */
export interface ProcedureCaller {
  call(name: string, args: unknown): Promise<unknown>;
}

const bodies = new Map<string, Body>();
/** By the handle's adapter, which every handle derived from it shares (withPlugin, withSchema, transactions). */
const callers = new WeakMap<object, ProcedureCaller>();

/**
 * A write transaction that may run on the SQLite write worker (client.ts): `body` opens and finishes its own
 * transaction on the handle it is given. Called on a handle with a worker attached, the worker's thread runs
 * it on its own connection (the same code, registered there under the same name); otherwise it runs here.
 * Arguments and answers cross threads as structured clones (plain data and Dates), refusals as ApiError.
 */
export function defineProcedure<A, R>(name: string, body: (db: Db, args: A) => Promise<R>) {
  bodies.set(name, body);
  return (db: Db, args: A): Promise<R> => {
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

export function attachCaller(db: Db, caller: ProcedureCaller): void {
  callers.set(db.getExecutor().adapter, caller);
}

export function callerOf(db: Db): ProcedureCaller | undefined {
  return callers.get(db.getExecutor().adapter);
}
