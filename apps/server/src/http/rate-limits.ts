import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import type { Config } from '../config.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from './api-error.ts';

/**
 * Per-route rate limits, through @fastify/rate-limit: a route opts in with `rateLimitConfig(name)`
 * in its `config`, naming one of these. They bound how fast one member (or, for guests, one client
 * address) can make the server do costly or guessable work: an argon2 hash, a mail, an SMS, a lookup that tells
 * whether an email is registered. The attempt throttles (http/throttle.ts) stay what limits guessing
 * a password or a code; these limits are the coarse guard in front of every such route.
 *
 * Where the counters live: Redis when REDIS_URL is set (shared by every process); else the database on
 * PostgreSQL (the `throttles` table, one upsert per request, shared by every process); else, on the embedded
 * SQLite file, which one server process drives, the plugin's in-memory store.
 */
export const ROUTE_LIMITS = {
  /** registration (/user/append): one argon2id hash each */
  register: { max: 10, timeWindow: 10 * 60_000 },
  /** /user/confirm: tells whether an email is registered */
  confirm: { max: 30, timeWindow: 60_000 },
  login: { max: 30, timeWindow: 60_000 },
  /** password reissue: mails a code; the code check */
  reset: { max: 10, timeWindow: 10 * 60_000 },
  /** SMS send and check (each send costs money; the per-member rules of sms/service.ts apply as well) */
  sms: { max: 10, timeWindow: 10 * 60_000 },
  coupon: { max: 20, timeWindow: 60_000 },
  /** the pack purchase and its check: a member opening packs by hand makes a few a minute */
  purchase: { max: 120, timeWindow: 60_000 },
  /** a release room's join and live stream: a page joins once and reconnects its stream now and then */
  room: { max: 60, timeWindow: 60_000 },
} as const satisfies Record<string, { max: number; timeWindow: number }>;
export type RouteLimitName = keyof typeof ROUTE_LIMITS;

/** A signed-in member is counted as themself wherever they connect from; a guest by client address. */
const limitKey = (req: FastifyRequest) => (req.user ? `member:${req.user.id}` : `ip:${req.ip}`);

/**
 * Route options for `app.route` (the `config` the plugin reads). The key names the limit, so a route's path
 * aliases (snake_case and camelCase) share one count.
 */
export function rateLimitConfig(
  name: RouteLimitName | undefined,
  /** A key that counts the caller apart from its address (a login's device cookie), when it has one. */
  ownKey?: (req: FastifyRequest) => string | null,
): { rateLimit?: RateLimitOptions } {
  if (!name) return {};
  return {
    rateLimit: {
      ...ROUTE_LIMITS[name],
      keyGenerator: (req: FastifyRequest) => `${name}:${ownKey?.(req) ?? limitKey(req)}`,
    },
  };
}

type IncrCallback = (err: Error | null, res?: StoreResult) => void;
interface StoreResult {
  current: number;
  ttl: number;
}
interface CountingStore {
  incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void;
}

// the plugin's own stores, which it does not export (nor type): counts in memory, and in Redis by its Lua script
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => CountingStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => CountingStore;

export async function registerRateLimits(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  if (!config.rateLimits) return;
  let counts: CountingStore;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
    redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limits)'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    counts = new RedisStore(false, false, redis, 'gacha-rate:');
  } else if (isPostgres(db)) {
    counts = {
      incr: (key, cb, timeWindow) =>
        countRequest(db, `rate:${key}`, timeWindow, new Date()).then((r) => cb(null, r), cb),
    };
  } else {
    counts = new LocalStore(false, false, 10_000);
  }
  // one store for every route (the plugin would make one per route, and so one count per path alias)
  class SharedStore implements FastifyRateLimitStore {
    incr(key: string, cb: IncrCallback, timeWindow = 60_000, max = 0) {
      counts.incr(key, cb, timeWindow, max);
    }
    child() {
      return this;
    }
  }
  await app.register(rateLimit, {
    global: false,
    // after the session is loaded (members are counted by member) and the csrf pair checked (the envelope's
    // hook), before the payload is validated (a flood of bad input is counted too)
    hook: 'preValidation',
    store: SharedStore as unknown as FastifyRateLimitStoreCtor,
    // an unreachable Redis must not take the shop down; the attempt throttles still hold in the database
    skipOnError: !!config.redisUrl,
    errorResponseBuilder: (_req, ctx) =>
      new ApiError(429, {
        message: { key: 'too_many_requests', params: { minutes: Math.max(1, Math.ceil(ctx.ttl / 60_000)) } },
      }),
  });
}

/**
 * The count on the `throttles` table (PostgreSQL): one upsert counts the request and answers the count and the
 * time left in its window (a window over starts again at 1). Rows are purged with the login counters.
 */
async function countRequest(db: Db, key: string, windowMs: number, now: Date): Promise<StoreResult> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('throttles')
    .values({ key, count: 1, window_start: nowIso, blocked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const over = eb('throttles.window_start', '<=', cutoff);
        return {
          count: eb
            .case()
            .when(over)
            .then(eb.lit(1))
            .else(eb('throttles.count', '+', eb.lit(1)))
            .end(),
          window_start: eb.case().when(over).then(nowIso).else(eb.ref('throttles.window_start')).end(),
        };
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return {
    current: row.count,
    ttl: Math.max(0, new Date(row.window_start).getTime() + windowMs - now.getTime()),
  };
}
