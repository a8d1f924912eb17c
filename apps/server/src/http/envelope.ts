import { parse as parseForm, type ParsedUrlQuery } from 'node:querystring';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { okAnswer } from '@gacha/contract/envelope-schema';
import { CSRF_NAME_FIELD, CSRF_VALUE_FIELD, JSON_FIELD, LANG_COOKIE, State } from '@gacha/contract/envelope';
import { isMessageKey, message, type Lang, type MessageKey } from '@gacha/contract/messages';
import { unsafeTextFields } from '@gacha/contract/text';
import type { Config } from '../config.ts';
import { ApiError, notFound, notLoggedIn, type MessageRef } from './api-error.ts';
import type { SessionUser, Sessions } from './session.ts';

/**
 * The API envelope (ARCHITECTURE.md, spec §4 and §7) from Fastify's own parts, for every route of the /api
 * scope (app.ts registers it there, the feature modules' API plugins after it):
 *
 * - a content-type parser reads a POST's form: the csrf pair and the payload JSON of its `json` field;
 * - a preValidation hook checks the pair against the session (403), refuses malformed JSON and unsafe text
 *   (400), and hands the payload on as the body, which Fastify then validates with the route's zod schema
 *   (fastify-type-provider-zod) like its params and query;
 * - a preHandler hook answers 401 on a route with `config.auth` when no member is logged in;
 * - a preSerialization hook adds `state` and `csrf` to an answer, which the route's response schema then checks
 *   and strips of anything the contract does not name;
 * - one error handler turns every refusal (ApiError, a failed validation, an unreadable body, anything else)
 *   into the envelope, in the member's language.
 *
 * A route with `config.envelope: false` (redirects, provider notifications) gets none of this but the session.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Members only: 401 for a guest, once the input has been checked. */
    auth?: boolean;
    /** Renames payload fields in error answers (spec §3: referralCode → referral_code, confirmPass → pass). */
    errorFields?: Record<string, string>;
    /** Not an envelope call: no csrf pair, `json` field, `state` or `csrf` (redirects, notifications). */
    envelope?: false;
  }
  interface FastifyInstance {
    /** Every route declared in the envelope (tests walk them all: bad input, path styles). */
    apiRoutes: readonly ApiRoute[];
  }
}

export interface ApiRoute {
  method: 'GET' | 'POST';
  url: string;
  auth: boolean;
  /** The staff console's access of an /api/admin route (modules/admin/routes.ts). */
  staff?: string | undefined;
  /** The route's own body limit, when it takes more than the server's default (uploads). */
  bodyLimit?: number | undefined;
}

/**
 * zod for the API routes' schemas: bodies, params and queries are validated to the schema's output; a handler
 * answers the response schema's input without `state` and `csrf`, which the envelope adds.
 */
export interface ApiTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? Omit<z.input<this['schema']>, 'state' | 'csrf'> : unknown;
}

/** The `response` of a route's schema: its answer with `state` and `csrf` (HTTP 200). */
export function okResponse<S extends z.ZodObject>(schema: S) {
  return { 200: okAnswer(schema) };
}

/** A feature module's API routes, registered in the envelope's scope. */
export type ApiPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, ApiTypeProvider>;

/** A POST body as the envelope's content-type parser reads it. */
class EnvelopeForm {
  constructor(
    readonly form: ParsedUrlQuery,
    /** The `json` field decoded; MALFORMED when it is missing, repeated or not a JSON object. */
    readonly payload: unknown,
  ) {}
}
const MALFORMED = Symbol('malformed json');

function readEnvelopeForm(text: string): EnvelopeForm {
  const form = parseForm(text);
  const raw = form[JSON_FIELD];
  let payload: unknown = MALFORMED;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) payload = parsed;
    } catch {
      // stays MALFORMED: refused after the csrf pair is checked
    }
  }
  return new EnvelopeForm(form, payload);
}

/** Text with control characters or half characters in a path, a query or a form of any route (app.ts). */
export class UnsafeTextError extends Error {
  constructor(readonly fields: string[]) {
    super('unsafe text');
  }
}

/** HTTP status for a body `state` (ARCHITECTURE.md: the HTTP status mirrors the class). */
export function httpStatusFor(state: number): number {
  if (state === State.nothingToDo) return 200;
  if (state === State.alreadyRegistered) return 409;
  if (state === State.maintenance) return 503;
  if (state >= 100 && state < 600) return state;
  return 500;
}

