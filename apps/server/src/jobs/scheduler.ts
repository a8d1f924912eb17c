export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Scheduler {
  /** Runs `run` every `everyMs` (and once soon after start when `immediate`). A run never overlaps the last one. */
  every(name: string, everyMs: number, run: () => Promise<unknown>, opts?: { immediate?: boolean }): void;
  /** Runs a job now (waiting for a run in progress first); for tests and admin tools. */
  runNow(name: string): Promise<void>;
  /** Stops every timer and waits for runs in progress. */
  stop(): Promise<void>;
}

/** One run of a job, as the scheduler hands it to `record` (the job_runs table in the server). */
export interface RunInfo {
  name: string;
  runKey: string;
  attempt: number;
}

export interface SchedulerOptions {
  /** Wraps every run (the server records it: modules/ops recordedRun); must run `fn` and rethrow its error. */
  record?: (run: RunInfo, fn: () => Promise<unknown>) => Promise<unknown>;
  /** A failed run is tried again this many times (0: it waits for its next interval). */
  retries?: number;
  /** …after this long, doubled at each further attempt. */
  retryDelayMs?: number;
}

/**
 * A minimal in-process interval scheduler, for the embedded SQLite default (one server process; on PostgreSQL
 * pg-boss runs the jobs once across every process: jobs/pg-boss.ts). Timers are unref'd so they never keep the
 * process alive. A failed run is retried (`retries`) and the interval goes on.
 */
export function createScheduler(log: JobLog, opts: SchedulerOptions = {}): Scheduler {
  const jobs = new Map<string, () => Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  const record = opts.record ?? ((_run: RunInfo, fn: () => Promise<unknown>) => fn());
  const retries = opts.retries ?? 0;
  const retryDelayMs = opts.retryDelayMs ?? 30_000;
  let stopped = false;

  function launch(name: string, attempt = 1, runKey: string = crypto.randomUUID()): Promise<void> {
    const current = running.get(name);
    if (current) return current;
    const run = jobs.get(name)!;
    const started = Date.now();
    const p = Promise.resolve()
      .then(() => record({ name, runKey, attempt }, run))
      .then(
        (result) => log.info({ job: name, attempt, result, ms: Date.now() - started }, 'job done'),
        (err: unknown) => {
          log.error({ job: name, attempt, err }, 'job failed');
          if (attempt <= retries && !stopped) {
            const retry = () => {
              if (!stopped) void launch(name, attempt + 1, runKey);
            };
            timers.push(setTimeout(retry, retryDelayMs * 2 ** (attempt - 1)).unref());
          }
        },
      )
      .finally(() => running.delete(name));
    running.set(name, p);
    return p;
  }

  return {
    every(name, everyMs, run, opts = {}) {
      if (jobs.has(name)) throw new Error(`job ${name} is already scheduled`);
      jobs.set(name, run);
      const tick = () => {
        if (!stopped) void launch(name);
      };
      timers.push(setInterval(tick, everyMs).unref());
      if (opts.immediate) timers.push(setTimeout(tick, 0).unref());
    },
    async runNow(name) {
      if (!jobs.has(name)) throw new Error(`no job ${name}`);
      await running.get(name);
      await launch(name);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all(running.values());
    },
  };
}
