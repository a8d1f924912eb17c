import { randomBytes } from 'node:crypto';
import { State } from '@gacha/contract/envelope';
import type { Lang } from '@gacha/contract/messages';
import {
  JAPAN_COUNTRY_ID,
  JAPAN_ZIPCODE,
  OVERSEAS_PREF_ID,
  type appendAddressSchema,
  type CountryCheck,
  type IdName,
  type registrationSchema,
} from '@gacha/contract/user';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { OidcProviderName } from '../../config.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import type { Database, NewUser, UsersTable } from '../../db/schema.ts';
import { ApiError, fieldError, notLoggedIn, type MessageRef } from '../../http/api-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { normalizeMail, hashPassword } from '../auth/service.ts';
import * as repo from './repo.ts';

type Executor = Db | Transaction<Database>;
type Registration = z.output<typeof registrationSchema>;
type AddressInput = z.output<typeof appendAddressSchema>;
type FieldErrors = Record<string, MessageRef>;

const alreadyRegistered = () => new ApiError(State.alreadyRegistered, { message: 'already_registered' });

function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length) throw new ApiError(State.invalid, { errors });
}

/** Country and prefecture as stored, or field errors (spec §5: Japan 7-digit zip and 1–47; elsewhere 99). */
async function checkPlace(
  db: Db,
  input: { country_id?: number; pref_id?: number; zipcode: string },
  errors: FieldErrors,
): Promise<{ country_id: number | null; pref_id: number | null }> {
  if (input.country_id === undefined) return { country_id: null, pref_id: null };
  if (!(await repo.countryExists(db, input.country_id))) {
    errors.country_id = 'country_invalid';
    return { country_id: null, pref_id: null };
  }
  if (input.country_id !== JAPAN_COUNTRY_ID)
    return { country_id: input.country_id, pref_id: OVERSEAS_PREF_ID };
  if (!JAPAN_ZIPCODE.test(input.zipcode)) errors.zipcode = 'zipcode_invalid';
  const pref = input.pref_id;
  if (pref === undefined || pref < 1 || pref > 47) errors.pref_id = 'pref_invalid';
  return { country_id: JAPAN_COUNTRY_ID, pref_id: pref ?? null };
}

/** The referrer's id for a code, or a field error. Empty means no referral. */
async function checkReferral(db: Db, code: string | undefined, errors: FieldErrors) {
  if (!code) return null;
  const id = await repo.findIdByReferralCode(db, code);
  if (id === undefined) errors.referral_code = 'referral_invalid';
  return id ?? null;
}

/**
 * The server side of POST /user/confirm: every rule beyond the schema, all field errors at once, then
 * state 999 when the mail is taken. Writes nothing.
 */
export async function checkRegistration(db: Db, input: Registration) {
  const errors: FieldErrors = {};
  if (input.pass !== input.confirmPass) errors.pass = 'pass_mismatch';
  const referrerId = await checkReferral(db, input.referralCode, errors);
  const place = await checkPlace(db, input, errors);
  throwIfAny(errors);
  const mail = normalizeMail(input.mail);
  if (await repo.mailExists(db, mail)) throw alreadyRegistered();
  return { mail, referrerId, ...place };
}

/** 8 characters of RFC 4648 base32 (40 random bits). */
export function newReferralCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = BigInt(`0x${randomBytes(5).toString('hex')}`);
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = alphabet[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
}

/**
 * POST /user/append: creates the member. The mail's unique index settles a race between two registrations
 * of the same address: the loser gets state 999. A clash of referral codes just draws another one.
 */
export async function register(db: Db, input: Registration, lang: Lang, now: Date): Promise<number> {
  const checked = await checkRegistration(db, input);
  const passHash = await hashPassword(input.pass);
  const at = now.toISOString();
  const id = await insertMember(
    db,
    {
      mail: checked.mail,
      pass_hash: passHash,
      last_name: input.lastName,
      middle_name: input.middleName,
      first_name: input.firstName,
      tel: input.tel,
      zipcode: input.zipcode,
      pref_id: checked.pref_id,
      pref_text: input.country,
      shiku: input.shiku,
      address: input.address,
      building: input.building,
      country_id: checked.country_id,
      referred_by: checked.referrerId,
      lang,
      created_at: at,
      updated_at: at,
    },
    { taken: () => repo.mailExists(db, checked.mail) },
  );
  if (id === null) throw alreadyRegistered();
  return id;
}

