import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import type { z } from 'zod';
import type { adminStaffQuerySchema } from '@gacha/contract/admin';
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import { listAll, listPage } from '../../db/list-page.ts';
import type { Database, StaffRole, StaffTable } from '../../db/schema.ts';
import { csvFile } from '../../http/csv.ts';
import { ApiError, fieldError, notFound } from '../../http/api-error.ts';
import { reservePasswordAttempt } from '../../http/device-trust.ts';
import { clearThrottle, reserveAttempt } from '../../http/throttle.ts';
import { DUMMY_HASH, hashPassword, normalizeMail, verifyPassword } from '../auth/service.ts';
import { audit, type Actor } from './audit.ts';
import { ROLES } from './permissions.ts';
import * as repo from './repo.ts';
import { seal, unseal } from './secrets.ts';
import type { StaffWrite } from './staff-write.ts';

/**
 * Staff accounts: apart from members, an argon2id password and a TOTP second factor (RFC 6238 through
 * `otpauth`; enrolment with a QR code, ten single-use recovery codes), on sessions of their own with an idle
 * timeout. A code is accepted once (the last used time step is kept); wrong codes are counted per account.
 */

export const STAFF_SESSION_COOKIE = 'staff_sid';
/** The console's API; the cookie goes nowhere else. */
export const STAFF_COOKIE_PATH = '/api/admin';
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MS = 12 * 3600_000;
const ISSUER = 'Gacha Gems staff';
const RECOVERY_CODES = 10;
const LOGIN_MAX_FAILURES = 5;
/** Wrong second-factor codes per account in the login window before the password step is void. */
export const SECOND_FACTOR_MAX_FAILURES = 5;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const newSessionId = () => randomBytes(32).toString('base64url');
export const sessionHash = sha256;

export interface StaffDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'login'>;
}

/** A sign-in event of a staff account (a sign-in, a failure, a lockout) as its audit row. */
const signInRow = (ex: Db | Transaction<Database>, actor: Actor, action: string, after: unknown, now: Date) =>
  audit(ex, actor, { action, targetType: 'staff', targetId: actor.staffId, before: null, after }, now);

const loginFailed = () => new ApiError(400, { errors: { password: 'staff_login_failed' } });
const codeInvalid = (field: 'code' | 'recovery_code' = 'code') =>
  new ApiError(400, { errors: { [field]: 'staff_code_invalid' } });

/** Creates a staff account with a chosen password (the first owner comes from scripts/staff.ts). */
export async function createStaff(
  write: StaffWrite,
  input: { email: string; password: string; role: StaffRole },
) {
  const email = normalizeMail(input.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new RangeError('not an email address');
  if (!ROLES.includes(input.role)) throw new RangeError(`role must be one of ${ROLES.join(', ')}`);
  if (input.password.length < 12) throw new RangeError('a staff password has at least 12 characters');
  const passHash = await hashPassword(input.password);
  return insertAccount(write, { email, passHash, role: input.role }, () => {
    throw new RangeError(`${email} is a staff account already`);
  });
}

/** The new account's row and its audit row, in one staff write; `taken` refuses an address already in use. */
function insertAccount(
  write: StaffWrite,
  account: { email: string; passHash: string; role: StaffRole },
  taken: () => never,
): Promise<{ id: number; email: string; role: StaffRole }> {
  const { email, passHash, role } = account;
  return write(async (tx, audit) => {
    if (await repo.staffByEmail(tx, email)) taken();
    const id = await repo.insertStaff(tx, {
      email,
      pass_hash: passHash,
      role,
      created_at: write.now.toISOString(),
    });
    await audit({
      action: 'staff.create',
      target: { type: 'staff', id },
      before: null,
      after: { email, role },
    });
    return { id, email, role };
  });
}

/**
 * The first step: email and password (throttled per account and per address, counted before the password is
 * looked at; a browser that completed a sign-in to this account before is counted on its device cookie instead,
 * http/device-trust.ts). Answers a new session whose second factor is still to come.
 */
export async function passwordStep(
  deps: StaffDeps,
  input: { email: string; password: string; ip: string; trustedDevice: (email: string) => string | null },
  now: Date,
): Promise<{ sid: string; enrolled: boolean }> {
  const email = normalizeMail(input.email);
  const attempt = await reservePasswordAttempt(deps.db, {
    device: input.trustedDevice(email),
    account: { key: `staff:${email}`, max: LOGIN_MAX_FAILURES },
    address: { key: `staff-ip:${input.ip}`, max: deps.config.login.maxFailuresPerIp },
    now,
    windowMs: deps.config.login.blockMinutes * 60_000,
  });
  const staff = await repo.staffByEmail(deps.db, email);
  const ok = await verifyPassword(staff?.pass_hash ?? DUMMY_HASH, input.password);
  if (!staff || !ok || staff.disabled_at) {
    // an account's failed sign-ins are audit rows (at most the throttle's count a window); an unknown address's not
    if (staff) {
      const locked = attempt.failures >= attempt.max;
      await signInRow(
        deps.db,
        { staffId: staff.id, ip: input.ip },
        locked ? 'staff.sign_in_locked' : 'staff.sign_in_failed',
        { step: 'password', failures: attempt.failures, disabled: staff.disabled_at !== null },
        now,
      );
    }
    throw loginFailed();
  }
  await attempt.passed();
  const sid = newSessionId();
  await repo.insertSession(deps.db, {
    id_hash: sha256(sid),
    staff_id: staff.id,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + STAFF_SESSION_MS).toISOString(),
  });
  await repo.markLogin(deps.db, staff.id, now.toISOString());
  return { sid, enrolled: staff.totp_enrolled_at !== null };
}

