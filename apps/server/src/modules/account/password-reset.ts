import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Lang } from '@gacha/contract/messages';
import type { Db } from '../../db/index.ts';
import { fieldError, notLoggedIn } from '../../http/api-error.ts';
import { endSessionsOf } from '../../http/session.ts';
import { hashPassword, normalizeMail, checkCurrentPassword } from '../auth/service.ts';
import { releaseAttempt, reserveAttempt } from '../../http/throttle.ts';
import { langOf, memberMail, type Mailer } from '../mail/service.ts';
import * as repo from './repo.ts';

/**
 * Password reissue (spec §2, three pages) and password change.
 *
 * Design of the one-time code:
 * - POST /user/create_onetime_reset_password {mail} always answers the same (200, same body, same cookie),
 *   whether or not the address is registered. It stores a row in `password_resets` with an HMAC of a fresh code
 *   and sets a random *ticket* in a short-lived httpOnly cookie; only the ticket's sha256 is stored. For an
 *   unknown address the row has no member and its code was never sent, so every try on it fails like a wrong
 *   code. For a known one the code is mailed in the member's language (without waiting for the delivery, so
 *   the answer's timing does not tell either).
 * - POST /user/reset_password {code} finds the row by the ticket of the browser that asked, and compares the
 *   code's HMAC in constant time. Each try is counted *before* the comparison by one conditional update
 *   (`attempts < 5`), so a code is compared at most 5 times even under concurrent tries; the 5th wrong try
 *   voids it. The code is single use (conditional `used_at` claim) and valid 30 minutes. A browser without the
 *   ticket cannot try any code at all, so codes cannot be guessed from elsewhere.
 * - A new request voids the member's earlier unused codes. Requests are throttled per address and per client
 *   address; wrong codes per client address (state 429 with the wait).
 * - Success sets a random temporary password (argon2id), ends every session of the member except the
 *   requesting browser's own, and mails the password.
 */

export const RESET_CODE_MINUTES = 30;
export const RESET_MAX_TRIES = 5;
/** Codes mailed per address and per client address within the throttle window (LOGIN_BLOCK_MINUTES). */
export const RESET_MAX_PER_MAIL = 3;
export const RESET_MAX_PER_IP = 10;
/** Wrong codes per client address within the window, across tickets. */
export const RESET_MAX_WRONG_PER_IP = 20;

export const RESET_TICKET_COOKIE = 'pw_reset';
export const RESET_TICKET_PATH = '/api/user';

// unambiguous upper-case letters and digits (no 0/O, 1/I/L): 8 characters = 40 bits
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TEMP_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomFrom(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** The code as mailed (XXXX-XXXX); what the member types is normalised by the schema (no '-', upper case). */
export const formatResetCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const hmacCode = (secret: string, code: string) =>
  createHmac('sha256', secret).update(`reset:${code}`).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface ResetDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'login'>;
  mailer: Mailer;
}

const windowMs = (config: ResetDeps['config']) => config.login.blockMinutes * 60_000;

/** Returns the ticket to set in the cookie. */
export async function createResetCode(
  deps: ResetDeps,
  input: { mail: string; ip: string; lang: Lang },
  now: Date,
): Promise<{ ticket: string }> {
  const { db, config } = deps;
  const mail = normalizeMail(input.mail);
  const rules = [
    { key: `reset:mail:${mail}`, max: RESET_MAX_PER_MAIL },
    { key: `reset:ip:${input.ip}`, max: RESET_MAX_PER_IP },
  ];
  await reserveAttempt(db, rules, now, windowMs(config));

  const member = await repo.findActiveLoginByMail(db, mail);
  const code = randomFrom(CODE_ALPHABET, 8);
  const ticket = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await db.transaction().execute(async (tx) => {
    if (member) await repo.voidOpenResets(tx, member.id, at);
    await repo.insertReset(tx, {
      ticket_hash: sha256(ticket),
      user_id: member?.id ?? null,
      code_hash: hmacCode(config.sessionSecret, code),
      attempts: 0,
      expires_at: new Date(now.getTime() + RESET_CODE_MINUTES * 60_000).toISOString(),
      used_at: null,
      created_at: at,
    });
  });
  if (member) {
    const shown = formatResetCode(code);
    deps.mailer.sendLater(
      memberMail(
        // in the language of the page that asked (whoever asks reads it there), not the account's
        { id: member.id, mail: member.mail, lang: input.lang },
        'reset_code',
        { code: shown, minutes: RESET_CODE_MINUTES },
        shown,
      ),
    );
  }
  return { ticket };
}