/**
 * Inserts a member with a fresh referral code. A unique index that refuses the row is either the member's own
 * identity taken meanwhile (`taken()`: answered null) or a clash of referral codes (another code is drawn, up to
 * five times; then the error is thrown, or null answered with `exhaustedIsTaken`).
 */
async function insertMember(
  db: Executor,
  values: Omit<NewUser, 'referral_code'>,
  opts: { taken: () => Promise<boolean>; exhaustedIsTaken?: boolean },
): Promise<number | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await repo.insertUser(db, { ...values, referral_code: newReferralCode() });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await opts.taken()) return null;
      if (attempt >= 5) {
        if (opts.exhaustedIsTaken) return null;
        throw err;
      }
    }
  }
}

/**
 * POST /user/append_address: the member's address, with the registration's country rules. An empty or absent
 * tel keeps the stored one: a form that did not show the number must not erase it.
 */
export async function saveAddress(db: Db, userId: number, input: AddressInput, now: Date): Promise<void> {
  const member = await repo.findProfile(db, userId);
  if (!member) throw notLoggedIn();
  const errors: FieldErrors = {};
  const tel = input.tel || undefined;
  // a verified phone number is the member's identity for SMS; it changes only through support
  if (member.end_sms && tel !== undefined && tel !== member.tel) errors.tel = 'invalid';
  const referrerId = await checkReferral(db, input.referralCode, errors);
  if (referrerId !== null && (referrerId === userId || (member.referred_by ?? referrerId) !== referrerId)) {
    errors.referral_code = 'referral_invalid';
  }
  const place = await checkPlace(db, input, errors);
  throwIfAny(errors);

  const at = now.toISOString();
  await db.transaction().execute(async (tx) => {
    const saved = await repo.updateAddress(tx, userId, {
      ...(tel !== undefined && { tel }),
      zipcode: input.zipcode,
      pref_text: input.country,
      shiku: input.shiku,
      address: input.address,
      building: input.building,
      ...place,
      updated_at: at,
    });
    if (!saved) throw fieldError('tel', 'invalid'); // verified by SMS since we looked
    if (referrerId !== null) await repo.setReferrerOnce(tx, userId, referrerId, at);
  });
}

/** POST /user/changeUserInformation: the country from the country popup. */
export async function changeCountry(db: Db, userId: number, countryId: number, now: Date): Promise<void> {
  if (!(await repo.countryExists(db, countryId))) throw fieldError('country_id', 'country_invalid');
  if (!(await repo.setCountry(db, userId, countryId, now.toISOString()))) throw notLoggedIn();
}

/** POST /user/change: the phone number, only until SMS verification is done. */
export async function changeTel(db: Db, userId: number, tel: string, now: Date): Promise<void> {
  const updated = await repo.updateTelIfUnverified(db, userId, tel, now.toISOString());
  if (!updated) throw fieldError('tel', 'invalid');
}

export function prefectureList(db: Db, lang: Lang): Promise<IdName[]> {
  return repo.listPrefectures(db, lang);
}

export function countryList(db: Db, lang: Lang): Promise<IdName[]> {
  return repo.listCountries(db, lang);
}

export async function countryCheck(db: Db, user: SessionUser | null): Promise<CountryCheck> {
  const row = user ? await repo.findCountryId(db, user.id) : undefined;
  if (!row) return { is_login: '0', is_country: '0' };
  return { is_login: '1', is_country: row.country_id === null ? '0' : '1' };
}

// --- the members table for the other modules (db/table-owners.json: account owns `users`) ---

/**
 * The member's personal data: every column of `users` that names, locates or reaches a person, with the value
 * it holds when there is none — before a member signing up with Google or Apple gives it, and once it is erased
 * (the inactivity rule, DOMAIN.md). The one list of them: the erasure writes these values, a social sign-up
 * starts from them, the shipping list reads these columns.
 */
export const PERSONAL_DATA = {
  last_name: '',
  middle_name: '',
  first_name: '',
  tel: '',
  zipcode: '',
  pref_id: null,
  pref_text: '',
  shiku: '',
  address: '',
  building: '',
  country_id: null,
} as const satisfies { [K in keyof UsersTable]?: UsersTable[K] };

