import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { GroupCommitSqliteDialect } from '../group-commit-dialect.ts';
import { attachCaller, callerOf, procedureBody, type ProcedureCaller } from '../procedures.ts';
import { decodeError, type EncodedError, type ErrorClass } from './errors.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** What the worker runs: the modules that define procedures (each registers its own by name when loaded). */
export interface WriteWorkerOptions {
  /** Module URLs (import.meta.url-relative hrefs) the worker loads before it takes calls. */
  procedureModules: readonly string[];
  /** Error classes a procedure may throw that the caller tells apart with instanceof (refusals). */
  errorClasses?: readonly ErrorClass[];
}

/** The most calls one message to the worker carries. */
const MAX_BATCH = 128;

export interface Call {
  name: string;
  args: unknown;
}
export type Outcome = { ok: true; value: unknown } | { ok: false; error: EncodedError };
export type ToWorker = { id: number; calls: Call[] } | 'stop';
export type FromWorker = { type: 'ready' } | { type: 'results'; id: number; outcomes: Outcome[] };
export interface WorkerData {
  url: string;
  modules: readonly string[];
}

interface Pending extends Call {
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/**
 * The SQLite write worker, seen from the server's thread. A procedure called on the database handle
 * (procedures.ts) is queued; the calls that queued while the worker was busy go to it in one message, and it
 * runs them as one group commit on its own connection (thread.ts) while this thread goes on with HTTP, JSON and
 * the reads. The worker writes only while this connection has lent it the write lock
 * (GroupCommitSqliteDialect.lendWriteLock), so the two connections never wait in SQLite's busy handler.
 *
 * Until the worker says it is ready, and after it has stopped, calls run on this thread's connection. If the
 * worker dies while a batch is out, that batch's callers get an error (SQLite kept each call whole or not at
 * all; the member sees in the history whether it happened).
 */
export class WriteWorkerClient implements ProcedureCaller {
  /** Messages sent and the calls they carried (the tests and the bench read them). */
  readonly sent = { batches: 0, calls: 0 };
  /** Settles true once the worker takes calls, false if it never will. */
  readonly ready: Promise<boolean>;
  readonly #queue: Pending[] = [];
  #isReady = false;
  #dead = false;
  #pumping = false;
  #nextId = 1;
  #inFlight: { id: number; batch: Pending[]; done(): void } | null = null;
  readonly #worker: Worker;
  readonly #exited: Promise<void>;
  #settleReady!: (ok: boolean) => void;

  constructor(
    private readonly db: AnyDb,
    private readonly dialect: GroupCommitSqliteDialect,
    data: WorkerData,
    private readonly errorClasses: readonly ErrorClass[] = [],
  ) {
    this.ready = new Promise((resolve) => (this.#settleReady = resolve));
    this.#worker = new Worker(new URL('./bootstrap.mjs', import.meta.url), {
      // thread.ts from the sources; a bundle (the server's build) has thread.js beside it
      workerData: {
        ...data,
        entry: new URL(import.meta.url.endsWith('.ts') ? './thread.ts' : './thread.js', import.meta.url).href,
      },
    });
    this.#worker.unref(); // referenced only while a batch is out
    this.#worker.on('message', (m: FromWorker) => this.#onMessage(m));
    this.#worker.on('error', (err) => this.#die(err));
    this.#exited = new Promise((resolve) =>
      this.#worker.once('exit', () => {
        this.#die(new Error('the write worker stopped'));
        resolve();
      }),
    );
  }

  call(name: string, args: unknown): Promise<unknown> {
    if (!this.#isReady) return procedureBody(name)(this.db, args);
    return new Promise((resolve, reject) => {
      this.#queue.push({ name, args, resolve, reject });
      void this.#pump();
    });
  }

  /** Stops the worker once the batch that is out has come back; later calls run on this thread. */
  async close(): Promise<void> {
    while (this.#pumping) await new Promise((r) => setImmediate(r));
    this.#isReady = false;
    if (!this.#dead) {
      this.#worker.ref(); // keeps a script alive until the worker has closed its connection
      this.#worker.postMessage('stop' satisfies ToWorker);
    }
    await this.#exited;
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#queue.length > 0 && !this.#dead) {
        // the batch is taken once the lock is ours: everything that queued meanwhile goes along
        await this.dialect.lendWriteLock(() => this.#send(this.#queue.splice(0, MAX_BATCH)));
      }
    } finally {
      this.#pumping = false;
    }
    for (const call of this.#queue.splice(0)) this.#runHere(call);
  }

  #send(batch: Pending[]): Promise<void> {
    if (this.#dead) {
      this.#queue.unshift(...batch); // run here once the pump stops
      return Promise.resolve();
    }
    return new Promise((done) => {
      const id = this.#nextId++;
      this.#inFlight = { id, batch, done };
      this.sent.batches++;
      this.sent.calls += batch.length;
      this.#worker.ref();
      this.#worker.postMessage({
        id,
        calls: batch.map((c) => ({ name: c.name, args: c.args })),
      } satisfies ToWorker);
    });
  }

  #onMessage(m: FromWorker): void {
    if (m.type === 'ready') {
      this.#isReady = true;
      this.#settleReady(true);
      return;
    }
    const flight = this.#inFlight;
    if (!flight || flight.id !== m.id) return;
    this.#inFlight = null;
    this.#worker.unref();
    flight.batch.forEach((call, i) => {
      const outcome = m.outcomes[i]!;
      if (outcome.ok) call.resolve(outcome.value);
      else call.reject(decodeError(outcome.error, this.errorClasses));
    });
    flight.done();
  }

  #die(err: Error): void {
    if (this.#dead) return;
    this.#dead = true;
    this.#isReady = false;
    this.#settleReady(false);
    const flight = this.#inFlight;
    this.#inFlight = null;
    if (flight) {
      for (const call of flight.batch) call.reject(err);
      flight.done();
    }
    if (!this.#pumping) for (const call of this.#queue.splice(0)) this.#runHere(call);
  }

  #runHere(call: Pending): void {
    procedureBody(call.name)(this.db, call.args).then(call.resolve, call.reject);
  }
}

/** Starts the write worker for an SQLite file (openSqliteKysely), and stops it when the handle is destroyed. */
export function startWriteWorker(
  db: AnyDb,
  dialect: GroupCommitSqliteDialect,
  url: string,
  opts: WriteWorkerOptions,
): WriteWorkerClient {
  const client = new WriteWorkerClient(
    db,
    dialect,
    { url, modules: opts.procedureModules },
    opts.errorClasses,
  );
  attachCaller(db, client);
  dialect.beforeDestroy(() => client.close());
  return client;
}

/** The write worker serving this handle, if it has one. */
export function writeWorkerOf(db: AnyDb): WriteWorkerClient | undefined {
  const caller = callerOf(db);
  return caller instanceof WriteWorkerClient ? caller : undefined;
}