/** The catalogue key of a message: the refusal's stable `code`, whatever the language. */
const keyOf = (ref: MessageRef): MessageKey => (typeof ref === 'string' ? ref : ref.key);

export function translate(ref: MessageRef, lang: Lang): string {
  return typeof ref === 'string' ? message(ref, lang) : message(ref.key, lang, ref.params);
}

/** Language of the answer: the `lang` cookie, then the member's setting, then Accept-Language. */
export function resolveLang(req: FastifyRequest): Lang {
  const cookie = req.cookies[LANG_COOKIE];
  if (cookie === 'en' || cookie === 'ja') return cookie;
  if (req.user?.lang === 'ja' || req.user?.lang === 'en') return req.user.lang;
  return /^ja\b/i.test(req.headers['accept-language'] ?? '') ? 'ja' : 'en';
}

/**
 * A route that accepts bodies above the server's default (uploads): whoever may not call it is refused in
 * `onRequest`, before the body is read.
 */
export function takesLargeBodies(req: FastifyRequest): boolean {
  return (req.routeOptions.bodyLimit ?? 0) > (req.server.initialConfig.bodyLimit ?? 1024 * 1024);
}

/**
 * A refusal answered before a large body is read: the connection is closed after the answer, so Node does not
 * read (and throw away) the rest of a body nobody will use.
 */
export function refuseUnread(reply: FastifyReply, refusal: ApiError): ApiError {
  reply.header('connection', 'close');
  return refusal;
}

/** The logged-in member of a route declared with `config.auth` (the envelope answered 401 otherwise). */
export function memberOf(req: FastifyRequest): SessionUser {
  if (!req.user) throw notLoggedIn();
  return req.user;
}

/** A zod issue as the envelope reads it (fastify-type-provider-zod hands on its fields). */
interface Issue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  maximum?: unknown;
  origin?: string;
  keys?: string[];
  params?: Record<string, unknown>;
}

/** A range's bounds as staff read them: 10,000,000 rather than 10000000. */
const boundsOf = (params: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      typeof v === 'number' ? v.toLocaleString('en-US') : String(v),
    ]),
  );

/** Maps zod issues to catalogue keys, the first issue per field winning. */
export function fieldErrors(
  issues: readonly Issue[],
  errorFields: Record<string, string> = {},
): Record<string, MessageRef> {
  const out: Record<string, MessageRef> = {};
  const put = (field: string, ref: MessageRef) => {
    const name = errorFields[field] ?? field;
    if (!(name in out)) out[name] = ref;
  };
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'json';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) put(key, 'unknown_field');
    } else if (isMessageKey(issue.message)) {
      const ref: MessageRef =
        issue.message === 'too_long' && issue.code === 'too_big'
          ? { key: 'too_long', params: { max: Number(issue.maximum) } }
          : issue.params
            ? { key: issue.message, params: boundsOf(issue.params) }
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

/**
 * A path or query that names nothing: the schema's message decides. A `…not_found` key answers 404 for the
 * whole request (a path to no pack, no payment), any other is a 400 under the field's name (a page number
 * that is no number).
 */
function pathRefusal(issues: readonly Issue[]): ApiError {
  const first = issues[0];
  const key = first && isMessageKey(first.message) ? first.message : 'not_found';
  if (key === 'not_found' || key.endsWith('_not_found')) return notFound(key);
  return new ApiError(State.invalid, { errors: fieldErrors(issues) });
}

const malformedJson = () => new ApiError(State.invalid, { errors: { json: 'malformed_json' } });

/** Any error of an API route as the refusal the member gets. */
function refusalOf(err: Error & { statusCode?: number }, req: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof UnsafeTextError) {
    return new ApiError(State.invalid, {
      errors: Object.fromEntries(err.fields.map((f) => [f, 'invalid_characters' as const])),
    });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues: Issue[] = err.validation.map((v) => ({
      ...(v.params as object),
      code: v.keyword,
      path: v.instancePath.split('/').slice(1),
      message: v.message ?? '',
    }));
    if (err.validationContext === 'body') {
      return new ApiError(State.invalid, {
        errors: fieldErrors(issues, req.routeOptions.config.errorFields),
      });
    }
    return pathRefusal(issues);
  }
  const status = err.statusCode ?? 500;
  // body too large, unreadable form, a content type the API does not read: the member's input, not our fault
  if (status >= 400 && status < 500 && !isResponseSerializationError(err as never)) return malformedJson();
  req.log.error({ err }, 'unhandled error');
  return new ApiError(500, { message: 'server_error' });
}

