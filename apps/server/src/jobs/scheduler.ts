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

/**
 * A minimal in-process interval scheduler. Timers are unref'd so they never keep the process alive.
 * With several server processes each runs the jobs; the jobs are written so that running twice is harmless.
 */
export function createScheduler(log: JobLog): Scheduler {
  const jobs = new Map<string, () => Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  function launch(name: string): Promise<void> {
    const current = running.get(name);
    if (current) return current;
    const run = jobs.get(name)!;
    const started = Date.now();
    const p = Promise.resolve()
      .then(run)
      .then(
        (result) => log.info({ job: name, result, ms: Date.now() - started }, 'job done'),
        (err: unknown) => log.error({ job: name, err }, 'job failed'),
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
