import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { SqliteConnectionHandle } from './connection.ts';

/** The most transactions one COMMIT carries; bounds how long the first of them waits for its answer. */
export const MAX_GROUP = 32;
const MEMBER = 'group_member';
/** Taken at load, so a test's fake timers cannot hold commits back. */
const endOfTurn = setImmediate;

/**
 * Kysely's SQLite dialect with group commit: the transactions that finish in one turn of the event loop share
 * one COMMIT (writing the WAL at COMMIT is most of a small transaction's cost: bench/sql-floor.ts; under the buy
 * benchmark a group holds about ten purchases).
 *
 * Each Kysely transaction runs inside a SAVEPOINT of one outer transaction, strictly one after the other, as
 * before. Its commit RELEASEs the savepoint and hands the connection on; the outer transaction is committed at
 * the end of the turn (or when MAX_GROUP members wait), and each member's commit promise settles only then: no
 * member is answered before its writes are committed, and a failed COMMIT fails every member. A rollback undoes
 * only its own savepoint. A read outside a transaction may run while a group is open (it sees what the group will commit);
 * a write outside a transaction commits the open group with it, so its caller too is answered only once it is
 * committed. Waiters are served first come, first served.
 *
 * A group waits for the transaction running when its turn ends, so a transaction must await nothing but its own
 * queries (no network, mail or hashing inside one; none does today).
 */
export class GroupCommitSqliteDialect implements Dialect {
  readonly #driver: GroupCommitDriver;
  constructor(database: SqliteConnectionHandle) {
    this.#driver = new GroupCommitDriver(database);
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return this.#driver;
  }
  /**
   * Lets another connection to the same file write (the write worker, write-worker/client.ts): waits its turn
   * for this connection, commits the open group, then holds every transaction and plain write of this
   * connection back until `use` settles. Reads outside a transaction go on meanwhile (a WAL reader never waits
   * for the writer), until a held-back transaction or write takes its turn: those that queue behind it wait too. So the two connections never meet SQLite's busy handler, which sleeps the thread that hits
   * it. One loan at a time; a second waits for the first to end.
   */
  lendWriteLock<T>(use: () => Promise<T>): Promise<T> {
    return this.#driver.lendWriteLock(use);
  }
  /** Runs before the connection closes (db.destroy()), e.g. to stop the write worker. */
  beforeDestroy(close: () => Promise<void>): void {
    this.#driver.closers.push(close);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}

type HolderState = 'plain' | 'member' | 'awaiting-commit' | 'released';

/** One acquisition of the connection: Kysely hands it back to every driver call of that acquisition. */
class Holder implements DatabaseConnection {
  state: HolderState = 'plain';
  constructor(private readonly driver: GroupCommitDriver) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on SQLite here');
  }
}

interface Group {
  members: { resolve(): void; reject(err: unknown): void }[];
}

class GroupCommitDriver implements Driver {
  readonly #waiters: (() => void)[] = [];
  #locked = false;
  #group: Group | null = null;
  #commitScheduled = false;
  #commitDue = false;
  /** The write lock is lent to another connection; these wait for it back. */
  #lent: (() => void)[] | null = null;
  readonly closers: (() => Promise<void>)[] = [];

