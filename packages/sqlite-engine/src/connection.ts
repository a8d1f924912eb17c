import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** Prepared statements kept per connection; the shop runs a few hundred distinct queries. */
const STATEMENT_CACHE_SIZE = 1000;
/** How often the checkpointer moves committed WAL pages into the database file. */
const CHECKPOINT_INTERVAL_MS = 250;
/**
 * Above this the WAL is truncated while no connection writes. Passive checkpoints alone never get the WAL
 * restarted while writes keep coming (bench/buy.bench.ts grew it past 100 MB in seconds), and a long WAL makes
 * every read look further.
 */
const WAL_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * better-sqlite3 for Kysely, with changes that matter on the write path (bench/sql-floor.ts measured them):
 *
 * - Prepared statements are reused. Kysely's driver calls prepare() for every query, which compiled the same SQL
 *   again on every request (12% of a buy's CPU in bench/profile-buy.ts).
 * - WAL checkpoints run on a worker thread with a connection of its own instead of inside whichever commit
 *   crosses SQLite's 1000-page mark (most of COMMIT's cost on a buy: 418 µs → 136 µs a buy at the SQL floor).
 *   With synchronous=FULL every COMMIT fsyncs the WAL (durable on power loss); the checkpoint fsyncs the file.
 *   If the worker cannot start, SQLite's own automatic checkpoints are switched back on.
 * - The WAL is truncated past its limit while the connection's owner holds every writer back
 *   (`lendWriteLockWith`: the group-commit driver lends its write lock for it). A truncating checkpoint blocks
 *   writers, and a writer that meets it sleeps in SQLite's busy handler (1, 2, 5, 10 ms…), which stalled the
 *   purchases far longer than the truncation itself.
 */
export function openSqlite(
  url: string,
  opts: { walLimitBytes?: number; checkpointedElsewhere?: boolean } = {},
): SqliteConnection {
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an answered purchase or credit survives a power loss, not only a crash of the process;
  // the group commit shares one fsync among the transactions of an event-loop turn
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // every transaction of a group runs in a savepoint, whose journal of original pages would otherwise be a
  // temporary file written page by page (perf: subjournalPageIfRequired → pwrite, 16% of the write worker)
  sqlite.pragma('temp_store = MEMORY');
  // a second connection of the same process (the write worker) leaves checkpoints to the first one's worker
  if (opts.checkpointedElsewhere) sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer =
    url === ':memory:' || opts.checkpointedElsewhere
      ? null
      : startCheckpointer(sqlite, url, opts.walLimitBytes ?? WAL_LIMIT_BYTES);
  return new CachingDatabase(sqlite, checkpointer);
}

/** Runs `work` while no connection of this process writes. */
export type WriteLockLender = (work: () => Promise<void>) => Promise<void>;

/** What the driver (group-commit-dialect.ts) needs of the connection. */
export interface SqliteConnectionHandle {
  prepare(sql: string): SQLite.Statement;
  readonly inTransaction: boolean;
  /** Settles once no thread of this connection has the file open (the checkpointer included). */
  close(): Promise<void>;
}

/** The connection openSqlite answers. */
export interface SqliteConnection extends SqliteConnectionHandle {
  /** How the WAL truncation gets writers out of its way (by default it runs whenever it is due). */
  lendWriteLockWith(lend: WriteLockLender): void;
}

interface Checkpointer {
  lender: WriteLockLender;
  /** Settles when the checkpointer's thread has closed its connection and ended. */
  stop(): Promise<void>;
}

class CachingDatabase implements SqliteConnection {
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly checkpointer: Checkpointer | null,
  ) {}

  lendWriteLockWith(lend: WriteLockLender): void {
    if (this.checkpointer) this.checkpointer.lender = lend;
  }

  get inTransaction(): boolean {
    return this.sqlite.inTransaction;
  }

  prepare(sql: string): SQLite.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        this.#statements.delete(this.#statements.keys().next().value!);
      }
      statement = this.sqlite.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async close(): Promise<void> {
    this.#statements.clear();
    this.sqlite.close();
    await this.checkpointer?.stop();
  }
}

// Plain CommonJS, evaluated in the worker: no TypeScript loader is needed there.
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const { statSync } = require('node:fs');
const checkpoint = (mode) => { try { db.pragma('wal_checkpoint(' + mode + ')'); } catch {} };
const walBytes = () => { try { return statSync(workerData.file + '-wal').size; } catch { return 0; } };
let truncating = false;
const timer = setInterval(() => {
  if (truncating) return;
  if (walBytes() <= workerData.walLimitBytes) return checkpoint('PASSIVE');
  truncating = true;
  parentPort.postMessage('wal-full'); // answered 'truncate' once no connection writes
}, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'truncate') {
    checkpoint('TRUNCATE');
    truncating = false;
    parentPort.postMessage('truncated');
    return;
  }
  clearInterval(timer);
  checkpoint('PASSIVE');
  db.close();
  parentPort.close();
});
`;

function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  walLimitBytes: number,
): Checkpointer | null {
  try {
    const worker = new Worker(CHECKPOINTER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        intervalMs: CHECKPOINT_INTERVAL_MS,
        walLimitBytes,
      },
    });
    worker.unref(); // never keeps a command-line script alive
    let truncated = () => {};
    let exited = false;
    worker.on('error', () => restoreAutoCheckpoint(sqlite));
    // a truncation it will never answer must not keep the write lock lent
    worker.on('exit', () => {
      exited = true;
      truncated();
    });
    sqlite.pragma('wal_autocheckpoint = 0');
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const checkpointer: Checkpointer = {
      lender: (work) => work(),
      stop: () => {
        worker.ref(); // a script awaiting its close stays alive until the thread has closed the file
        worker.postMessage('stop');
        return ended;
      },
    };
    worker.on('message', (m: string) => {
      if (m === 'truncated') truncated();
      if (m !== 'wal-full') return;
      void checkpointer.lender(
        () =>
          new Promise<void>((resolve) => {
            if (exited) return resolve();
            truncated = resolve;
            worker.postMessage('truncate');
          }),
      );
    });
    return checkpointer;
  } catch {
    return null;
  }
}

function restoreAutoCheckpoint(sqlite: SQLite.Database): void {
  if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
}
