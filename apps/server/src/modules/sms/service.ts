import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import type { Config } from '../../config.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, fieldError, notLoggedIn } from '../../http/api-error.ts';
import { markPhoneVerified } from '../account/service.ts';
import { composeSmsCode, langOf } from '../mail/service.ts';
import { checkReferralReward } from '../referrals/service.ts';
import { SmsSendError, type SmsProvider } from './provider.ts';
import * as repo from './repo.ts';

/** DOMAIN.md: SMS codes are 6 digits, valid 10 minutes, 5 wrong tries void them, one send per 60 s. */
export const SMS_CODE_MINUTES = 10;
export const SMS_MAX_TRIES = 5;
export const SMS_RESEND_SECONDS = 60;
/** Cost guard beyond the spec: at most this many sends per member in 24 hours. */
export const SMS_MAX_SENDS_PER_DAY = 10;

/** Calling codes of the countries listed first in the country select (ISO 3166-1 numeric id → code). */
const CALLING_CODES: Record<number, { code: string; trunkZero: boolean }> = {
  392: { code: '81', trunkZero: true }, // Japan
  840: { code: '1', trunkZero: false }, // United States
  124: { code: '1', trunkZero: false }, // Canada
  156: { code: '86', trunkZero: true }, // China
  158: { code: '886', trunkZero: true }, // Taiwan
  344: { code: '852', trunkZero: false }, // Hong Kong
  410: { code: '82', trunkZero: true }, // South Korea
  702: { code: '65', trunkZero: false }, // Singapore
  764: { code: '66', trunkZero: true }, // Thailand
  826: { code: '44', trunkZero: true }, // United Kingdom
  36: { code: '61', trunkZero: true }, // Australia
  250: { code: '33', trunkZero: true }, // France
  276: { code: '49', trunkZero: true }, // Germany
};

/**
 * The E.164 form of what the member typed: '+…' and '00…' as given; a national number by the member's country
 * (no country yet: Japan, the shop's home); null when it cannot be known (the member must add the country code).
 */
export function toE164(tel: string, countryId: number | null): string | null {
  const t = tel.trim();
  const digits = t.replace(/\D/g, '');
  let e164: string | null = null;
  if (t.startsWith('+')) e164 = `+${digits}`;
  else if (digits.startsWith('00')) e164 = `+${digits.slice(2)}`;
  else {
    const cc = CALLING_CODES[countryId ?? JAPAN_COUNTRY_ID];
    if (!cc) return null;
    if (cc.code === '1' && digits.length === 11 && digits.startsWith('1')) e164 = `+${digits}`;
    else if (cc.trunkZero && digits.startsWith('0')) e164 = `+${cc.code}${digits.slice(1)}`;
    else if (!digits.startsWith('0')) e164 = `+${cc.code}${digits}`;
  }
  return e164 && /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null;
}

const hashCode = (secret: string, userId: number, code: string) =>
  createHmac('sha256', secret).update(`sms:${userId}:${code}`).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface SmsDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret'>;
  sms: SmsProvider;
}

/**
 * POST /user/send_sms: a fresh 6-digit code to `tel`, replacing any earlier code of the member. Refused (under
 * errors.user_id, spec §8) when verification is already done, the number is not usable or is verified by another
 * member; state 429 within 60 s of the last send or past the daily cap. One conditional upsert claims the send,
 * so two requests at once cannot both send.
 */