/** The session a second factor is given on, and who gives it from where. */
export interface SecondFactorCaller {
  staffId: number;
  sidHash: string;
  ip: string;
}

/**
 * Compares a second-factor code (the enrolment's first code, a sign-in's code, a recovery code) under the
 * account's attempt count: reserved before the comparison, so parallel guesses count like sequential ones, at
 * most SECOND_FACTOR_MAX_FAILURES wrong codes in the login window. The wrong code that reaches the limit, and
 * every try while the block holds, void the password step (the account's sessions still waiting for a second
 * factor): the staff member starts again at the password once the block is over. A lockout is one audit row
 * (owners read it in the audit log). A right code clears the count and moves the session to a new id, which
 * this answers.
 */
async function giveSecondFactor(
  deps: StaffDeps,
  caller: SecondFactorCaller,
  now: Date,
  field: 'code' | 'recovery_code',
  codeIsRight: () => Promise<boolean>,
): Promise<string> {
  const { db } = deps;
  const windowMs = deps.config.login.blockMinutes * 60_000;
  const rule = { key: `staff-2fa:${caller.staffId}`, max: SECOND_FACTOR_MAX_FAILURES };
  let failures: number;
  try {
    [failures = 0] = await reserveAttempt(db, [rule], now, windowMs);
  } catch (err) {
    await repo.deletePasswordSteps(db, caller.staffId);
    throw err;
  }
  if (!(await codeIsRight())) {
    if (failures < rule.max) {
      await signInRow(
        db,
        { staffId: caller.staffId, ip: caller.ip },
        'staff.sign_in_failed',
        { step: field, failures },
        now,
      );
      throw codeInvalid(field);
    }
    await db.transaction().execute(async (tx) => {
      await repo.deletePasswordSteps(tx, caller.staffId);
      await signInRow(
        tx,
        { staffId: caller.staffId, ip: caller.ip },
        'staff.second_factor_locked',
        { wrong_codes: failures, until: new Date(now.getTime() + windowMs).toISOString() },
        now,
      );
    });
    throw new ApiError(429, {
      message: { key: 'staff_code_locked', params: { minutes: deps.config.login.blockMinutes } },
    });
  }
  await clearThrottle(db, rule.key);
  const sid = newSessionId();
  if (!(await repo.passSecondFactor(db, caller.sidHash, sha256(sid), now.toISOString())))
    throw new ApiError(401, { message: 'staff_login_required' });
  await signInRow(db, { staffId: caller.staffId, ip: caller.ip }, 'staff.sign_in', { step: field }, now);
  return sid;
}

function totpOf(secretBase32: string, email: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The time step a code belongs to (±1 step of clock drift), or null. */
function stepOf(totp: OTPAuth.TOTP, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 30_000) + delta;
}

