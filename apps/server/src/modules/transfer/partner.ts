import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The partner site, seen from the shop (point transfer from a linked site). One interface; the
 * HMAC-signed HTTP client below speaks it to the partner's API (the sandbox partner, sandbox-partner.ts, serves the
 * same API outside production).
 *
 * The partner API (JSON over HTTPS, every request signed):
 *   POST /login {login_id, password}                 → 200 {account_id, name} | 401 {error: 'invalid_credentials'}
 *   GET  /accounts/{id}/balance                       → 200 {points} | 404
 *   POST /debits {account_id, points, idempotency_key} → 200 {status: 'debited', ref}; the same key answers the
 *        same debit again | 409 {error: 'insufficient_points' | 'voided'} | 404 {error: 'unknown_account'}
 *   POST /debits/{idempotency_key}/void               → 200 {status: 'voided'} (a later debit with that key is
 *        refused) | 200 {status: 'debited', ref} when it had been debited
 * Signature headers: X-Partner-Key (key id), X-Partner-Timestamp (unix seconds), X-Partner-Signature:
 * hex HMAC-SHA256 of `timestamp.METHOD.path.body` with the shared secret; the partner answers 403 to a wrong
 * signature or one older than 5 minutes.
 */

export interface PartnerAccount {
  id: string;
  name: string;
}

/** What a debit ended as: done, refused for good, or not known (a timeout, a network or server error). */
export type DebitOutcome =
  | { kind: 'debited'; ref: string }
  | { kind: 'refused'; code: 'insufficient_points' | 'voided' | 'unknown_account' }
  | { kind: 'unknown'; reason: string };

/** What voiding a debit found: it had been debited (it stands), or it is void now, or not known. */
export type VoidOutcome =
  { kind: 'debited'; ref: string } | { kind: 'voided' } | { kind: 'unknown'; reason: string };

export interface Partner {
  /** The account for these credentials, null when they are wrong; throws PartnerUnavailable. */
  login(loginId: string, password: string): Promise<PartnerAccount | null>;
  /** Points held; throws PartnerUnavailable. */
  balance(accountId: string): Promise<number>;
  debit(accountId: string, points: number, idempotencyKey: string): Promise<DebitOutcome>;
  void(idempotencyKey: string): Promise<VoidOutcome>;
}

export class PartnerUnavailable extends Error {}

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function partnerSignature(
  secret: string,
  timestamp: string,
  method: string,
  path: string,
  body: string,
): string {
  return createHmac('sha256', secret).update(`${timestamp}.${method}.${path}.${body}`).digest('hex');
}

/** Whether a request's signature is the secret's, and recent. */
export function signatureValid(
  secret: string,
  h: { timestamp?: string; signature?: string },
  method: string,
  path: string,
  body: string,
  now: Date,
): boolean {
  if (!h.timestamp || !h.signature || !/^\d{1,12}$/.test(h.timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(h.timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(partnerSignature(secret, h.timestamp, method, path, body));
  const given = Buffer.from(h.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A fetch: the global one for a real partner, an in-process one for the sandbox partner. */
export type PartnerFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface HttpPartnerOptions {
  baseUrl: string;
  keyId: string;
  secret: string;
  timeoutMs: number;
  fetch: PartnerFetch;
  now?: () => Date;
}

/** The partner API over HTTP, every request signed (see the top of this file). */
export function httpPartner(o: HttpPartnerOptions): Partner {
  const now = o.now ?? (() => new Date());
  const basePath = new URL(o.baseUrl, 'http://partner.invalid').pathname.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, payload?: object) {
    const body = payload ? JSON.stringify(payload) : '';
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const headers: Record<string, string> = {
      'x-partner-key': o.keyId,
      'x-partner-timestamp': timestamp,
      'x-partner-signature': partnerSignature(o.secret, timestamp, method, `${basePath}${path}`, body),
      accept: 'application/json',
    };
    if (payload) headers['content-type'] = 'application/json';
    const res = await o.fetch(`${o.baseUrl}${path}`, {
      method,
      headers,
      ...(payload ? { body } : {}),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON: judged by the status
    }
    return { status: res.status, json };
  }

  /** Runs a call; a timeout or a network error is null. */
  async function attempt(method: 'GET' | 'POST', path: string, payload?: object) {
    try {
      return await call(method, path, payload);
    } catch (err) {
      return { status: 0, json: { error: (err as Error).name === 'TimeoutError' ? 'timeout' : 'network' } };
    }
  }

  return {
    async login(loginId, password) {
      const r = await attempt('POST', '/login', { login_id: loginId, password });
      if (r.status === 401) return null;
      if (r.status !== 200 || typeof r.json.account_id !== 'string')
        throw new PartnerUnavailable(`login ${r.status}`);
      return { id: r.json.account_id, name: String(r.json.name ?? '') };
    },
    async balance(accountId) {
      const r = await attempt('GET', `/accounts/${encodeURIComponent(accountId)}/balance`);
      if (r.status !== 200 || typeof r.json.points !== 'number')
        throw new PartnerUnavailable(`balance ${r.status}`);
      return r.json.points;
    },
    async debit(accountId, points, key) {
      const r = await attempt('POST', '/debits', { account_id: accountId, points, idempotency_key: key });
      if (r.status === 200 && r.json.status === 'debited')
        return { kind: 'debited', ref: String(r.json.ref ?? '') };
      const code = r.json.error;
      if (
        (r.status === 409 || r.status === 404) &&
        (code === 'insufficient_points' || code === 'voided' || code === 'unknown_account')
      ) {
        return { kind: 'refused', code };
      }
      return { kind: 'unknown', reason: `debit ${r.status} ${String(code ?? '')}`.trim() };
    },
    async void(key) {
      const r = await attempt('POST', `/debits/${encodeURIComponent(key)}/void`);
      if (r.status === 200 && r.json.status === 'debited')
        return { kind: 'debited', ref: String(r.json.ref ?? '') };
      if (r.status === 200 && r.json.status === 'voided') return { kind: 'voided' };
      return { kind: 'unknown', reason: `void ${r.status}` };
    },
  };
}
