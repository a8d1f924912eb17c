import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScheduler, type JobLog } from './scheduler.ts';

describe('createScheduler', () => {
  let log: JobLog & { errors: unknown[] };
  beforeEach(() => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    log = { info: () => {}, error: (obj) => errors.push(obj), errors };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job every interval, and once at start when asked', async () => {
    const s = createScheduler(log);
    const run = vi.fn(async () => 0);
    s.every('a', 1000, run, { immediate: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
    await s.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('never overlaps runs of one job', async () => {
    const s = createScheduler(log);
    let active = 0;
    let maxActive = 0;
    const run = vi.fn(async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 2500));
      active--;
    });
    s.every('slow', 1000, run);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(maxActive).toBe(1);
    expect(run.mock.calls.length).toBeLessThanOrEqual(4);
    const stopped = s.stop(); // waits for the run in progress
    await vi.advanceTimersByTimeAsync(3000);
    await stopped;
    expect(active).toBe(0);
  });

  it('logs a failing run and keeps the schedule', async () => {
    const s = createScheduler(log);
    const run = vi.fn(async () => {
      throw new Error('boom');
    });
    s.every('failing', 1000, run);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.errors).toHaveLength(2);
    await s.stop();
  });

  it('runs a job on demand and refuses duplicate or unknown names', async () => {
    const s = createScheduler(log);
    const run = vi.fn(async () => 1);
    s.every('a', 60_000, run);
    await s.runNow('a');
    expect(run).toHaveBeenCalledTimes(1);
    expect(() => s.every('a', 1000, run)).toThrow(/already/);
    await expect(s.runNow('b')).rejects.toThrow(/no job/);
    await s.stop();
  });

  it('does not keep the process alive', () => {
    const s = createScheduler(log);
    const spy = vi.spyOn(globalThis, 'setInterval');
    s.every('a', 1000, async () => {});
    const timer = spy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    spy.mockRestore();
    return s.stop();
  });
});
