import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';

/**
 * The shop's Prometheus metrics, through prom-client, in a registry of their own: request latency
 * per route, packs bought, gems credited by payments, job runs, the PostgreSQL pool, and Node's own (event-loop
 * lag and delay histogram, heap, GC, CPU). Counting is always on (an increment costs nanoseconds); the
 * endpoint (/metrics), the per-request histogram and the default collectors only with METRICS=1.
 */
export const registry = new Registry();
// a worker of `npm run start:cluster` answers the primary's call for the summed metrics with this registry
// (its constructor is what makes a worker listen for the call)
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to its answer, by method, route (the pattern) and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const packPurchases = new Counter({
  name: 'gacha_pack_purchases_total',
  help: 'Pack purchases recorded (one per buy request that succeeded), by the currency paid',
  labelNames: ['currency'] as const,
  registers: [registry],
});

export const packsSold = new Counter({
  name: 'gacha_packs_sold_total',
  help: 'Packs sold (lots claimed) by those purchases',
  labelNames: ['currency'] as const,
  registers: [registry],
});

export const gemCredits = new Counter({
  name: 'gacha_payment_credits_total',
  help: 'Gem purchases credited (one per succeeded payment)',
  registers: [registry],
});

export const gemsCredited = new Counter({
  name: 'gacha_payment_gems_credited_total',
  help: 'Gems credited by succeeded payments',
  registers: [registry],
});

export const imagesDecoded = new Counter({
  name: 'gacha_images_decoded_total',
  help: 'Uploaded images decoded and re-encoded (the costly step of an upload), by who sent them (board, console)',
  labelNames: ['by'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'gacha_job_runs_total',
  help: 'Scheduled job runs in this process, by job and outcome (ok, failed)',
  labelNames: ['job', 'status'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'gacha_job_duration_seconds',
  help: 'Duration of scheduled job runs in this process',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

/** The pools whose usage is reported (one per app; an app that closes takes its pool off). */
const pools = new Set<pg.Pool>();
new Gauge({
  name: 'gacha_db_pool_connections',
  help: 'PostgreSQL pool connections of this process: total open, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const p of pools) {
      total += p.totalCount;
      idle += p.idleCount;
      waiting += p.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

export function watchPool(pool: pg.Pool): () => void {
  pools.add(pool);
  return () => void pools.delete(pool);
}

let defaults = false;
/** Node's own metrics (event-loop lag, GC, heap, handles), once per process. */
export function collectProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
}
