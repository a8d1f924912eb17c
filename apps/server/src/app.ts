import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { message } from '@gacha/contract/messages';
import { unsafeTextFields } from '@gacha/contract/text';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Clock } from './http/app-deps.ts';
import { envelope, UnsafeTextError, type ApiRoute } from './http/envelope.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { createSessions } from './http/session.ts';
import { storageFor } from './storage/open.ts';
import type { FileStorage } from './storage/storage.ts';
import { setMemberLang } from './modules/account/service.ts';
import { apiModules, pageModules, rootModules } from './modules/index.ts';
import { sendPageOrNotFound } from './modules/site/routes.ts';

export interface BuildAppArgs {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Where uploads go; by default config.storage's (tests give a fake bucket's). */
  storage?: FileStorage;
}

const BODY_LIMIT = 1024 * 1024;
/** Answers slower than this are logged at info even when they succeed. */
const SLOW_REQUEST_MS = 1000;

/**
 * Request logging without the two info lines per successful request (a serializer run and a write each, on
 * every hot call): failures (HTTP ≥ 400, errors) and slow answers are still logged, with their request id;
 * everything else Fastify logs (error handler, stream errors, 404s) is unchanged.
 */
class QuietLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else if (reply.statusCode >= 400 || responseTime >= SLOW_REQUEST_MS) {
      // the request line too, since the "incoming request" line is gone
      reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
    }
  }
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count trusts that many addresses nearest to the server (the
 * socket peer first), like Express; Fastify itself refuses a bare number, since a client that reaches the
 * server directly could then name its address: the README says to give a hop count only when the server listens
 * where just the proxy reaches it, and the proxies' addresses otherwise.
 */
function trustedProxies(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

export async function buildApp({ config, db, clock = { now: () => new Date() }, storage }: BuildAppArgs) {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    // a proxy's X-Request-Id is kept when it looks like one, so its logs and ours share the id
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    logController: new QuietLogController(),
  });

  await app.register(cookie);
  await app.register(formbody);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // React style attributes (progress bars, carousel)
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.cookieSecure,
  });

  const sessions = createSessions({
    db,
    secret: config.sessionSecret,
    cookieSecure: config.cookieSecure,
    // the http layer writes no member row (db/table-owners.json): the account module stores the language
    saveLang: (userId, lang) => setMemberLang(db, userId, lang),
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('sessions', sessions);
  app.decorate('storage', storage ?? storageFor(config.storage));
  app.decorateRequest('user', null);
  app.decorateRequest('csrfBinding', '');
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id); // what a member quotes to support finds the log lines
  });

  // Text with control characters or half characters is refused before any handler: PostgreSQL cannot store
  // NUL, and no field of the shop means them. Here the path and query of every route; the envelope checks every
  // field of an API payload, the sandbox pages their forms.
  app.addHook('preValidation', async (req) => {
    const fields = unsafeTextFields({
      ...(req.params as Record<string, unknown>),
      ...(req.query as Record<string, unknown>),
    });
    if (fields.length) throw new UnsafeTextError(fields);
  });

  // the pages outside the API; the API's refusals are answered by the envelope's own handler
  app.setErrorHandler((err, _req, reply) => {
    if (!(err instanceof UnsafeTextError)) return reply.send(err);
    return reply
      .code(400)
      .type('text/plain; charset=utf-8')
      .send(`${message('invalid_characters', 'en')}\n${message('invalid_characters', 'ja')}\n`);
  });

  app.get('/healthz', async () => {
    await db.selectFrom('settings').select('key').limit(1).execute();
    return { ok: true };
  });

  await registerRateLimits(app, { config, db });
  for (const plugin of rootModules) await app.register(plugin);
  for (const plugin of pageModules) await app.register(plugin);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  await app.register(
    async (api) => {
      await api.register(envelope, { sessions, config, routes: apiRoutes });
      for (const plugin of apiModules) await api.register(plugin);
    },
    { prefix: '/api' },
  );

  const indexHtml = resolve(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => sendPageOrNotFound(req, reply, hasWeb));

  return app;
}
