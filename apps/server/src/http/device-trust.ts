import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { clearThrottle, releaseAttempt, reserveAttempt, type ThrottleRule } from './throttle.ts';

/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed in
 * to an account holds a signed cookie naming that account. Its next sign-ins to the same account are counted on
 * the cookie alone, so the account's and the address's lockouts, which strangers can run up (a Japanese mobile
 * carrier puts thousands of members behind one address), never keep it out; a wrong password on it still counts,
 * against the cookie. A browser without one meets the account and address throttles as before.
 *
 * The cookie is `nonce.account-tag.mac`: the tag is a keyed hash of the account (no mail address in a cookie) and
 * the mac covers both, under the session secret. A cookie can be checked without knowing the account (the rate
 * limit's key); whether it belongs to the account being signed in to needs the account.
 */
export interface DeviceTrust {
  /** The cookie's name and path: members and staff each have their own. */
  cookie: string;
  path: string;
  /** Which kind of account the subject names ('member', 'staff'): one's cookie is never the other's. */
  scope: string;
}

export const MEMBER_DEVICE: DeviceTrust = { cookie: 'did', path: '/api', scope: 'member' };
export const STAFF_DEVICE: DeviceTrust = { cookie: 'staff_did', path: '/api/admin', scope: 'staff' };

const DEVICE_COOKIE_DAYS = 180;

const mac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(`device:${text}`).digest('base64url');
const tagOf = (secret: string, trust: DeviceTrust, subject: string) =>
  mac(secret, `${trust.scope}:${subject}`).slice(0, 22);

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The nonce and account tag of a cookie whose mac holds, else null. */
export function deviceOf(secret: string, token: string | undefined): { nonce: string; tag: string } | null {
  if (!token || token.length > 120) return null;
  const [nonce, tag, sig, ...rest] = token.split('.');
  if (!nonce || !tag || !sig || rest.length) return null;
  return sameText(sig, mac(secret, `${nonce}.${tag}`)) ? { nonce, tag } : null;
}

/** The nonce of the request's device cookie when it was given for this account, else null. */
export function trustedDevice(
  secret: string,
  trust: DeviceTrust,
  req: FastifyRequest,
  subject: string,
): string | null {
  const device = deviceOf(secret, req.cookies[trust.cookie]);
  return device && sameText(device.tag, tagOf(secret, trust, subject)) ? device.nonce : null;
}

/** Gives the browser a device cookie for the account it has just signed in to. */
export function trustDevice(
  secret: string,
  trust: DeviceTrust,
  reply: FastifyReply,
  subject: string,
  secure: boolean,
): void {
  const nonce = randomBytes(16).toString('base64url');
  const tag = tagOf(secret, trust, subject);
  reply.setCookie(trust.cookie, `${nonce}.${tag}.${mac(secret, `${nonce}.${tag}`)}`, {
    path: trust.path,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}

/**
 * Reserves a password attempt before the password is looked at: on the device cookie's own key when the browser
 * holds one for this account (same `max` as the account), else on the account and the client address. Answers
 * what to do when the password proves right: the device's or the account's count is cleared and the address
 * gets its attempt back (one good account must not reset what an address did to others).
 */
export async function reservePasswordAttempt(
  db: Db,
  input: {
    device: string | null;
    account: ThrottleRule;
    address: ThrottleRule;
    now: Date;
    windowMs: number;
  },
): Promise<{ passed: () => Promise<void>; failures: number; max: number }> {
  const { device, account, address, now, windowMs } = input;
  if (device) {
    const own = { key: `device:${device}`, max: account.max };
    const [failures = 0] = await reserveAttempt(db, [own], now, windowMs);
    return { passed: () => clearThrottle(db, own.key), failures, max: own.max };
  }
  const [failures = 0] = await reserveAttempt(db, [account, address], now, windowMs);
  return {
    failures,
    max: account.max,
    passed: async () => {
      await clearThrottle(db, account.key);
      await releaseAttempt(db, address);
    },
  };
}
