import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANG_COOKIE } from '@gacha/contract/envelope';
import type { Transaction } from 'kysely';
import type { Db } from '../db/index.ts';
import { prepareQuery, type Slots } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../db/time.ts';

export const SESSION_COOKIE = 'sid';
export const GUEST_COOKIE = 'gid';
const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;
const BROWSER_SESSION_MS = 24 * 3600 * 1000; // server-side bound for a cookie without Max-Age

export interface SessionUser {
  id: number;
  lang: string;
}

/**
 * Whether the browser vouches that a request comes from the shop itself, for a GET that changes something
 * (logout, spec §7): Fetch Metadata's `Sec-Fetch-Site: same-origin` (the shop's own script), or `none` on a
 * top-level navigation (an address typed or bookmarked); without Fetch Metadata, an Origin or Referer of this
 * host. A request that says none of this (an old client, a stripped referrer) is not trusted to change anything.
 */
export function isOwnPageRequest(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin') return true;
    return site === 'none' && req.headers['sec-fetch-mode'] === 'navigate';
  }
  const from = req.headers.origin ?? req.headers.referer;
  if (!from) return false;
  try {
    return new URL(from).host === req.host;
  } catch {
    return false;
  }
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export interface SessionDeps {
  db: Db;
  secret: string;
  cookieSecure: boolean;
  /**
   * Stores the language a member chose in this browser (the lang cookie), so that emails and SMS follow. The
   * http layer owns no member table (db/table-owners.json): the composition root (app.ts) passes the account
   * module's own write.
   */
  saveLang: (userId: number, lang: 'en' | 'ja') => Promise<void>;
}

/**
 * Ends every session of a member, but the one whose id hash is `except` (the browser that asked). For the
 * modules' transactions that must log a member out everywhere: a password reset or change, the anonymisation.
 */
