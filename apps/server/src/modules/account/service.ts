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
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { ApiError, fieldError, notLoggedIn, type MessageRef } from '../../http/api-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { normalizeMail, hashPassword } from '../auth/service.ts';
import * as repo from './repo.ts';

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
  for (let attempt = 1; ; attempt++) {
    try {
      return await repo.insertUser(db, {
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
        referral_code: newReferralCode(),
        referred_by: checked.referrerId,
        lang,
        created_at: at,
        updated_at: at,
      });
    } catch (err) {
      if (!repo.isUniqueViolation(err)) throw err;
      if (await repo.mailExists(db, checked.mail)) throw alreadyRegistered();
      if (attempt >= 5) throw err;
    }
  }
}

/**
 * POST /user/append_address: the member's address, with the registration's country rules. An empty or absent
 * tel keeps the stored one: a form that did not show the number must not erase it (issue 12).
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