  constructor(private readonly db: SqliteConnectionHandle) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    const holder = new Holder(this);
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve(holder);
    }
    return new Promise((resolve) => this.#waiters.push(() => resolve(holder)));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const holder = connection as Holder;
    if (holder.state === 'awaiting-commit' || holder.state === 'released') return; // handed over already
    holder.state = 'released';
    this.#handOver();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const holder = connection as Holder;
    if (!this.#group) {
      await this.#writeLockBack();
      this.#run('begin');
      this.#group = { members: [] };
    }
    this.#run(`savepoint ${MEMBER}`);
    holder.state = 'member';
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    const holder = connection as Holder;
    const group = this.#group;
    if (!group || !this.db.inTransaction) {
      const err = new Error('the transaction was rolled back by SQLite');
      this.#failGroup(err);
      return Promise.reject(err);
    }
    this.#run(`release ${MEMBER}`);
    holder.state = 'awaiting-commit';
    const committed = new Promise<void>((resolve, reject) => group.members.push({ resolve, reject }));
    if (!this.#commitScheduled) {
      this.#commitScheduled = true;
      endOfTurn(() => this.#commitAtEndOfTurn());
    }
    this.#handOver();
    return committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const holder = connection as Holder;
    if (holder.state !== 'member') return; // its group's COMMIT failed: nothing of it is left to undo
    holder.state = 'plain';
    if (!this.db.inTransaction) {
      // SQLite rolled the whole outer transaction back (I/O error, full disk): the members before it are gone
      this.#failGroup(new Error('the transaction was rolled back by SQLite'));
      return;
    }
    this.#run(`rollback to ${MEMBER}`);
    this.#run(`release ${MEMBER}`);
    // nobody of the group waits for its COMMIT: end the outer transaction, so no write lock is kept open
    if (this.#group?.members.length === 0) {
      this.#group = null;
      this.#run('rollback');
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#run(`savepoint ${quote(name)}`);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#run(`rollback to ${quote(name)}`);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#run(`release ${quote(name)}`);
  }

  async destroy(): Promise<void> {
    for (const close of this.closers.splice(0)) await close();
    if (this.#group) this.#commitGroup();
    await this.db.close();
  }

  async lendWriteLock<T>(use: () => Promise<T>): Promise<T> {
    for (;;) {
      await this.#writeLockBack(); // one loan at a time: the next waits for the one before
      const holder = (await this.acquireConnection()) as Holder;
      holder.state = 'released';
      if (!this.#lent) break;
      this.#handOver();
    }
    if (this.#group) this.#commitGroup();
    this.#lent = [];
    this.#handOver();
    try {
      return await use();
    } finally {
      const waiting = this.#lent;
      this.#lent = null;
      for (const wake of waiting) wake();
    }
  }

  #writeLockBack(): Promise<void> | void {
    const waiting = this.#lent;
    if (waiting) return new Promise((resolve) => waiting.push(resolve));
  }

  execute<R>(holder: Holder, query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const stmt = this.db.prepare(query.sql);
      if (this.#lent && holder.state === 'plain' && !stmt.readonly) {
        return Promise.resolve(this.#writeLockBack()).then(() => this.execute<R>(holder, query));
      }
      let result: QueryResult<R>;
      if (stmt.reader) {
        result = { rows: stmt.all(query.parameters) as R[] };
      } else {
        const { changes, lastInsertRowid } = stmt.run(query.parameters);
        result = { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
      }
      // a write outside a transaction is answered committed: with an open group, it commits with it
      if (holder.state === 'plain' && this.#group && !stmt.readonly) {
        const failed = this.#commitGroup();
        if (failed) return Promise.reject(failed);
      }
      return Promise.resolve(result);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** Passes the connection to the next waiter, first committing the open group when it is due or full. */
  #handOver(): void {
    if (this.#group && (this.#commitDue || this.#group.members.length >= MAX_GROUP)) this.#commitGroup();
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }

  /**
   * The group's members have been answered nothing yet; every request the event loop read this turn has had
   * its chance to join. Commit now, or at the next hand-over if a transaction is running.
   */
  #commitAtEndOfTurn(): void {
    this.#commitScheduled = false;
    if (!this.#group) return;
    if (this.#locked) this.#commitDue = true;
    else this.#commitGroup();
  }

  /** Commits the open group; answers the error when the COMMIT failed (every member is told as well). */
  #commitGroup(): unknown {
    const group = this.#group!;
    this.#group = null;
    this.#commitDue = false;
    try {
      if (!this.db.inTransaction) throw new Error('the transaction was rolled back by SQLite');
      this.#run('commit');
    } catch (err) {
      this.#rollbackQuietly();
      for (const m of group.members) m.reject(err);
      return err;
    }
    for (const m of group.members) m.resolve();
    return null;
  }

  #failGroup(err: Error): void {
    const group = this.#group;
    this.#group = null;
    this.#commitDue = false;
    this.#rollbackQuietly();
    for (const m of group?.members ?? []) m.reject(err);
  }

  #rollbackQuietly(): void {
    try {
      if (this.db.inTransaction) this.#run('rollback');
    } catch {
      // nothing more can be undone; the members are told their transaction failed
    }
  }

  #run(sql: string): void {
    this.db.prepare(sql).run([]);
  }
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
