import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { startJobs } from '../src/jobs/start.ts';
import { createScheduler } from '../src/jobs/scheduler.ts';
import { jobRunsOf, recordedRun } from '../src/modules/ops/service.ts';
import { createMember, createPack } from './draw-factories.ts';
import { createTestApp, freshDb, testConfig, TestClient } from './helpers.ts';
import { loginAs } from './draw-factories.ts';

/** Operations: liveness, readiness, Prometheus metrics, request ids in log lines, job run records. */
describe('liveness and readiness', async () => {
  const t = await createTestApp();

  it('/livez answers while the process runs; /readyz only when ready and the database answers', async () => {
    expect((await t.app.inject('/livez')).json()).toEqual({ status: 'alive' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    for (const phase of ['starting', 'draining'] as const) {
      t.app.lifecycle.phase = phase;
      const r = await t.app.inject('/readyz');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ status: phase });
      expect((await t.app.inject('/livez')).statusCode).toBe(200);
    }
    t.app.lifecycle.phase = 'ready';
  });

  it('while draining every answer closes its connection', async () => {
    t.app.lifecycle.phase = 'draining';
    const r = await t.app.inject('/api/user/point');
    t.app.lifecycle.phase = 'ready';
    expect(r.statusCode).toBe(200);
    expect(r.headers.connection).toBe('close');
  });

  it('/readyz fails when the database is unreachable', async () => {
    const db = await freshDb();
    const app = await buildApp({ config: testConfig(), db });
    await app.ready();
    await db.destroy();
    const r = await app.inject('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'database_unreachable' });
    await app.close();
  });
});

describe('Prometheus metrics (METRICS=1)', async () => {
  it('are off by default', async () => {
    const t = await createTestApp();
    expect((await t.app.inject('/metrics')).statusCode).toBe(404);
  });

  const t = await createTestApp({ metrics: { enabled: true, token: 'scrape-token' } });

  it('ask for the token, then answer request latency per route, purchases, job runs, event-loop lag', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const scrape = async () => {
      const r = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token' } });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toContain('text/plain');
      return r.body;
    };
    // the registry is the process's: other test files in this worker may have counted already
    const value = (text: string, series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : 0;
    };
    const buyRoute =
      'http_request_duration_seconds_count{method="POST",route="/api/user/pack/buy",status_code="200"}';
    const before = await scrape();
    const userId = await createMember(t.db, { gems: 10_000 });
    const { packId } = await createPack(t.db);
    const c = new TestClient(t.app);
    await loginAs(t.db, c, userId);
    expect((await c.post('/user/pack/buy', { packId, count: '2' })).body.state).toBe(200);
    await recordedRun(t.db, { name: 'probe', runKey: 'k1', runner: 'command' }, async () => 1);
    const text = await scrape();
    for (const [series, by] of [
      [buyRoute, 1],
      ['gacha_pack_purchases_total{currency="gem"}', 1],
      ['gacha_packs_sold_total{currency="gem"}', 2],
      ['gacha_job_runs_total{job="probe",status="ok"}', 1],
    ] as const)
      expect(value(text, series) - value(before, series), series).toBe(by);
    expect(text).toContain('gacha_payment_credits_total');
    expect(text).toContain('gacha_db_pool_connections');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('request ids in the log lines', async () => {
  const lines: Record<string, unknown>[] = [];
  const db = await freshDb();
  const app = await buildApp({
    config: testConfig({ logLevel: 'info' }),
    db,
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  // code that logs through the app's logger, not the request's, inside a GET and after a form body is read
  app.get('/log-probe', async () => {
    await new Promise((r) => setTimeout(r, 5));
    app.log.info({ probe: 'get' }, 'probe');
    return { ok: true };
  });
  app.post('/log-probe', async () => {
    await Promise.resolve();
    app.log.info({ probe: 'post' }, 'probe');
    return { ok: true };
  });
  await app.ready();

  it('carry the id of the request they were written for, which the answer names', async () => {
    const get = await app.inject({ url: '/log-probe', headers: { 'x-request-id': 'probe-get-1' } });
    const post = await app.inject({
      method: 'POST',
      url: '/log-probe',
      headers: { 'x-request-id': 'probe-post-1', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(get.headers['x-request-id']).toBe('probe-get-1');
    expect(post.headers['x-request-id']).toBe('probe-post-1');
    expect(lines.find((l) => l.probe === 'get')?.reqId).toBe('probe-get-1');
    expect(lines.find((l) => l.probe === 'post')?.reqId).toBe('probe-post-1');
    // a failed request's own line too (Fastify's, through the request logger)
    await app.inject({ url: '/no-such-page', headers: { 'x-request-id': 'probe-404' } });
    expect(lines.some((l) => l.reqId === 'probe-404')).toBe(true);
    // outside a request: no id
    app.log.info({ probe: 'outside' }, 'probe');
    expect(lines.find((l) => l.probe === 'outside')?.reqId).toBeUndefined();
    await app.close();
  });
});

describe('job runs are recorded', async () => {
  const db = await freshDb();

  it('each run of the in-process scheduler: ok with its result, failed with its error, and retried', async () => {
    let calls = 0;
    const s = createScheduler(
      { info: () => {}, error: () => {} },
      {
        record: (run, fn) => recordedRun(db, { ...run, runner: 'local' }, fn),
        retries: 2,
        retryDelayMs: 10,
      },
    );
    s.every('flaky', 3_600_000, async () => {
      if (++calls < 3) throw new Error(`attempt ${calls} failed`);
      return { done: true };
    });
    await s.runNow('flaky');
    const t0 = Date.now();
    while ((await jobRunsOf(db, { name: 'flaky' })).filter((r) => r.status !== 'running').length < 3) {
      if (Date.now() - t0 > 5000) throw new Error('no retries');
      await new Promise((r) => setTimeout(r, 20));
    }
    await s.stop();
    const runs = (await jobRunsOf(db, { name: 'flaky' })).reverse();
    expect(runs.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'ok'],
    ]);
    expect(new Set(runs.map((r) => r.run_key)).size).toBe(1); // one run, three attempts
    expect(runs[0]!.error).toContain('attempt 1 failed');
    expect(JSON.parse(runs[2]!.result!)).toEqual({ done: true });
    expect(runs.every((r) => r.runner === 'local' && r.finished_at)).toBe(true);
  });

  it('startJobs records the shop’s jobs', async () => {
    const jobs = startJobs({ db, config: testConfig() });
    await jobs.runNow('gem-lot-expiry');
    await jobs.stop();
    const [run] = await jobRunsOf(db, { name: 'gem-lot-expiry' });
    expect(run).toMatchObject({ status: 'ok', runner: 'local' });
  });
});
