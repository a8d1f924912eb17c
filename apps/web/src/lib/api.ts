import type { z } from 'zod';
import type { Csrf, Envelope, EnvelopeBase, FieldErrors, StateCode } from '@gacha/contract/envelope';
import { CSRF_NAME_FIELD, CSRF_VALUE_FIELD, JSON_FIELD, LANG_COOKIE, State } from '@gacha/contract/envelope';

export { LANG_COOKIE, State };

/**
 * The one API client (ARCHITECTURE.md §The API envelope, spec §4 and §7).
 *
 * - Every answer is JSON `{ state, csrf, ... }`; the csrf pair of the last answer is kept and sent with the
 *   next POST as `csrf_name` / `csrf_value`, next to the payload as a JSON string in the `json` field.
 * - Every call names the route's answer schema from the contract (`answer`, the schema the server registers as
 *   `okResponse(schema)`). A success answer (state 200, or 204 "nothing to do") is parsed with it: the caller
 *   gets only the fields the contract names, and an answer that does not fit fails the call like a network
 *   error (ApiAnswerError, logged in development). A refusal (any other state) is handed over as received.
 *   `answer` may be a loader (`() => import('@gacha/contract/packs').then((m) => m.xxxSchema)`), which runs
 *   alongside the request: the calls of the first paint use one, so zod stays out of the entry bundle.
 * - Calls run side by side. A double click is a page's business: the calls a member starts are TanStack Query
 *   mutations that ignore a second start while they are pending (lib/use-submit.ts).
 * - Every call that is not marked `background` counts for the loading overlay.
 * - state 9999 sends the browser to the maintenance page.
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

/** Thrown by `unwrap` for an answer whose state is not 200. */
export class ApiStateError extends Error {
  constructor(readonly response: Envelope) {
    super(response.message ?? `state ${response.state}`);
    this.name = 'ApiStateError';
  }
}

/** The states of a success answer: 200, and 204 "nothing to do" (sent with HTTP 200, in the success shape). */
export type SuccessState = typeof State.ok | typeof State.nothingToDo;
export type RefusalState = Exclude<StateCode, SuccessState>;

/** A success answer, parsed with the route's schema: the fields the contract names, plus state and csrf. */
export type Success<T extends object> = T & Omit<EnvelopeBase, 'state'> & { state: SuccessState };

/**
 * A refusal as received (not parsed): `errors`, `message`, and what a route adds (the purchase's `reason`, a
 * payment's `result` '0' and `payment_id`), unknown until checked.
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
  /** Do not show the loading overlay (background refreshes such as the current user on navigation). */
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

// ---------------------------------------------------------------------------------------------------------
// csrf

let csrf: Csrf | null = null;

function isCsrf(value: unknown): value is Csrf {
  const pair = value as Partial<Csrf> | null | undefined;
  return typeof pair?.name === 'string' && typeof pair.value === 'string';
}

export function getCsrf(): Csrf | null {
  return csrf;
}

export function setCsrf(next: Csrf | null | undefined): void {
  if (isCsrf(next)) csrf = next;
}

// ---------------------------------------------------------------------------------------------------------
// the overlay

let inFlight = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

/** For useSyncExternalStore: the number of requests the overlay waits for. */
export function subscribeActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getActivity(): number {
  return inFlight;
}

// ---------------------------------------------------------------------------------------------------------
// maintenance

let onMaintenance: () => void = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/maintenance') {
    window.location.assign('/maintenance');
  }
};

export function setMaintenanceHandler(handler: () => void): void {
  onMaintenance = handler;
}

// ---------------------------------------------------------------------------------------------------------
// encoding

/** The form body of a POST: csrf pair plus the payload as a JSON string in `json`. */
export function encodeForm(pair: Csrf | null, payload: unknown): string {
  const form = new URLSearchParams();
  form.set(CSRF_NAME_FIELD, pair?.name ?? '');
  form.set(CSRF_VALUE_FIELD, pair?.value ?? '');
  form.set(JSON_FIELD, JSON.stringify(payload ?? {}));
  return form.toString();
}

/** Builds '/api/user/pack/all_list/2/1' from segments, encoding each. */
export function apiPath(...segments: Array<string | number>): string {
  return segments.map((s) => encodeURIComponent(String(s))).join('/');
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { state?: unknown }).state === 'number';
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
let fetchImpl: FetchLike = (input, init) => fetch(input, init);

/** Tests swap the transport. */
export function setFetch(impl: FetchLike): void {
  fetchImpl = impl;
}

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
  setCsrf(json.csrf);
  if (json.state === State.maintenance) {
    onMaintenance();
  } else if (json.state === State.csrf && method === 'POST' && !retried) {
    // The pair was stale (another tab logged in or out): nothing was written, so one retry is safe.
    return send(method, path, payload, opts, true);
  }
  return json;
}

function isSuccess(res: Envelope): boolean {
  return res.state === State.ok || res.state === State.nothingToDo;
}

/**
 * A success answer parsed with its schema: the fields it names (others are stripped), plus state and csrf. One
 * that does not fit (or lacks the csrf pair) fails the call.
 */
function parseSuccess<S extends AnswerSchema>(schema: S, res: Envelope, what: string): Success<z.output<S>> {
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

/** Fetches a csrf pair when none is known yet (the current-user call carries one; only the pair is read). */
export function refreshCsrf(): Promise<void> {
  csrfPromise ??= send('GET', 'user/point', undefined, { background: true })
    .then(() => undefined)
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

export const api = {
  get<S extends AnswerSchema>(path: string, opts: CallOptions<S>): Promise<ApiAnswer<z.output<S>>> {
    return run('GET', path, undefined, opts);
  },
  post<S extends AnswerSchema>(
    path: string,
    payload: object,
    opts: CallOptions<S>,
  ): Promise<ApiAnswer<z.output<S>>> {
    return run('POST', path, payload, opts);
  },
};

/**
 * The fields of an answer whose state is 200 (without state and csrf); otherwise throws ApiStateError (for
 * queries, where any other state fails).
 */
export function unwrap<T extends object>(res: ApiAnswer<T>): T {
  if (res.state !== State.ok) throw new ApiStateError(res);
  return fieldsOf(res);
}

/** The route's fields of a success answer, without state and csrf (what a cache keeps). */
export function fieldsOf<T extends object>(res: Success<T>): T {
  const { state: _state, csrf: _csrf, ...fields } = res;
  return fields as unknown as T;
}

/** The first message of a field (spec §5: the first message per field is shown). */
export function firstError(errors: FieldErrors | undefined, field: string): string | undefined {
  const list = errors?.[field];
  return Array.isArray(list) && list.length ? String(list[0]) : undefined;
}
