import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
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
import { currentRequestId, trackRequests } from './http/request-context.ts';
import { createSessions } from './http/session.ts';
import { storageFor } from './storage/open.ts';
import type { FileStorage } from './storage/storage.ts';
import { setMemberLang } from './modules/account/service.ts';
import { apiModules, pageModules, rootModules } from './modules/index.ts';
import { prerenderedPages } from './modules/site/prerendered-pages.ts';
import { pageRenderer } from './modules/site/page-renderer.ts';
import { sendPageOrNotFound } from './modules/site/routes.ts';

export interface BuildAppArgs {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Where uploads go; by default config.storage's (tests give a fake bucket's). */
  storage?: FileStorage;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
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
 * pino's mixin: the id of the request being handled, unless the line's logger names it already (Fastify's
 * request logger, `req.log`, is bound to it).
 */
function requestIdOfLine(_obj: object, _level: number, logger?: { bindings(): Record<string, unknown> }) {
  const reqId = currentRequestId();
  if (!reqId || logger?.bindings().reqId !== undefined) return {};
  return { reqId };
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

export async function buildApp({
  config,
  db,
  clock = { now: () => new Date() },
  storage,
  logStream,
}: BuildAppArgs) {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
            // the request id on every line logged while a request is handled, through whichever logger
            mixin: requestIdOfLine,
            ...(logStream ? { stream: logStream } : {}),
          },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    // a client that sends its headers or its body a byte at a time is cut off (Fastify's default never does)
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
    // a proxy's X-Request-Id is kept when it looks like one, so its logs and ours share the id
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    // a request on a kept-alive connection while the server closes is served (SIGTERM: main.ts drains first)
    return503OnClosing: false,
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
  trackRequests(app);

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
  const pages = prerenderedPages(config.webDist);
  const rendered = hasWeb ? pageRenderer(config.webDist, db, clock) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      // / is a page (sendPageOrNotFound: the prerendered Top in the member's language), not the bare index.html
      index: false,
      // the build's .br / .gz beside each file, as the browser's Accept-Encoding asks (Vary: Accept-Encoding)
      preCompressed: true,
      // setHeaders alone decides (with cacheControl on, send's max-age=0 wins)
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', webCacheControl(path));
        // a cache in between keeps one copy per encoding (the pages say more: sendPageOrNotFound)
        if (!/\.html(?:\.br|\.gz)?$/.test(path)) res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }

  if (existsSync(resolve(config.adminDist, 'index.html')))
    await app.register(adminConsole(config.adminDist), { prefix: '/admin' });

  app.setNotFoundHandler(async (req, reply) => {
    if (rendered && (req.method === 'GET' || req.method === 'HEAD') && (await rendered.send(req, reply)))
      return reply;
    return sendPageOrNotFound(req, reply, hasWeb, pages);
  });

  return app;
}

/**
 * Caching of the web build's files: the hashed files under /assets/ never change (a year, immutable); the pages
 * are asked again every time (a deploy shows at once); the unhashed public files (favicon, the shipped banner
 * pictures) for a day.
 */
export function webCacheControl(path: string): string {
  if (/[/\\]assets[/\\]/.test(path)) return 'public, max-age=31536000, immutable';
  if (/\.html(?:\.br|\.gz)?$/.test(path)) return 'no-cache';
  return 'public, max-age=86400';
}

/**
 * The staff console (apps/admin, its own build) under /admin (registered with that prefix): its files, and its index.html for every other
 * page path below /admin (a single-page app with its own routes); a missing asset is a plain 404. Registered only
 * when the console is built (ADMIN_DIST); its API is /api/admin.
 */
function adminConsole(root: string) {
  const indexHtml = resolve(root, 'index.html');
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !/^\/admin\/assets\//.test(req.url);
    if (!isPage) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('Not Found');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(await readFile(indexHtml));
  };
  return async (admin: FastifyInstance) => {
    await admin.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // the hashed assets for a year; setHeaders alone decides (with cacheControl on, send's max-age=0 wins)
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
        );
      },
    });
    admin.get('/', page); // /admin and /admin/
    admin.setNotFoundHandler(page);
  };
}