export async function sendSmsCode(deps: SmsDeps, userId: number, tel: string, now: Date): Promise<void> {
  const { db } = deps;
  const member = await repo.findMember(db, userId);
  if (!member) throw notLoggedIn();
  if (member.end_sms) throw fieldError('user_id', 'sms_already_done');
  const phone = toE164(tel, member.country_id);
  if (!phone) throw fieldError('user_id', 'sms_tel_country_code');
  const owner = await repo.findPhoneOwner(db, phone);
  if (owner && owner.user_id !== userId) throw fieldError('user_id', 'sms_phone_taken');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const at = now.toISOString();
  const resendAfter = new Date(now.getTime() - SMS_RESEND_SECONDS * 1000).toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const codeHash = hashCode(deps.config.sessionSecret, userId, code);
  const claimed = await repo.claimSend(db, {
    userId,
    tel: phone,
    codeHash,
    at,
    expiresAt: new Date(now.getTime() + SMS_CODE_MINUTES * 60_000).toISOString(),
    resendAfter,
    dayAgo,
    maxPerDay: SMS_MAX_SENDS_PER_DAY,
  });
  if (!claimed) throw await tooSoon(db, userId, now);

  try {
    await deps.sms.send({
      to: phone,
      body: composeSmsCode(langOf(member.lang), code, SMS_CODE_MINUTES),
      kind: 'sms_code',
      code,
      userId,
    });
  } catch (err) {
    // nothing reached the member: drop the code so that they may try again at once
    await repo.deleteCode(db, userId, codeHash);
    if (err instanceof SmsSendError) throw fieldError('user_id', 'sms_send_failed');
    throw err;
  }
}

async function tooSoon(db: Db, userId: number, now: Date): Promise<ApiError> {
  const row = await repo.findSendState(db, userId);
  const wait = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  if (row && row.day_sends >= SMS_MAX_SENDS_PER_DAY) {
    const until = new Date(row.day_start).getTime() + 24 * 3600_000;
    const minutes = Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
    return new ApiError(429, {
      message: { key: 'too_many_requests', params: { minutes } },
      errors: { user_id: { key: 'too_many_requests', params: { minutes } } },
    });
  }
  const seconds = row
    ? wait(new Date(row.sent_at).getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime())
    : 60;
  const ref = { key: 'sms_wait' as const, params: { seconds } };
  return new ApiError(429, { message: ref, errors: { user_id: ref } });
}

/**
 * POST /user/check_sms. Every try is counted before the code is compared, in one conditional update, so at
 * most 5 tries ever reach a code, also when they arrive at once; the 5th wrong one voids it. Success, in one
 * transaction: the code is used, end_sms becomes 1 with the verified number as the member's tel, the number is
 * claimed for this member (unique), and the referral reward is checked.
 */
export async function checkSmsCode(deps: SmsDeps, userId: number, code: string, now: Date): Promise<void> {
  const { db } = deps;
  const at = now.toISOString();
  const tried = await repo.countTry(db, userId, at, SMS_MAX_TRIES);
  if (!tried) {
    const done = await repo.findEndSms(db, userId);
    if (done?.end_sms) throw fieldError('sms_code', 'sms_already_done');
    throw fieldError('sms_code', 'sms_code_expired');
  }
  if (!sameHash(tried.code_hash, hashCode(deps.config.sessionSecret, userId, code))) {
    throw fieldError('sms_code', tried.attempts >= SMS_MAX_TRIES ? 'sms_code_expired' : 'sms_code_invalid');
  }

  await db.transaction().execute(async (tx) => {
    if (!(await repo.useCode(tx, userId, tried.code_hash, at)))
      throw fieldError('sms_code', 'sms_code_expired');
    if (!(await markPhoneVerified(tx, userId, tried.tel, now))) {
      throw fieldError('sms_code', 'sms_already_done');
    }
    // a number verified earlier by this member (before support reset end_sms) is replaced
    await repo.deleteVerifiedPhonesOf(tx, userId);
    try {
      await repo.insertVerifiedPhone(tx, tried.tel, userId, at);
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('sms_code', 'sms_phone_taken');
      throw err;
    }
    await checkReferralReward(tx, userId, now);
  });
}

/**
 * Forgets the member's phone verification data: the live code and the verified number (the anonymisation). Call
 * inside the transaction that erases the member.
 */
export async function forgetPhone(tx: Transaction<Database>, userId: number): Promise<void> {
  await repo.deleteCodesOf(tx, userId);
  await repo.deleteVerifiedPhonesOf(tx, userId);
}

/** The phone number a member verified, if any (the console's member page). */
export const verifiedPhoneOf = repo.verifiedPhoneOf;