/** Enrolment, first half: a new secret (sealed), its otpauth URL and a QR code of it (SVG). */
export async function startEnrolment(deps: StaffDeps, staffId: number) {
  const staff = await repo.staffById(deps.db, staffId);
  if (!staff) throw new ApiError(401, { message: 'staff_login_required' });
  if (staff.totp_enrolled_at) throw new ApiError(409, { message: 'staff_already_enrolled' });
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await repo.setTotpSecret(deps.db, staffId, seal(deps.config.sessionSecret, secret));
  const url = totpOf(secret, staff.email).toString();
  return { otpauth_url: url, secret, qr_svg: await QRCode.toString(url, { type: 'svg', margin: 1 }) };
}

/**
 * Enrolment, second half: the first code proves the app has the secret; answers the recovery codes, once, and
 * the session's new id.
 */
export async function confirmEnrolment(deps: StaffDeps, caller: SecondFactorCaller, code: string, now: Date) {
  const staff = await repo.staffById(deps.db, caller.staffId);
  if (!staff?.totp_secret || staff.totp_enrolled_at)
    throw new ApiError(409, { message: 'staff_already_enrolled' });
  const totp = totpOf(unseal(deps.config.sessionSecret, staff.totp_secret), staff.email);
  const codes = Array.from({ length: RECOVERY_CODES }, () =>
    randomBytes(6)
      .toString('hex')
      .replace(/(.{4})(.{4})(.{4})/, '$1-$2-$3'),
  );
  const sid = await giveSecondFactor(deps, caller, now, 'code', async () => {
    const step = stepOf(totp, code, now);
    return step !== null && (await repo.useTotpStep(deps.db, caller.staffId, step));
  });
  await repo.finishEnrolment(deps.db, caller.staffId, codes.map(sha256), now.toISOString());
  return { sid, recovery_codes: codes };
}

/** The second step of a login: a TOTP code, or a recovery code (used up). Answers the session's new id. */
export async function secondFactorStep(
  deps: StaffDeps,
  caller: SecondFactorCaller,
  input: { code?: string | undefined; recovery_code?: string | undefined },
  now: Date,
): Promise<string> {
  const staff = await repo.staffById(deps.db, caller.staffId);
  if (!staff?.totp_secret || !staff.totp_enrolled_at)
    throw new ApiError(409, { message: 'staff_not_enrolled' });
  if (input.code !== undefined) {
    const code = input.code;
    const totp = totpOf(unseal(deps.config.sessionSecret, staff.totp_secret), staff.email);
    return giveSecondFactor(deps, caller, now, 'code', async () => {
      const step = stepOf(totp, code, now);
      return step !== null && (await repo.useTotpStep(deps.db, caller.staffId, step));
    });
  }
  if (input.recovery_code !== undefined) {
    const hashes = JSON.parse(staff.recovery_codes) as string[];
    const h = sha256(input.recovery_code.trim().toLowerCase());
    return giveSecondFactor(
      deps,
      caller,
      now,
      'recovery_code',
      async () =>
        hashes.includes(h) &&
        repo.swapRecoveryCodes(
          deps.db,
          caller.staffId,
          staff.recovery_codes,
          JSON.stringify(hashes.filter((x) => x !== h)),
        ),
    );
  }
  throw codeInvalid();
}

/** The session of a request's cookie, touched (at most once a minute), or undefined. */
export async function loadStaffSession(db: Db, sid: string | undefined, now: Date) {
  if (!sid || sid.length > 64) return undefined;
  const hash = sha256(sid);
  const row = await repo.liveSession(
    db,
    hash,
    now.toISOString(),
    new Date(now.getTime() - STAFF_IDLE_MS).toISOString(),
  );
  if (!row) return undefined;
  if (now.getTime() - Date.parse(row.last_seen_at) > 60_000)
    await repo.touchSession(db, hash, now.toISOString());
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    sidHash: hash,
    secondFactor: row.second_factor_at !== null,
    enrolled: row.totp_enrolled_at !== null,
  };
}

export function endStaffSession(db: Db, sidHash: string): Promise<void> {
  return repo.deleteSession(db, sidHash);
}

export { listStaff } from './repo.ts';

// --- staff accounts from the console (owners; the command line keeps making the first owner) ---

type StaffQuery = z.output<typeof adminStaffQuerySchema>;

const staffRow = (r: Pick<Selectable<StaffTable>, (typeof repo.STAFF_ROW_COLUMNS)[number]>) => ({
  id: r.id,
  email: r.email,
  role: r.role,
  enrolled: r.totp_enrolled_at !== null,
  disabled: r.disabled_at !== null,
  created_at: r.created_at,
  last_login_at: r.last_login_at,
});

