import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { pgPoolOf } from '../../db/index.ts';
import { collectProcessMetrics, httpDuration, registry, watchPool } from './metrics.ts';

/**
 * Where a server process is in its life: `starting` until main.ts has loaded the demo data and started
 * the jobs (the migrations ran before the app was built), `ready`, then `draining` from SIGTERM on. An app built
 * directly (tests, benches) is ready at once.
 */
export interface Lifecycle {
  phase: 'starting' | 'ready' | 'draining';
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

const PING_TIMEOUT_MS = 2000;

/**
 * Liveness (`/livez`: the process answers), readiness (`/readyz`: 200 only when ready and the database answers
 * within 2 s, else 503 with the reason) and, with METRICS=1, Prometheus metrics at `/metrics` (a bearer token
 * when METRICS_TOKEN is set). While draining every answer carries `Connection: close`, so clients and proxies
 * take their next request elsewhere before this process stops accepting.
 */
export const opsRoutes = fp(async (app) => {
  const lifecycle: Lifecycle = { phase: 'ready' };
  app.decorate('lifecycle', lifecycle);

  app.addHook('onRequest', (_req, reply, done) => {
    if (lifecycle.phase === 'draining') reply.header('connection', 'close');
    done();
  });

  app.get('/livez', async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'alive' }),
  );
  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.phase !== 'ready') return reply.code(503).send({ status: lifecycle.phase });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(app.db),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      app.log.warn({ err }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'database_unreachable' });
    } finally {
      clearTimeout(timer);
    }
    return reply.send({ status: 'ready' });
  });

  const { enabled, token } = app.config.metrics;
  if (!enabled) return;
  collectProcessMetrics();
  const pool = pgPoolOf(app.db);
  if (pool) {
    const unwatch = watchPool(pool);
    app.addHook('onClose', async () => unwatch());
  }
  app.addHook('onResponse', (req, reply, done) => {
    httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { exposeHeadRoute: false }, async (req, reply) => {
    if (token) {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
});
