import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CSRF_NAME_FIELD, CSRF_VALUE_FIELD, JSON_FIELD, LANG_COOKIE, State } from '@gacha/contract/envelope';
import { isMessageKey, message, type Lang } from '@gacha/contract/messages';
import { unsafeTextFields } from '@gacha/contract/text';
import { ApiError, notLoggedIn, type MessageRef } from './api-error.ts';
import { rateLimitConfig, type RouteLimitName } from './rate-limits.ts';
import type { SessionUser, Sessions } from './session.ts';

/** HTTP status for a body `state` (ARCHITECTURE.md: the HTTP status mirrors the class). */
export function httpStatusFor(state: number): number {
  if (state === State.nothingToDo) return 200;
  if (state === State.alreadyRegistered) return 409;
  if (state === State.maintenance) return 503;
  if (state >= 100 && state < 600) return state;
  return 500;
}

export function translate(ref: MessageRef, lang: Lang): string {
  return typeof ref === 'string' ? message(ref, lang) : message(ref.key, lang, ref.params);
}

export interface RouteContext<B> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  /** The logged-in member; present whenever the route was declared with `auth: true`. */
  user: SessionUser | null;
  lang: Lang;
}

export interface AuthedContext<B> extends RouteContext<B> {
  user: SessionUser;
}

type Paths = string | readonly string[];

interface RouteOpts<S extends z.ZodType | undefined> {
  /** Payload schema of the `json` field (POST only). */
  body?: S;
  /** Renames payload fields in error answers (spec §3: referralCode → referral_code, confirmPass → pass). */
  errorFields?: Record<string, string>;
  /** The per-route rate limit of http/rate-limits.ts this route counts against. */
  rateLimit?: RouteLimitName;
}

type Handler<B, A extends boolean> = (
  ctx: A extends true ? AuthedContext<B> : RouteContext<B>,
) => Promise<object | void> | object | void;

/**
 * Declares API routes inside the envelope: every answer carries `state` and `csrf`, every POST is checked
 * for the csrf pair and its `json` field parsed and validated before the handler runs.
 */