export const PERSONAL_DATA_COLUMNS = Object.keys(PERSONAL_DATA) as (keyof typeof PERSONAL_DATA)[];

/** What an erased member's row holds: no personal data, and no way to sign in (mail, password, Google, Apple). */
function erasedMember(userId: number) {
  return {
    ...PERSONAL_DATA,
    mail: `deleted-${userId}@invalid`,
    pass_hash: null,
    google_sub: null,
    apple_sub: null,
  } as const;
}

/** Adds a member row as given (the demo member; staff tools): no checks beyond the table's own. */
export function addMember(ex: Executor, values: NewUser): Promise<number> {
  return repo.insertUser(ex, values);
}

/** The member chose a language in this browser (the session's lang cookie): emails and SMS follow it. */
export function setMemberLang(db: Executor, userId: number, lang: Lang): Promise<void> {
  return repo.setLang(db, userId, lang);
}

/**
 * Attaches a referrer only if the member has none yet (one statement, so two requests cannot both win); false
 * when the member has one.
 */
export function setReferrer(ex: Executor, userId: number, referrerId: number, now: Date): Promise<boolean> {
  return repo.setReferrerOnce(ex, userId, referrerId, now.toISOString());
}

/**
 * SMS verification done (the sms module's code check): end_sms becomes 1 with the verified number as the
 * member's tel. False when it was done already.
 */
export function markPhoneVerified(ex: Executor, userId: number, tel: string, now: Date): Promise<boolean> {
  return repo.setPhoneVerified(ex, userId, tel, now.toISOString());
}

// sign-in with Google or Apple (the oidc module)

/** The column of `users` that holds a provider's account id. */
export const SOCIAL_SUB_COLUMN = {
  google: 'google_sub',
  apple: 'apple_sub',
} as const satisfies Record<OidcProviderName, repo.SubColumn>;

/**
 * A member signing up with Google or Apple: the verified mail and the names the provider gave, no password, no
 * address yet. Null when the mail or the provider account is a member's already.
 */
export function createSocialMember(
  db: Executor,
  m: {
    provider: OidcProviderName;
    sub: string;
    mail: string;
    familyName: string;
    givenName: string;
    referrerId: number | null;
    lang: Lang;
  },
  now: Date,
): Promise<number | null> {
  const col = SOCIAL_SUB_COLUMN[m.provider];
  const at = now.toISOString();
  return insertMember(
    db,
    {
      ...PERSONAL_DATA,
      mail: m.mail,
      pass_hash: null,
      last_name: m.familyName,
      first_name: m.givenName,
      referred_by: m.referrerId,
      lang: m.lang,
      [col]: m.sub,
      created_at: at,
      updated_at: at,
    },
    { taken: () => repo.mailOrSubTaken(db, m.mail, col, m.sub), exhaustedIsTaken: true },
  );
}

/** Links a provider account to a member who has none of that provider yet; false when one is linked. */
export function linkSocialAccount(
  db: Executor,
  userId: number,
  provider: OidcProviderName,
  sub: string,
  now: Date,
): Promise<boolean> {
  return repo.linkSub(db, userId, SOCIAL_SUB_COLUMN[provider], sub, now.toISOString());
}

// the coin balance (users.coin_tenths) behind the coins module's ledger

/** Debits coin tenths if the balance covers them (one conditional update); the balance after, or undefined. */
export function debitCoins(tx: Executor, userId: number, tenths: number): Promise<number | undefined> {
  return repo.debitCoinTenths(tx, userId, tenths);
}

/** Credits coin tenths; the balance after. */
export function creditCoins(tx: Executor, userId: number, tenths: number): Promise<number> {
  return repo.creditCoinTenths(tx, userId, tenths);
}

/**
 * The coins earned on a gem pack and the gems carried to the next one, in one statement; the balance after, or
 * undefined when the member does not exist.
 */
export async function creditPurchaseCoins(
  tx: Executor,
  args: { userId: number; carry: number; earnedTenths: number },
): Promise<number | undefined> {
  return (await repo.creditOnPurchase(tx, args)).rows[0]?.coin_tenths;
}

// the buyer of a pack (the draws module)

