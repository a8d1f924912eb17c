import type { z } from 'zod';
import type { Csrf, Envelope, EnvelopeBase, FieldErrors } from '@gacha/contract/envelope';
import { CSRF_NAME_FIELD, CSRF_VALUE_FIELD, JSON_FIELD, State } from '@gacha/contract/envelope';

export { State };

/**
 * The console's API client (ARCHITECTURE.md §The API envelope), the same envelope as the members' app:
 *
 * - every answer is JSON `{ state, csrf, ... }`; the csrf pair of the last answer goes with the next POST as
 *   `csrf_name` / `csrf_value`, the payload as a JSON string in `json`. The console's pair is bound to the staff
 *   session (cookie `staff_sid`, path /api/admin): a sign-in or sign-out answers a new one;
 * - every call names its answer schema from the contract (`@gacha/contract/admin`); a success answer (200 or 204)
 *   is parsed with it, and one that does not fit fails the call like a network error (ApiAnswerError); a
 *   refusal (any other state) is handed over as received, its `message` and `errors` already in the staff
 *   member's language (the server reads the `lang` cookie).
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

export type SuccessState = typeof State.ok | typeof State.nothingToDo;
export type Success<T extends object> = T & Omit<EnvelopeBase, 'state'> & { state: SuccessState };
export type Refusal = EnvelopeBase & { state: number; [key: string]: unknown };
export type ApiAnswer<T extends object = object> = Success<T> | Refusal;
export type AnswerSchema = z.ZodType<object>;

let csrf: Csrf | null = null;

function isCsrf(value: unknown): value is Csrf {
  const pair = value as Partial<Csrf> | null | undefined;
  return typeof pair?.name === 'string' && typeof pair.value === 'string';
}

export function getCsrf(): Csrf | null {
  return csrf;
}

export function setCsrf(next: Csrf | null | undefined): void {
  csrf = isCsrf(next) ? next : null;
}

export function encodeForm(pair: Csrf | null, payload: unknown): string {
  const form = new URLSearchParams();
  form.set(CSRF_NAME_FIELD, pair?.name ?? '');
  form.set(CSRF_VALUE_FIELD, pair?.value ?? '');
  form.set(JSON_FIELD, JSON.stringify(payload ?? {}));
  return form.toString();
}

/** '/admin/packs/3' from segments, each encoded. */
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

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
let fetchImpl: FetchLike = (input, init) => fetch(input, init);

/** Tests swap the transport. */
export function setFetch(impl: FetchLike): void {
  fetchImpl = impl;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { state?: unknown }).state === 'number';
}

async function send(
  method: 'GET' | 'POST',
  path: string,
  payload: unknown,
  retried = false,
): Promise<Envelope> {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (method === 'POST') {
    if (!csrf) await send('GET', 'admin/me', undefined);
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = encodeForm(csrf, payload);
  }
  let res: Response;
  try {
    res = await fetchImpl(url, { method, headers, body, credentials: 'same-origin' });
  } catch (err) {
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
  // a stale pair (signed in or out in another tab) wrote nothing: one retry with the fresh pair is safe
  if (json.state === State.csrf && method === 'POST' && !retried && isCsrfRefusal(json))
    return send(method, path, payload, true);
  return json;
}

/** A 403 for the csrf pair (not a role's 403, which has the same state and another code). */
function isCsrfRefusal(res: Envelope): boolean {
  return res.code === 'csrf';
}

function isSuccess(res: Envelope): boolean {
  return res.state === State.ok || res.state === State.nothingToDo;
}

async function run<S extends AnswerSchema>(
  method: 'GET' | 'POST',
  path: string,
  payload: unknown,
  schema: S,
): Promise<ApiAnswer<z.output<S>>> {
  const res = await send(method, path, payload);
  if (!isSuccess(res)) return res as Refusal;
  const parsed = schema.safeParse(res);
  if (parsed.success && isCsrf(res.csrf))
    return { ...parsed.data, state: res.state as SuccessState, csrf: res.csrf };
  const issues = parsed.error?.issues ?? [];
  const error = new ApiAnswerError(`${method} ${path}: the answer does not fit its schema`, issues);
  if (import.meta.env.DEV) console.error(error.message, issues, res);
  throw error;
}

export const api = {
  get<S extends AnswerSchema>(path: string, answer: S): Promise<ApiAnswer<z.output<S>>> {
    return run('GET', path, undefined, answer);
  },
  post<S extends AnswerSchema>(path: string, payload: object, answer: S): Promise<ApiAnswer<z.output<S>>> {
    return run('POST', path, payload, answer);
  },
};

export function isOk<T extends object>(res: ApiAnswer<T>): res is Success<T> {
  return res.state === State.ok;
}

/** The fields of a 200 answer (without state and csrf); any other state throws ApiStateError (for queries). */
export function unwrap<T extends object>(res: ApiAnswer<T>): T {
  if (!isOk(res)) throw new ApiStateError(res);
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

export function firstError(errors: FieldErrors | undefined, field: string): string | undefined {
  const list = errors?.[field];
  return Array.isArray(list) && list.length ? String(list[0]) : undefined;
}