export function createApi(app: FastifyInstance, sessions: Sessions) {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);

  function send(req: FastifyRequest, reply: FastifyReply, state: number, data: object) {
    sessions.finish(req, reply);
    const body = { ...data, state, csrf: sessions.csrfFor(req.csrfBinding) };
    return reply.code(httpStatusFor(state)).header('cache-control', 'no-store').send(body);
  }

  function sendError(req: FastifyRequest, reply: FastifyReply, err: ApiError) {
    const { errors, message: msg, extra } = err.opts;
    const body: Record<string, unknown> = { ...extra };
    if (errors) {
      body.errors = Object.fromEntries(
        Object.entries(errors).map(([field, ref]) => [field, [translate(ref, req.lang)]]),
      );
    }
    if (msg) body.message = translate(msg, req.lang);
    else if (errors) body.message = Object.values(body.errors as Record<string, string[]>)[0]?.[0];
    return send(req, reply, err.state, body);
  }

  function register<S extends z.ZodType | undefined, A extends boolean>(
    method: 'GET' | 'POST',
    paths: Paths,
    opts: RouteOpts<S> & { auth?: A },
    handler: Handler<S extends z.ZodType ? z.output<S> : undefined, A>,
  ) {
    const list = typeof paths === 'string' ? [paths] : paths;
    for (const path of list) {
      const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
      routes.push({ method, url, auth: !!opts.auth });
      app.route({
        method,
        url,
        config: rateLimitConfig(opts.rateLimit),
        handler: async (req, reply) => {
          try {
            let body: unknown = undefined;
            if (method === 'POST') body = parsePost(req, opts.body, opts.errorFields ?? {});
            if (opts.auth && !req.user) throw notLoggedIn();
            const ctx = { req, reply, body, user: req.user, lang: req.lang };
            const data = await (handler as (c: typeof ctx) => Promise<object | void>)(ctx);
            if (reply.sent) return reply;
            return send(req, reply, State.ok, data ?? {});
          } catch (err) {
            if (err instanceof ApiError) return sendError(req, reply, err);
            throw err;
          }
        },
      });
    }
  }

  function parsePost(
    req: FastifyRequest,
    schema: z.ZodType | undefined,
    errorFields: Record<string, string>,
  ) {
    const form = (req.body ?? {}) as Record<string, unknown>;
    if (
      typeof form !== 'object' ||
      !sessions.csrfValid(req.csrfBinding, form[CSRF_NAME_FIELD], form[CSRF_VALUE_FIELD])
    ) {
      throw new ApiError(State.csrf, { message: 'csrf' });
    }
    const raw = form[JSON_FIELD];
    let payload: unknown;
    if (typeof raw !== 'string') throw new ApiError(State.invalid, { errors: { json: 'malformed_json' } });
    try {
      payload = JSON.parse(raw);
    } catch {
      throw new ApiError(State.invalid, { errors: { json: 'malformed_json' } });
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new ApiError(State.invalid, { errors: { json: 'malformed_json' } });
    }
    const unsafe = unsafeTextFields(payload as Record<string, unknown>);
    if (unsafe.length) {
      const errors = Object.fromEntries(
        unsafe.map((f) => [errorFields[f] ?? f, 'invalid_characters' as const]),
      );
      throw new ApiError(State.invalid, { errors });
    }
    if (!schema) return payload;
    const result = schema.safeParse(payload);
    if (result.success) return result.data;
    throw new ApiError(State.invalid, { errors: zodErrors(result.error, errorFields) });
  }

  return {
    get: <A extends boolean = false>(
      paths: Paths,
      opts: { auth?: A; rateLimit?: RouteLimitName },
      handler: Handler<undefined, A>,
    ) => register<undefined, A>('GET', paths, opts, handler),
    post: <S extends z.ZodType | undefined, A extends boolean = false>(
      paths: Paths,
      opts: RouteOpts<S> & { auth?: A },
      handler: Handler<S extends z.ZodType ? z.output<S> : undefined, A>,
    ) => register('POST', paths, opts, handler),
    send,
    sendError,
  };
}

export type Api = ReturnType<typeof createApi>;

/** Every route declared through the envelope (tests walk them all: bad input, path styles). */
export interface ApiRoute {
  method: 'GET' | 'POST';
  url: string;
  auth: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: readonly ApiRoute[];
  }
}

/** Maps zod issues to catalogue keys, the first issue per field winning. */
export function zodErrors(
  error: z.ZodError,
  errorFields: Record<string, string> = {},
): Record<string, MessageRef> {
  const out: Record<string, MessageRef> = {};
  const put = (field: string, ref: MessageRef) => {
    const name = errorFields[field] ?? field;
    if (!(name in out)) out[name] = ref;
  };
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'json';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) put(key, 'unknown_field');
    } else if (isMessageKey(issue.message)) {
      const ref: MessageRef =
        issue.message === 'too_long' && issue.code === 'too_big'
          ? { key: 'too_long', params: { max: Number(issue.maximum) } }
          : issue.message;
      put(field, ref);
    } else if (issue.code === 'invalid_type' && issue.input === undefined) {
      put(field, 'required');
    } else if (issue.code === 'too_big' && issue.origin === 'string') {
      put(field, { key: 'too_long', params: { max: Number(issue.maximum) } });
    } else {
      put(field, 'invalid');
    }
  }
  return out;
}

/** Language of the answer: the `lang` cookie, then the member's setting, then Accept-Language. */
export function resolveLang(req: FastifyRequest): Lang {
  const cookie = req.cookies[LANG_COOKIE];
  if (cookie === 'en' || cookie === 'ja') return cookie;
  if (req.user?.lang === 'ja' || req.user?.lang === 'en') return req.user.lang;
  return /^ja\b/i.test(req.headers['accept-language'] ?? '') ? 'ja' : 'en';
}
