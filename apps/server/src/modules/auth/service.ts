import { rankInfo, type CurrentUser, type UserDetail } from '@gacha/contract/user';
import type { Lang } from '@gacha/contract/messages';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { fieldError, notLoggedIn } from '../../http/api-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { gemBalance } from '../gems/service.ts';
import { monthlyGemSpend, rankStatus } from '../ranks/service.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.ts';
import * as repo from './repo.ts';
import { reservePasswordAttempt } from '../../http/device-trust.ts';
import { clearThrottle, purgeThrottles, reserveAttempt } from '../../http/throttle.ts';

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'login'>;
}

/** argon2id hashing for the modules that set a password (registration, reset, change). */
export { DUMMY_HASH, hashPassword, verifyPassword };

/** Mail addresses are stored trimmed and lower-cased; every lookup goes through this. */
export const normalizeMail = (mail: string) => mail.trim().toLowerCase();

const accountKey = (mail: string) => `login:mail:${mail}`;
const ipKey = (ip: string) => `login:ip:${ip}`;
const blockMs = (config: AuthDeps['config']) => config.login.blockMinutes * 60_000;

/**
 * Checks a login and returns the member id. Throttled per account and per client address: the attempt is
 * counted before the password is looked at, so parallel tries are limited like sequential ones, and a key
 * over its limit answers 429 without a look at the password. A right password clears the account's count
 * and gives the address its attempt back. Unknown mail and wrong password take the same time (a dummy hash is
 * verified) and give the same answer. A member suspended by staff is refused after the right password
 * (errors.mail account_suspended).
 */
export async function login(
  { db, config }: AuthDeps,
  input: {
    mail: string;
    pass: string;
    ip: string;
    /** The nonce of this browser's device cookie when it was given for this mail (http/device-trust.ts). */
    trustedDevice: (mail: string) => string | null;
  },
  now: Date,
): Promise<number> {
  const mail = normalizeMail(input.mail);
  const attempt = await reservePasswordAttempt(db, {
    device: input.trustedDevice(mail),
    account: { key: accountKey(mail), max: config.login.maxFailuresPerAccount },
    address: { key: ipKey(input.ip), max: config.login.maxFailuresPerIp },
    now,
    windowMs: blockMs(config),
  });

  const user = await repo.findLoginByMail(db, mail);
  const ok = await verifyPassword(user?.pass_hash ?? DUMMY_HASH, input.pass);
  if (!user?.pass_hash || !ok) throw fieldError('mail', 'login_failed');
  await attempt.passed();
  // said only to whoever knows the password; no session is started
  if (user.suspended_at) throw fieldError('mail', 'account_suspended');
  return user.id;
}

/**
 * Checks a signed-in member's current password (change_password): 'none' when the member has no password
 * (signed up with Google or Apple), 'missing' when none was given, else 'ok' or 'wrong'. A try is counted on
 * the same account key as a login, so a borrowed session cannot guess faster than the login page could.
 */
export async function checkCurrentPassword(
  { db, config }: AuthDeps,
  userId: number,
  pass: string | undefined,
  now: Date,
): Promise<'none' | 'missing' | 'ok' | 'wrong'> {
  const user = await repo.findLoginById(db, userId);
  if (!user) throw notLoggedIn();
  if (!user.pass_hash) return 'none';
  if (!pass) return 'missing';
  const account = { key: accountKey(user.mail), max: config.login.maxFailuresPerAccount };
  await reserveAttempt(db, [account], now, blockMs(config));
  if (!(await verifyPassword(user.pass_hash, pass))) return 'wrong';
  await clearThrottle(db, account.key);
  return 'ok';
}

export function purgeLoginThrottles({ db, config }: AuthDeps, now: Date): Promise<number> {
  return purgeThrottles(db, now, blockMs(config));
}

/** GET /user/point: what the header shows. Guests get zeros. */
export async function currentUser(
  db: Db,
  user: SessionUser | null,
  lang: Lang,
  now: Date,
): Promise<CurrentUser> {
  const row = user ? await repo.findBalanceFields(db, user.id) : undefined;
  if (!user || !row) {
    return { is_login: '0', point: 0, coin: 0, coin_tenths: 0, rank: 0, rank_name: '', lang };
  }
  const rank = rankInfo(row.rank);
  return {
    is_login: '1',
    point: await gemBalance(db, user.id, now),
    coin: row.coin_tenths / 10,
    coin_tenths: row.coin_tenths,
    rank: rank.id,
    rank_name: rank.name[lang],
    lang,
  };
}

/** GET /user/detail: the member's profile, balances and rank bar. Null when the member is gone. */
export async function userDetail(db: Db, userId: number, lang: Lang, now: Date): Promise<UserDetail | null> {
  const u = await repo.findDetail(db, userId);
  if (!u) return null;
  const spend = await monthlyGemSpend(db, userId, now);
  const rank = rankStatus({ rank: u.rank, spend, maintainedMonth: u.rank_maintained_month, now });
  const balance = await gemBalance(db, userId, now);
  return {
    id: u.id,
    lastName: u.last_name,
    middleName: u.middle_name,
    firstName: u.first_name,
    tel: u.tel,
    mail: u.mail,
    zipcode: u.zipcode,
    country: u.pref_text,
    pref_id: u.pref_id,
    shiku: u.shiku,
    address: u.address,
    building: u.building,
    country_id: u.country_id,
    country_name: (lang === 'ja' ? u.country_name_ja : u.country_name_en) ?? '',
    availablePoint: balance,
    remaining_point: rank.toNextRank,
    end_sms: u.end_sms ? '1' : '0',
    has_password: u.pass_hash ? '1' : '0',
    referral_code: u.referral_code,
    rank: rank.current.id,
    rank_name: rank.current.name[lang],
    rank_coin: rank.current.keepCoins,
    rank_max_price: rank.barMax,
    rank_current_price: spend,
    is_rank_maintained: rank.maintenanceOffered,
    next_month_name: rank.next.name[lang],
    next_month: rank.next.id,
  };
}
