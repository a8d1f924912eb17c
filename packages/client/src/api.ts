import type { z } from 'zod';
import type { Csrf, Envelope, EnvelopeBase, FieldErrors, StateCode } from '@gacha/contract/envelope';
import { CSRF_NAME_FIELD, CSRF_VALUE_FIELD, JSON_FIELD, State } from '@gacha/contract/envelope';
import {
  fillPath,
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type Route,
} from '@gacha/contract/route';

/**
 * The API client of the shop and the console (ARCHITECTURE.md §The API envelope, spec §4 and §7): each app makes
 * one with createApiClient and names what differs (where a first csrf pair comes from, what a maintenance answer
 * does).
 *
 * - Every answer is JSON `{ state, csrf, ... }`; the csrf pair of the last answer is kept and sent with the
 *   next POST as `csrf_name` / `csrf_value`, next to the payload as a JSON string in the `json` field. A POST
 *   refused for a stale pair (`code: 'csrf'`: another tab signed in or out) wrote nothing and is sent once again
 *   with the fresh pair.
 * - Every call is a route of the contract (`call(route, { params, query, body })`, contract/routes/): its path is
 *   filled from the route, and a success answer (state 200, or 204 "nothing to do") is parsed with the route's
 *   answer schema, the one the server registers: the caller gets only the fields the contract names, and an
 *   answer that does not fit fails the call like a network error (ApiAnswerError, logged in development). A
 *   refusal (any other state) is handed over as received, its `message` and `errors` in the caller's language
 *   and its `code` the catalogue key. The route's schemas load alongside the request (a route table imports
 *   no zod), so the shop's first paint keeps zod out of its entry bundle. No app writes a path.
 * - Calls run side by side. A double click is a page's business (use-submit.ts).
 * - Every call that is not marked `background` counts for a loading overlay (subscribeActivity).
 * - The HTTP status mirrors the class of `state` (4xx/503); the body is what counts, so it is read regardless.
 */

export const API_BASE = '/api';

export class ApiNetworkError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiNetworkError';
  }
}

/** A success answer that does not fit the route's answer schema: the call failed, as if no answer came. */
export class ApiAnswerError extends ApiNetworkError {
  constructor(
    message: string,
    readonly issues: readonly z.core.$ZodIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiAnswerError';
  }
}

/** Thrown by `unwrap` (queries) for an answer whose state is not 200. */
export class ApiStateError extends Error {
  constructor(readonly response: Envelope) {
    // a refusal's message, or else its first field's (a query's bad parameter), so a page can show why
    super(refusalText(response) ?? `state ${response.state}`);
    this.name = 'ApiStateError';
  }
}

/** The states of a success answer: 200, and 204 "nothing to do" (sent with HTTP 200, in the success shape). */
export type SuccessState = typeof State.ok | typeof State.nothingToDo;
export type RefusalState = Exclude<StateCode, SuccessState>;

/** A success answer, parsed with the route's schema: the fields the contract names, plus state and csrf. */
export type Success<T extends object> = T & Omit<EnvelopeBase, 'state'> & { state: SuccessState };

/**
 * A refusal as received (not parsed): `errors`, `message`, `code`, and what a route adds (the purchase's
 * `reason`, a payment's `result` '0' and `payment_id`), unknown until checked.
 */
export type Refusal<T extends object = object> = EnvelopeBase & {
  state: RefusalState;
  reason?: unknown;
} & { [K in Exclude<keyof T, keyof EnvelopeBase>]?: unknown };

/** The answer of a call: `state` tells a success (parsed) from a refusal. */
export type ApiAnswer<T extends object = object> = Success<T> | Refusal<T>;

/** A route's answer schema (from the contract). */
export type AnswerSchema = z.ZodType<object>;

export interface RequestOptions {
  /** Do not count for the loading overlay (background refreshes such as the current user on navigation). */
  background?: boolean;
  signal?: AbortSignal;
}