/**
 * Checks the code against the ticket's row; on success the temporary password is set, the member's other
 * sessions end, and the password is mailed. `keepSessionHash` is the sha256 of the requesting browser's
 * session id, kept when it belongs to the member.
 */
export async function resetPassword(
  deps: ResetDeps,
  input: { ticket: string | undefined; code: string; ip: string; lang: Lang; keepSessionHash?: string },
  now: Date,
): Promise<void> {
  const { db, config } = deps;
  const ipRule = { key: `reset-try:ip:${input.ip}`, max: RESET_MAX_WRONG_PER_IP };
  await reserveAttempt(db, [ipRule], now, windowMs(config));
  const wrong = () => fieldError('code', 'reset_code_invalid');
  if (!input.ticket || input.ticket.length > 64) throw wrong();

  const at = now.toISOString();
  const tried = await repo.countResetTry(db, sha256(input.ticket), at, RESET_MAX_TRIES);
  if (!tried || !tried.user_id || !sameHash(tried.code_hash, hmacCode(config.sessionSecret, input.code))) {
    throw wrong();
  }
  await releaseAttempt(db, ipRule); // a right code is not a wrong try
  const userId = tried.user_id;

  const password = randomFrom(TEMP_ALPHABET, 12);
  const passHash = await hashPassword(password);
  const member = await db.transaction().execute(async (tx) => {
    if (!(await repo.claimReset(tx, tried.id, at))) throw fieldError('code', 'reset_code_invalid');
    const row = await repo.setPassHash(tx, userId, passHash, at, { activeOnly: true });
    if (!row) throw fieldError('code', 'reset_code_invalid');
    await endSessionsOf(tx, userId, { except: input.keepSessionHash });
    return row;
  });
  await deps.mailer.send(
    memberMail(
      { id: member.id, mail: member.mail, lang: input.lang },
      'temp_password',
      { password },
      password,
    ),
  );
}

/**
 * POST /user/change_password: the new password (argon2id); every other session of the member ends and a
 * notice is mailed. Errors of the new password under `pass` (spec §5). A member who has a password proves it
 * (`currentPass`, counted like a login try); one who signed up with Google or Apple must have logged in within
 * the last CHANGE_PASSWORD_FRESH_MINUTES. Either way a borrowed, older session cannot take the account.
 */
export async function changePassword(
  deps: ResetDeps,
  input: {
    userId: number;
    currentPass: string | undefined;
    /** The session was started within CHANGE_PASSWORD_FRESH_MINUTES (a login just now). */
    freshLogin: boolean;
    pass: string;
    confirmPass: string;
    keepSessionHash?: string;
  },
  now: Date,
): Promise<void> {
  if (input.pass !== input.confirmPass) throw fieldError('pass', 'pass_mismatch');
  const current = await checkCurrentPassword(deps, input.userId, input.currentPass, now);
  if (current === 'missing') throw fieldError('currentPass', 'required');
  if (current === 'wrong') throw fieldError('currentPass', 'current_pass_wrong');
  if (current === 'none' && !input.freshLogin) throw fieldError('currentPass', 'reauth_required');
  const passHash = await hashPassword(input.pass);
  const at = now.toISOString();
  const member = await deps.db.transaction().execute(async (tx) => {
    const row = await repo.setPassHash(tx, input.userId, passHash, at, { activeOnly: false });
    if (!row) throw notLoggedIn();
    await endSessionsOf(tx, input.userId, { except: input.keepSessionHash });
    return row;
  });
  deps.mailer.sendLater(
    memberMail({ id: member.id, mail: member.mail, lang: langOf(member.lang) }, 'password_changed', {}),
  );
}

export const sessionHash = (sid: string | undefined) => (sid ? sha256(sid) : undefined);

/** Drops reissue rows a day past their expiry (they can no longer be used; the day keeps them for support). */
export async function purgeResetCodes(db: Db, now: Date): Promise<number> {
  return repo.deleteResetsExpiredBefore(db, new Date(now.getTime() - 24 * 3600_000).toISOString());
}
