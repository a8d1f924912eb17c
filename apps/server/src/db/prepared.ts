import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { isPostgres } from './dialect.ts';
import type { Database } from './schema.ts';

/** Where a value goes in a prepared query: compiled in as a parameter, replaced on every run. */
class Slot {
  constructor(readonly name: string) {}
}

/** The build function sees each value as a slot; it must not branch on them (it runs once). */
export type Slots<P> = { readonly [K in keyof P]: P[K] };

type Ex = Kysely<Database>;

export interface PreparedQuery<P, R> {
  /** Runs the query with these values; the answer is Kysely's raw result (rows, numAffectedRows). */
  (ex: Ex, values: P): Promise<QueryResult<R>>;
}

/**
 * A query built and compiled once per SQL dialect and then run with new values, for the statements every
 * request or every purchase runs: Kysely's builder and compiler cost about as much as SQLite's own work on
 * such a statement (bench/profile-buy.ts). The SQL text is the same string every time, so the SQLite
 * statement cache finds it without hashing a new string.
 *
 *   const byId = prepareQuery((db, p: Slots<{ id: number }>) =>
 *     db.selectFrom('users').select('lang').where('id', '=', p.id));
 *   const { rows } = await byId(tx, { id: 7 });
 */
export function prepareQuery<P extends object, R>(
  build: (ex: Ex, p: Slots<P>) => Compilable<R>,
): PreparedQuery<P, R> {
  const slots = new Proxy({} as Slots<P>, { get: (_, name) => new Slot(String(name)) });
  let sqlite: CompiledQuery<R> | undefined;
  let postgres: CompiledQuery<R> | undefined;
  return (ex, values) => {
    const pg = isPostgres(ex);
    let compiled = pg ? postgres : sqlite;
    if (!compiled) {
      compiled = build(ex, slots).compile();
      if (pg) postgres = compiled;
      else sqlite = compiled;
    }
    const parameters = compiled.parameters.map((v) =>
      v instanceof Slot ? (values as Record<string, unknown>)[v.name] : v,
    );
    return ex.executeQuery<R>({ ...compiled, parameters });
  };
}