export interface CallOptions<S extends AnswerSchema> extends RequestOptions {
  /**
   * The route's answer schema, or a loader of it (a dynamic import, run alongside the request: it keeps zod
   * out of the bundle of the first paint).
   */
  answer: S | (() => Promise<S>);
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A path or query parameter may be given as a number (an id, a page); it is written as text. */
type PathParams<P> = { [K in keyof P]: P[K] | (NonNullable<P[K]> extends string ? number : never) };

/**
 * A body as a form holds it: each field of its kind (text, number, flag, list, object) and any of them left out —
 * a select's value is text until the server reads it, and the server answers each field the body gets wrong in
 * the member's language, so the client checks names and kinds, the server the values.
 */
type Typed<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer U)[]
        ? Typed<U>[]
        : T extends object
          ? { [K in keyof T]?: Typed<T[K]> }
          : T;

/**
 * What a call of a route gives: its path parameters when the route has them; its body as a form holds it
 * (Typed); its query when it has one (optional: the server's defaults).
 */
export type CallArgs<R extends Route> = (ParamsOf<R> extends undefined
  ? unknown
  : { params: PathParams<ParamsOf<R>> }) &
  (BodyOf<R> extends undefined ? unknown : { body: Typed<BodyOf<R>> }) &
  (QueryOf<R> extends undefined ? unknown : { query?: Partial<PathParams<QueryOf<R>>> });

export interface ApiClientOptions {
  /** A GET whose answer carries a csrf pair: read before a first POST when no answer has come yet. */
  csrfSource: string;
  /** What a maintenance answer (state 9999) does; nothing unless given. */
  onMaintenance?: () => void;
}

function isCsrf(value: unknown): value is Csrf {
  const pair = value as Partial<Csrf> | null | undefined;
  return typeof pair?.name === 'string' && typeof pair.value === 'string';
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { state?: unknown }).state === 'number';
}

function isSuccess(res: Envelope): boolean {
  return res.state === State.ok || res.state === State.nothingToDo;
}

/** The form body of a POST: csrf pair plus the payload as a JSON string in `json`. */
export function encodeForm(pair: Csrf | null, payload: unknown): string {
  const form = new URLSearchParams();
  form.set(CSRF_NAME_FIELD, pair?.name ?? '');
  form.set(CSRF_VALUE_FIELD, pair?.value ?? '');
  form.set(JSON_FIELD, JSON.stringify(payload ?? {}));
  return form.toString();
}

/** Builds 'user/pack/all_list/2/1' from segments, encoding each. */
export function apiPath(...segments: Array<string | number>): string {
  return segments.map((s) => encodeURIComponent(String(s))).join('/');
}

