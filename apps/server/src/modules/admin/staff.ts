import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { StaffRole } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import { clearThrottle, reserveAttempt } from '../../http/throttle.ts';
import { DUMMY_HASH, hashPassword, normalizeMail, verifyPassword } from '../auth/service.ts';
import { ROLES } from './permissions.ts';
import * as repo from './repo.ts';
import { seal, unseal } from './secrets.ts';

/**
 * Staff accounts (issue 16): apart from members, an argon2id password and a TOTP second factor (RFC 6238 through
 * `otpauth`; enrolment with a QR code, ten single-use recovery codes), on sessions of their own with an idle
 * timeout. A code is accepted once (the last used time step is kept).
 */

export const STAFF_SESSION_COOKIE = 'staff_sid';
/** The console's API; the cookie goes nowhere else. */
export const STAFF_COOKIE_PATH = '/api/admin';
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MS = 12 * 3600_000;
const ISSUER = 'Gacha Gems staff';
const RECOVERY_CODES = 10;
const LOGIN_MAX_FAILURES = 5;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
export const sessionHash = sha256;

export interface StaffDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'login'>;
}

const loginFailed = () => new ApiError(400, { errors: { password: 'staff_login_failed' } });
const codeInvalid = (field: 'code' | 'recovery_code' = 'code') =>
  new ApiError(400, { errors: { [field]: 'staff_code_invalid' } });

/** Creates a staff account (the first owner comes from scripts/staff.ts). */
export async function createStaff(
  db: Db,
  input: { email: string; password: string; role: StaffRole },
  now: Date,
) {
  const email = normalizeMail(input.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new RangeError('not an email address');
  if (!ROLES.includes(input.role)) throw new RangeError(`role must be one of ${ROLES.join(', ')}`);
  if (input.password.length < 12) throw new RangeError('a staff password has at least 12 characters');
  if (await repo.staffByEmail(db, email)) throw new RangeError(`${email} is a staff account already`);
  const id = await repo.insertStaff(db, {
    email,
    pass_hash: await hashPassword(input.password),
    role: input.role,
    created_at: now.toISOString(),
  });
  return { id, email, role: input.role };
}

/**
 * The first step: email and password (throttled per account and per address, counted before the password is
 * looked at). Answers a new session whose second factor is still to come.
 */
export async function passwordStep(
  deps: StaffDeps,
  input: { email: string; password: string; ip: string },
  now: Date,
): Promise<{ sid: string; enrolled: boolean }> {
  const email = normalizeMail(input.email);
  const account = { key: `staff:${email}`, max: LOGIN_MAX_FAILURES };
  const address = { key: `staff-ip:${input.ip}`, max: deps.config.login.maxFailuresPerIp };
  await reserveAttempt(deps.db, [account, address], now, deps.config.login.blockMinutes * 60_000);
  const staff = await repo.staffByEmail(deps.db, email);
  const ok = await verifyPassword(staff?.pass_hash ?? DUMMY_HASH, input.password);
  if (!staff || !ok || staff.disabled_at) throw loginFailed();
  await clearThrottle(deps.db, account.key);
  const sid = randomBytes(32).toString('base64url');
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

/** Enrolment, second half: the first code proves the app has the secret; answers the recovery codes, once. */
export async function confirmEnrolment(
  deps: StaffDeps,
  staffId: number,
  sidHash: string,
  code: string,
  now: Date,
) {
  const staff = await repo.staffById(deps.db, staffId);
  if (!staff?.totp_secret || staff.totp_enrolled_at)
    throw new ApiError(409, { message: 'staff_already_enrolled' });
  const step = stepOf(totpOf(unseal(deps.config.sessionSecret, staff.totp_secret), staff.email), code, now);
  if (step === null || !(await repo.useTotpStep(deps.db, staffId, step))) throw codeInvalid();
  const codes = Array.from({ length: RECOVERY_CODES }, () =>
    randomBytes(6)
      .toString('hex')
      .replace(/(.{4})(.{4})(.{4})/, '$1-$2-$3'),
  );
  await repo.finishEnrolment(deps.db, staffId, codes.map(sha256), now.toISOString());
  await repo.passSecondFactor(deps.db, sidHash, now.toISOString());
  return { recovery_codes: codes };
}

/** The second step of a login: a TOTP code, or a recovery code (used up). */
export async function secondFactorStep(
  deps: StaffDeps,
  staffId: number,
  sidHash: string,
  input: { code?: string | undefined; recovery_code?: string | undefined },
  now: Date,
): Promise<void> {
  const staff = await repo.staffById(deps.db, staffId);
  if (!staff?.totp_secret || !staff.totp_enrolled_at)
    throw new ApiError(409, { message: 'staff_not_enrolled' });
  if (input.code !== undefined) {
    const step = stepOf(
      totpOf(unseal(deps.config.sessionSecret, staff.totp_secret), staff.email),
      input.code,
      now,
    );
    if (step === null || !(await repo.useTotpStep(deps.db, staffId, step))) throw codeInvalid();
  } else if (input.recovery_code !== undefined) {
    const hashes = JSON.parse(staff.recovery_codes) as string[];
    const h = sha256(input.recovery_code.trim().toLowerCase());
    if (!hashes.includes(h)) throw codeInvalid('recovery_code');
    const left = JSON.stringify(hashes.filter((x) => x !== h));
    if (!(await repo.swapRecoveryCodes(deps.db, staffId, staff.recovery_codes, left)))
      throw codeInvalid('recovery_code');
  } else {
    throw codeInvalid();
  }
  await repo.passSecondFactor(deps.db, sidHash, now.toISOString());
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

/** Disables an account (or enables it again) and ends its sessions. */
export async function setStaffDisabled(db: Db, id: number, disabled: boolean, now: Date) {
  if (!(await repo.setDisabled(db, id, disabled ? now.toISOString() : null)))
    throw new RangeError(`no staff account ${id}`);
  await repo.deleteSessionsOf(db, id);
  return { id, disabled };
}

/** Clears an account's second factor (it enrols again at the next login) and ends its sessions. */
export async function resetStaffSecondFactor(db: Db, id: number) {
  if (!(await repo.staffById(db, id))) throw new RangeError(`no staff account ${id}`);
  await repo.resetSecondFactor(db, id);
  await repo.deleteSessionsOf(db, id);
  return { id, reset: true };
}