export async function endSessionsOf(
  ex: Db | Transaction<Database>,
  userId: number,
  opts: { except?: string | undefined } = {},
): Promise<number> {
  const r = await ex
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(!!opts.except, (q) => q.where('id_hash', '<>', opts.except!))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A member's live sessions for staff: when made, last seen and ending; never their ids. */
export function liveSessionsOf(ex: Db | Transaction<Database>, userId: number, now: Date) {
  return ex
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at', 'persistent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .orderBy((eb) => eb.fn.coalesce('last_seen_at', 'created_at'), 'desc')
    .execute();
}

/** A session's `last_seen_at` is written again once it is this old: a write every few minutes, not per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Drops the sessions past their expiry (the session-purge job). */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  const r = await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Runs on every API request. */
const liveSession = prepareQuery((db, p: Slots<{ idHash: string; now: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.lang', 'sessions.last_seen_at'])
    .where('sessions.id_hash', '=', p.idHash)
    .where('sessions.expires_at', '>', p.now),
);

/**
 * Sessions: an opaque 256-bit id in an HttpOnly cookie, stored hashed. Guests get a random `gid` cookie
 * (no row) so that their csrf token is bound to something too.
 */
export function createSessions({ db, secret, cookieSecure, saveLang }: SessionDeps) {
  const cookieBase = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: cookieSecure };

  async function load(req: FastifyRequest): Promise<void> {
    const sid = req.cookies[SESSION_COOKIE];
    if (sid && sid.length <= 64) {
      const idHash = sha256(sid);
      const at = new Date();
      const [row] = (await liveSession(db, { idHash, now: at.toISOString() })).rows;
      if (row) {
        if (!row.last_seen_at || Date.parse(row.last_seen_at) <= at.getTime() - LAST_SEEN_EVERY_MS) {
          await db
            .updateTable('sessions')
            .set({ last_seen_at: at.toISOString() })
            .where('id_hash', '=', idHash)
            .execute();
        }
        const chosen = req.cookies[LANG_COOKIE];
        if ((chosen === 'en' || chosen === 'ja') && chosen !== row.lang) {
          // the member switched language in this browser: emails and SMS follow (rare, so a write here is fine)
          await saveLang(row.id, chosen);
          row.lang = chosen;
        }
        req.user = { id: row.id, lang: row.lang };
        req.csrfBinding = `s:${sid}`;
        return;
      }
    }
    const gid = req.cookies[GUEST_COOKIE];
    if (gid && /^[A-Za-z0-9_-]{43}$/.test(gid)) {
      req.csrfBinding = `g:${gid}`;
    } else {
      req.newGuestId = newToken();
      req.csrfBinding = `g:${req.newGuestId}`;
    }
  }

  /** Starts a member session, replacing any current one (session fixation). */
  async function start(req: FastifyRequest, reply: FastifyReply, userId: number, persistent: boolean) {
    await end(req, reply, { keepGuest: true });
    const sid = newToken();
    const now = Date.now();
    await db
      .insertInto('sessions')
      .values({
        id_hash: sha256(sid),
        user_id: userId,
        persistent: persistent ? 1 : 0,
        created_at: new Date(now).toISOString(),
        last_seen_at: new Date(now).toISOString(),
        expires_at: new Date(now + (persistent ? THIRTY_DAYS_MS : BROWSER_SESSION_MS)).toISOString(),
      })
      .execute();
    reply.setCookie(SESSION_COOKIE, sid, {
      ...cookieBase,
      ...(persistent ? { maxAge: THIRTY_DAYS_MS / 1000 } : {}),
    });
    const lang = await db
      .selectFrom('users')
      .select('lang')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    req.user = { id: userId, lang: lang.lang };
    req.csrfBinding = `s:${sid}`;
  }

  /** Ends the session and gives the browser a fresh guest binding. */
  async function end(req: FastifyRequest, reply: FastifyReply, opts: { keepGuest?: boolean } = {}) {
    const sid = req.cookies[SESSION_COOKIE];
    if (sid) {
      await db.deleteFrom('sessions').where('id_hash', '=', sha256(sid)).execute();
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    req.user = null;
    if (!opts.keepGuest) {
      req.newGuestId = newToken();
      req.csrfBinding = `g:${req.newGuestId}`;
    }
  }

  /** Called before the answer is sent: sets the guest cookie if one was made for this request. */
  function finish(req: FastifyRequest, reply: FastifyReply) {
    if (req.newGuestId && !req.user) {
      reply.setCookie(GUEST_COOKIE, req.newGuestId, cookieBase);
      req.newGuestId = undefined;
    }
  }

  // The pair is a pure function of the binding, so it is computed once per binding (a POST checks it and
  // answers it again: four HMACs per request otherwise). Bounded; cleared wholesale when full.
  const csrfMemo = new Map<string, { name: string; value: string }>();
  const CSRF_MEMO_MAX = 10_000;

  function csrfFor(binding: string): { name: string; value: string } {
    const hit = csrfMemo.get(binding);
    if (hit) return { name: hit.name, value: hit.value };
    const mac = (label: string) =>
      createHmac('sha256', secret).update(`${label}:${binding}`).digest('base64url');
    const pair = { name: `csrf${mac('n').slice(0, 10)}`, value: mac('v') };
    if (csrfMemo.size >= CSRF_MEMO_MAX) csrfMemo.clear();
    csrfMemo.set(binding, pair);
    return { name: pair.name, value: pair.value };
  }

  function csrfValid(binding: string, name: unknown, value: unknown): boolean {
    if (typeof name !== 'string' || typeof value !== 'string') return false;
    const expected = csrfFor(binding);
    const a = Buffer.from(`${name}|${value}`);
    const b = Buffer.from(`${expected.name}|${expected.value}`);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Whether the request's member session was started (a login) within the last `ms`. */
  async function startedWithin(req: FastifyRequest, ms: number): Promise<boolean> {
    const sid = req.cookies[SESSION_COOKIE];
    if (!sid || !req.user) return false;
    const row = await db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', sha256(sid))
      .where('created_at', '>=', new Date(Date.now() - ms).toISOString())
      .executeTakeFirst();
    return !!row;
  }

  return {
    load,
    start,
    end,
    finish,
    csrfFor,
    csrfValid,
    startedWithin,
    purgeExpired: () => purgeExpiredSessions(db),
  };
}

export type Sessions = ReturnType<typeof createSessions>;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    csrfBinding: string;
    newGuestId?: string;
    lang: 'en' | 'ja';
  }
}