/** The buyer's rank, country and coins, read without a lock (the check). */
export function readBuyer(ex: Executor, userId: number) {
  return repo.readBuyer(ex, userId);
}

/**
 * Locks the buyer's row for the rest of the transaction, so one member's purchases (and decisions) queue:
 * the per-member limit, the gem lots and the coin carry are then read and written by one transaction at a time.
 * When gems will be spent the lock is the `last_gem_use_at` update itself (one statement instead of two).
 * A suspended member is refused here (409 account_suspended), under the lock.
 */
export async function lockBuyer(tx: Executor, userId: number, spendsGems: boolean, now: Date) {
  const r = spendsGems
    ? await repo.lockBuyerSpending(tx, { userId, at: now.toISOString() })
    : await repo.lockBuyerRow(tx, { userId });
  const buyer = r.rows[0];
  if (buyer?.suspended_at) throw accountSuspended(); // the transaction rolls back, last_gem_use_at included
  return buyer;
}

// the inactivity rule (the inactivity module's sweep)

/** Withdraws the inactivity notice of every member active since it (gems used or bought); answers how many. */
export function withdrawInactivityNotices(db: Executor): Promise<number> {
  return repo.clearNoticesOfActive(db);
}

/** Members quiet since `cutoff` (no gem use or purchase) without a notice yet, `limit` by id after `afterId`. */
export function membersDueNotice(db: Executor, args: { cutoff: string; afterId: number; limit: number }) {
  return repo.quietWithoutNotice(db, args);
}

/** Flags the notice at `at` if the member is still quiet since `cutoff`; false when not (nothing changed). */
export function flagInactivityNotice(db: Executor, userId: number, args: { at: string; cutoff: string }) {
  return repo.flagNotice(db, userId, args);
}

/** Members not yet anonymised whose notice is at or before `noticedBefore`, `limit` by id after `afterId`. */
export function membersDueErasure(
  db: Executor,
  args: { noticedBefore: string; afterId: number; limit: number },
) {
  return repo.noticedBefore(db, args);
}

/**
 * Erases a member's personal data and sign-in identity (PERSONAL_DATA, erasedMember) and their password
 * reissue codes, if the member got the inactivity notice and has stayed quiet since (re-checked in the same
 * statement, so a spend racing the erasure either lands first and stops it, or waits for it). False when the
 * member turned out to be active: nothing changed. Call inside the erasure's transaction.
 */
export async function eraseMemberData(
  tx: Transaction<Database>,
  userId: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const erased = await repo.eraseIfQuietSinceNotice(tx, userId, {
    ...erasedMember(userId),
    anonymised_at: at,
    updated_at: at,
  });
  if (erased) await repo.deleteResetsOf(tx, userId);
  return erased;
}

/** The monthly rank rollover's write (ranks module): each member's rank from their row of `month`. */
export function applyRanksOfMonth(tx: Executor, month: string, userIds: readonly number[]): Promise<void> {
  return repo.applyRanksOfMonth(tx, month, userIds);
}

/** A paid rank maintenance for `month` (ranks module), recorded once. */
export function markRankMaintained(tx: Executor, userId: number, month: string): Promise<boolean> {
  return repo.markRankMaintained(tx, userId, month);
}

// --- suspension by staff ---

/** The refusal of a suspended member's request (409 with the catalogue's message). */
export const accountSuspended = () => new ApiError(State.conflict, { message: 'account_suspended' });

/** Whether the member is suspended (false for an unknown member). */
export async function isSuspended(ex: Executor, userId: number): Promise<boolean> {
  return !!(await repo.findSuspension(ex, userId))?.suspended_at;
}

/**
 * Refuses a suspended member's value-moving request (a gem purchase, a decision, an exchange, a transfer):
 * 409 account_suspended. Inside the request's transaction after the member's row lock where there is one, so a
 * suspension either lands before (refused) or after (the request is done, as before the suspension).
 */
export async function refuseIfSuspended(ex: Executor, userId: number): Promise<void> {
  if (await isSuspended(ex, userId)) throw accountSuspended();
}

/** Staff undo a member's SMS verification (end_sms back to 0, the tel kept); false when it was not done. */
export function resetPhoneVerification(tx: Executor, userId: number, now: Date): Promise<boolean> {
  return repo.clearPhoneVerified(tx, userId, now.toISOString());
}