/** One page of the staff accounts as the console lists them. */
export async function staffForOwners(db: Db, query: StaffQuery) {
  const page = await listPage(
    repo.staffAccounts(db, query),
    (q) => q.select(repo.STAFF_ROW_COLUMNS),
    repo.STAFF_LIST,
    query,
  );
  return { ...page, list: page.list.map(staffRow) };
}

/** The accounts the list's query finds as a CSV (who can reach the console, for an access review). */
export async function staffCsv(db: Db, query: StaffQuery): Promise<string> {
  const rows = await listAll(
    repo.staffAccounts(db, query),
    (q) => q.select(repo.STAFF_ROW_COLUMNS),
    repo.STAFF_LIST,
    query,
  );
  return csvFile(
    ['id', 'email', 'role', 'enrolled', 'disabled', 'created_at', 'last_login_at'],
    rows
      .map(staffRow)
      .map((r) => [
        r.id,
        r.email,
        r.role,
        r.enrolled ? 1 : 0,
        r.disabled ? 1 : 0,
        r.created_at,
        r.last_login_at,
      ]),
  );
}

/** A new account with a temporary password (answered once, to the owner who made it). */
export async function addStaff(write: StaffWrite, input: { email: string; role: StaffRole }) {
  const email = normalizeMail(input.email);
  const password = randomBytes(12).toString('base64url');
  const passHash = await hashPassword(password);
  const made = await insertAccount(write, { email, passHash, role: input.role }, () => {
    throw fieldError('email', 'staff_exists');
  });
  return { ...made, password };
}

/**
 * An owner (or the command line) changes an account's role or disables / enables it, the staff rows locked on
 * PostgreSQL so two owners cannot both demote the other: never their own, and the shop keeps at least one owner
 * who can sign in. A disabled account's sessions end. A change that changes nothing writes nothing.
 */
export function changeStaff(
  write: StaffWrite,
  id: number,
  change: { role?: StaffRole | undefined; disabled?: 0 | 1 | undefined },
): Promise<{ id: number; changed: boolean }> {
  return write(async (tx, audit) => {
    await repo.lockStaff(tx);
    const before = await repo.staffById(tx, id);
    if (!before) throw notFound('staff_not_found');
    const role = change.role ?? before.role;
    const disabled = change.disabled === undefined ? before.disabled_at !== null : change.disabled === 1;
    if (role === before.role && disabled === (before.disabled_at !== null)) return { id, changed: false };
    if (id === write.staffId) throw new ApiError(409, { message: 'staff_not_yourself' });
    if (before.role === 'owner' && (role !== 'owner' || disabled)) {
      const owners = (await repo.listStaff(tx)).filter((r) => r.role === 'owner' && r.disabled_at === null);
      if (owners.every((o) => o.id === id)) throw new ApiError(409, { message: 'staff_last_owner' });
    }
    await repo.setRole(tx, id, role);
    if (disabled !== (before.disabled_at !== null))
      await repo.setDisabled(tx, id, disabled ? write.now.toISOString() : null);
    // a new role or a disabled account: its sessions start again (permissions are read at sign-in)
    await repo.deleteSessionsOf(tx, id);
    await audit({
      action: 'staff.update',
      target: { type: 'staff', id },
      before: { role: before.role, disabled: before.disabled_at !== null },
      after: { role, disabled },
    });
    return { id, changed: true };
  });
}

/**
 * Clears an account's second factor (a lost phone): it enrols again at its next sign-in, and its sessions end.
 * A repeat finds nothing to reset and writes no second row.
 */
export function resetSecondFactor(write: StaffWrite, id: number): Promise<{ id: number; reset: boolean }> {
  return write(async (tx, audit) => {
    const staff = await repo.staffById(tx, id);
    if (!staff) throw notFound('staff_not_found');
    const enrolled = staff.totp_enrolled_at !== null;
    await repo.resetSecondFactor(tx, id);
    await repo.deleteSessionsOf(tx, id);
    if (enrolled)
      await audit({
        action: 'staff.reset_2fa',
        target: { type: 'staff', id },
        before: { enrolled: true },
        after: { enrolled: false },
      });
    return { id, reset: enrolled };
  });
}