/** A query string of the defined, non-empty values ('' when there are none). */
export function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function createApiClient(options: ApiClientOptions) {
  let csrf: Csrf | null = null;
  let fetchImpl: FetchLike = (input, init) => fetch(input, init);
  let onMaintenance = options.onMaintenance ?? (() => {});
  let inFlight = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };

  /** One request and its envelope, as received (the csrf pair kept, maintenance and a stale pair handled). */
  async function send(
    method: 'GET' | 'POST',
    path: string,
    payload: unknown,
    opts: RequestOptions,
    retried = false,
  ): Promise<Envelope> {
    const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: string | undefined;
    if (method === 'POST') {
      if (!csrf) await refreshCsrf();
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = encodeForm(csrf, payload);
    }
    let res: Response;
    try {
      res = await fetchImpl(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiNetworkError((err as Error).message || 'network error');
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new ApiNetworkError(`unreadable answer (HTTP ${res.status})`, res.status);
    }
    if (!isEnvelope(json)) throw new ApiNetworkError(`not an API answer (HTTP ${res.status})`, res.status);
    if (isCsrf(json.csrf)) csrf = json.csrf;
    if (json.state === State.maintenance) {
      onMaintenance();
    } else if (json.state === State.csrf && json.code === 'csrf' && method === 'POST' && !retried) {
      // the pair was stale (signed in or out in another tab): nothing was written, so one retry is safe
      return send(method, path, payload, opts, true);
    }
    return json;
  }

  /**
   * A success answer parsed with its schema: the fields it names (others are stripped), plus state and csrf.
   * One that does not fit (or lacks the csrf pair) fails the call.
   */
  function parseSuccess<S extends AnswerSchema>(
    schema: S,
    res: Envelope,
    what: string,
  ): Success<z.output<S>> {
    const parsed = schema.safeParse(res);
    if (parsed.success && isCsrf(res.csrf))
      return { ...parsed.data, state: res.state as SuccessState, csrf: res.csrf };
    const issues = parsed.error?.issues ?? [];
    const error = new ApiAnswerError(`${what}: the answer does not fit its schema`, issues);
    if (import.meta.env.DEV) console.error(error.message, issues.length ? issues : 'no csrf pair', res);
    throw error;
  }

  async function run<S extends AnswerSchema>(
    method: 'GET' | 'POST',
    path: string,
    payload: unknown,
    opts: CallOptions<S>,
  ): Promise<ApiAnswer<z.output<S>>> {
    const counted = !opts.background;
    if (counted) {
      inFlight++;
      notify();
    }
    try {
      // the schema loads alongside the request; if the request fails, that failure is the one reported
      const { answer } = opts;
      const schema = Promise.resolve().then(() => (typeof answer === 'function' ? answer() : answer));
      schema.catch(() => undefined);
      const res = await send(method, path, payload, opts);
      if (!isSuccess(res)) return res as Refusal<z.output<S>>;
      return parseSuccess(await schema, res, `${method} ${path}`);
    } finally {
      if (counted) {
        inFlight--;
        notify();
      }
    }
  }

  let csrfPromise: Promise<void> | null = null;

  /** Fetches a csrf pair when none is known yet (only the pair of the answer is read). */
  function refreshCsrf(): Promise<void> {
    csrfPromise ??= send('GET', options.csrfSource, undefined, { background: true })
      .then(() => undefined)
      .finally(() => {
        csrfPromise = null;
      });
    return csrfPromise;
  }

  /**
   * A route of the contract (@gacha/contract/routes/…): its path filled from `params`, its query and body, the
   * answer parsed with the route's own schema (loaded alongside the request).
   */
  function call<R extends Route>(
    route: R,
    args: CallArgs<R>,
    opts: RequestOptions = {},
  ): Promise<ApiAnswer<AnswerOf<R>>> {
    const { params, query: q, body } = args as { params?: object; query?: object; body?: object };
    const path =
      fillPath(route.path, params as Record<string, unknown> | undefined) +
      (q ? query(q as Record<string, string | number | undefined | null>) : '');
    const answer = () => route.schemas().then((s) => s.answer);
    return run(route.method, path, route.method === 'POST' ? (body ?? {}) : undefined, {
      ...opts,
      answer,
    }) as Promise<ApiAnswer<AnswerOf<R>>>;
  }

  return {
    call,
    refreshCsrf,
    getCsrf: (): Csrf | null => csrf,
    /** Keeps a pair an answer carried; `null` forgets the pair (a sign-out: the next POST reads a fresh one). */
    setCsrf(next: Csrf | null | undefined): void {
      if (next === null) csrf = null;
      else if (isCsrf(next)) csrf = next;
    },
    /** For useSyncExternalStore: the number of requests the overlay waits for. */
    subscribeActivity(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getActivity: (): number => inFlight,
    setMaintenanceHandler(handler: () => void): void {
      onMaintenance = handler;
    },
    /** Tests swap the transport. */
    setFetch(impl: FetchLike): void {
      fetchImpl = impl;
    },
  };
}

export function isOk<T extends object>(res: ApiAnswer<T>): res is Success<T> {
  return res.state === State.ok;
}

/**
 * The fields of an answer whose state is 200 (without state and csrf); otherwise throws ApiStateError (for
 * queries, where any other state fails).
 */
export function unwrap<T extends object>(res: ApiAnswer<T>): T {
  if (!isOk(res)) throw new ApiStateError(res);
  return fieldsOf(res);
}

/** The route's fields of a success answer, without state and csrf (what a cache keeps). */
export function fieldsOf<T extends object>(res: Success<T>): T {
  const { state: _state, csrf: _csrf, ...fields } = res;
  return fields as unknown as T;
}

/** A refusal's words: its message, or its first field's. */
export function refusalText(response: Envelope): string | undefined {
  return response.message ?? firstFieldError(response);
}

function firstFieldError(response: Envelope): string | undefined {
  const errors = (response as { errors?: FieldErrors }).errors;
  return errors
    ? Object.keys(errors)
        .map((field) => firstError(errors, field))
        .find(Boolean)
    : undefined;
}

/** The first message of a field (spec §5: the first message per field is shown). */
export function firstError(errors: FieldErrors | undefined, field: string): string | undefined {
  const list = errors?.[field];
  return Array.isArray(list) && list.length ? String(list[0]) : undefined;
}