export interface EnvelopeOptions {
  sessions: Sessions;
  config: Pick<Config, 'maintenance'>;
  /** Filled with every route declared in the envelope (app.ts shows it on the app as `apiRoutes`). */
  routes: ApiRoute[];
}

/**
 * The envelope on the scope it is registered in (fastify-plugin: its parser, hooks and handlers apply to the
 * caller's scope, the /api prefix).
 */
export const envelope = fp<EnvelopeOptions>(
  async (api: FastifyInstance, { sessions, config, routes }) => {
    api.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (route.config?.envelope === false) continue;
        if (method === 'GET' || method === 'POST') {
          routes.push({
            method: method as ApiRoute['method'],
            url: route.url,
            auth: !!route.config?.auth,
            staff: route.config?.staff,
            bodyLimit: route.bodyLimit,
          });
        }
      }
    });

    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(serializerCompiler);

    api.removeContentTypeParser('application/x-www-form-urlencoded');
    api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, readEnvelopeForm(body as string)),
    );

    api.addHook('onRequest', async (req, reply) => {
      await sessions.load(req);
      req.lang = resolveLang(req);
      if (config.maintenance) throw new ApiError(State.maintenance, { message: 'maintenance' });
      // an upload route's guest is refused at the headers, before megabytes of body are read
      if (req.routeOptions.config.auth && !req.user && takesLargeBodies(req))
        throw refuseUnread(reply, notLoggedIn());
    });

    api.addHook('preValidation', async (req) => {
      const body = req.body instanceof EnvelopeForm ? req.body : null;
      if (req.routeOptions.config.envelope === false) {
        if (body) req.body = body.form; // a form post outside the envelope (Sign in with Apple's callback)
        return;
      }
      if (req.method !== 'POST') return;
      if (
        !body ||
        !sessions.csrfValid(req.csrfBinding, body.form[CSRF_NAME_FIELD], body.form[CSRF_VALUE_FIELD])
      ) {
        throw new ApiError(State.csrf, { message: 'csrf' });
      }
      if (body.payload === MALFORMED) throw malformedJson();
      const unsafe = unsafeTextFields(body.payload as Record<string, unknown>);
      if (unsafe.length) {
        const rename = req.routeOptions.config.errorFields ?? {};
        throw new UnsafeTextError(unsafe.map((f) => rename[f] ?? f));
      }
      req.body = body.payload;
    });

    api.addHook('preHandler', async (req) => {
      if (req.routeOptions.config.auth && !req.user) throw notLoggedIn();
    });

    api.addHook('preSerialization', async (req, _reply, payload: unknown) => {
      if (req.routeOptions.config.envelope === false) return payload;
      if (typeof payload !== 'object' || payload === null || 'state' in payload) return payload;
      return { ...payload, state: State.ok, csrf: sessions.csrfFor(req.csrfBinding) };
    });

    api.addHook('onSend', async (req, reply) => {
      if (req.routeOptions.config.envelope === false) return;
      sessions.finish(req, reply);
      reply.header('cache-control', 'no-store');
    });

    api.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
      const refusal = refusalOf(err, req);
      const { errors, message: msg, extra } = refusal.opts;
      const body: Record<string, unknown> = { ...extra };
      if (errors) {
        body.errors = Object.fromEntries(
          Object.entries(errors).map(([field, ref]) => [field, [translate(ref, req.lang)]]),
        );
        body.error_codes = Object.fromEntries(
          Object.entries(errors).map(([field, ref]) => [field, keyOf(ref)]),
        );
      }
      const headline = msg ?? (errors ? Object.values(errors)[0] : undefined);
      if (headline) {
        body.message = translate(headline, req.lang);
        body.code = keyOf(headline);
      }
      body.state = refusal.state;
      body.csrf = sessions.csrfFor(req.csrfBinding);
      return reply.code(httpStatusFor(refusal.state)).send(body);
    });

    api.setNotFoundHandler(async () => {
      throw notFound();
    });
  },
  { name: 'envelope' },
);
