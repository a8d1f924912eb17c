import type { Csrf, Envelope, EnvelopeBase, FieldErrors } from '@gacha/contract/envelope';
import { CSRF_NAME_FIELD, CSRF_VALUE_FIELD, JSON_FIELD, LANG_COOKIE, State } from '@gacha/contract/envelope';

export { LANG_COOKIE, State };

/**
 * The one API client (ARCHITECTURE.md §The API envelope, spec §4 and §7).
 *
 * - Every answer is JSON `{ state, csrf, ... }`; the csrf pair of the last answer is kept and sent with the
 *   next POST as `csrf_name` / `csrf_value`, next to the payload as a JSON string in the `json` field.
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

/** Thrown by `unwrap` for an answer whose state is not 200. */
export class ApiStateError extends Error {
  constructor(readonly response: Envelope) {
    super(response.message ?? `state ${response.state}`);
    this.name = 'ApiStateError';
  }
}

/** An answer as received: the data fields are there when state is 200. */
export type ApiResult<T extends object = object> = EnvelopeBase & Partial<T>;

export interface RequestOptions {
  /** Do not show the loading overlay (background refreshes such as the current user on navigation). */
  background?: boolean;
  signal?: AbortSignal;
}

// ---------------------------------------------------------------------------------------------------------
// csrf

let csrf: Csrf | null = null;

export function getCsrf(): Csrf | null {
  return csrf;
}

export function setCsrf(next: Csrf | null | undefined): void {
  if (next && typeof next.name === 'string' && typeof next.value === 'string') csrf = next;
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

async function send<T extends object>(
  method: 'GET' | 'POST',
  path: string,
  payload: unknown,
  opts: RequestOptions,
  retried = false,
): Promise<ApiResult<T>> {
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
    return send<T>(method, path, payload, opts, true);
  }
  return json as ApiResult<T>;
}

async function run<T extends object>(
  method: 'GET' | 'POST',
  path: string,
  payload: unknown,
  opts: RequestOptions = {},
): Promise<ApiResult<T>> {
  const counted = !opts.background;
  if (counted) {
    inFlight++;
    notify();
  }
  try {
    return await send<T>(method, path, payload, opts);
  } finally {
    if (counted) {
      inFlight--;
      notify();
    }
  }
}

let csrfPromise: Promise<void> | null = null;

/** Fetches a csrf pair when none is known yet (the current-user call carries one). */
export function refreshCsrf(): Promise<void> {
  csrfPromise ??= send('GET', 'user/point', undefined, { background: true })
    .then(() => undefined)
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

export const api = {
  get<T extends object = object>(path: string, opts?: RequestOptions): Promise<ApiResult<T>> {
    return run<T>('GET', path, undefined, opts);
  },
  post<T extends object = object>(
    path: string,
    payload: object,
    opts?: RequestOptions,
  ): Promise<ApiResult<T>> {
    return run<T>('POST', path, payload, opts);
  },
};

/** The answer when state is 200; otherwise throws ApiStateError (for queries, where any other state fails). */
export function unwrap<T extends object>(res: ApiResult<T>): Envelope<T> {
  if (res.state !== State.ok) throw new ApiStateError(res);
  return res as Envelope<T>;
}

/** The first message of a field (spec §5: the first message per field is shown). */
export function firstError(errors: FieldErrors | undefined, field: string): string | undefined {
  const list = errors?.[field];
  return Array.isArray(list) && list.length ? String(list[0]) : undefined;
}
