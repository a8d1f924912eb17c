import { z } from 'zod';

/**
 * User and session calls (spec §7). Error messages are catalogue keys (messages.ts); the server turns them
 * into text in the member's language. Payloads are strict: an unknown field is a 400.
 */

export const JAPAN_COUNTRY_ID = 392; // ISO 3166-1 numeric, as every country id
export const OVERSEAS_PREF_ID = 99;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** Missing → 'required', any other non-string → 'invalid'. */
const stringType = () => z.string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid') });
const text = (max: number) => stringType().trim().max(max, { error: 'too_long' });
const requiredText = (max: number) => text(max).min(1, { error: 'required' });
/** An optional text field: absent is the same as ''. */
const optionalText = (max: number) => text(max).default('');

export const mailSchema = stringType()
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'too_long' })
  .pipe(z.email({ error: 'mail_invalid' }));

/** Spec §5: "6 to 20 half-width alphanumerics" — symbols are accepted too (printable ASCII, no spaces). */
export const passwordSchema = stringType()
  .min(1, { error: 'required' })
  .max(100, { error: 'too_long' })
  .regex(new RegExp(`^[\\x21-\\x7e]{${PASSWORD_MIN},${PASSWORD_MAX}}$`), { error: 'pass_format' });

export const telSchema = text(20)
  .refine((v) => v === '' || /^\+?[0-9][0-9\- ]{8,18}[0-9]$/.test(v), { error: 'tel_invalid' })
  .refine((v) => v === '' || (v.replace(/\D/g, '').length >= 10 && v.replace(/\D/g, '').length <= 15), {
    error: 'tel_invalid',
  });

/** Japan: exactly 7 digits (checked by the server once the country is known); elsewhere a postal code. */
export const JAPAN_ZIPCODE = /^\d{7}$/;
const zipcode = text(10).refine((v) => v === '' || /^[0-9A-Za-z\- ]{2,10}$/.test(v), {
  error: 'zipcode_invalid',
});

const MAX_ID = 2_147_483_647;
const positiveId = z.int().positive().max(MAX_ID);
const digits = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
/** An id from a select: a positive integer, as a number or a string of digits. */
const id = (missing: 'required' | 'country_invalid' = 'required') =>
  z.union([positiveId, digits.pipe(positiveId)], {
    error: (iss) => (iss.input === undefined ? missing : 'invalid'),
  });
/** Same, where '' (nothing chosen) and absent both mean "not given". */
const optionalId = () =>
  z
    .union([positiveId, digits.pipe(positiveId), z.literal('').transform(() => undefined)], {
      error: 'invalid',
    })
    .optional();

/** Referral codes are upper case; what members type is matched case-insensitively. */
const referralCode = text(32)
  .transform((v) => v.toUpperCase())
  .optional();

/** Address fields shared by registration and address registration. */
const addressShape = {
  tel: telSchema.default(''),
  zipcode: zipcode.default(''),
  country: optionalText(100), // prefecture / state as text
  pref_id: optionalId(),
  shiku: optionalText(100),
  address: optionalText(200),
  building: optionalText(200),
  referralCode,
  country_id: optionalId(),
};

export const registrationSchema = z
  .object({
    lastName: requiredText(50),
    middleName: optionalText(50),
    firstName: requiredText(50),
    mail: mailSchema,
    pass: passwordSchema,
    confirmPass: stringType().max(100, { error: 'too_long' }),
    ...addressShape,
  })
  .strict();
export type RegistrationInput = z.input<typeof registrationSchema>;

/**
 * Address registration (/user-address): the page exists to give the member a shipping country, so the
 * country, city and first address line are required here, unlike at registration.
 */
export const appendAddressSchema = z
  .object({
    ...addressShape,
    country_id: id('country_invalid'),
    shiku: requiredText(100),
    address: requiredText(200),
  })
  .strict();
export type AppendAddressInput = z.input<typeof appendAddressSchema>;

export const loginSchema = z
  .object({
    mail: text(254).min(1, { error: 'required' }),
    pass: stringType().min(1, { error: 'required' }).max(100, { error: 'too_long' }),
    save_cookie: z.enum(['0', '1', ''], { error: 'invalid' }).optional(),
  })
  .strict();
export type LoginInput = z.input<typeof loginSchema>;

export const changeUserInformationSchema = z.object({ country_id: id('country_invalid') }).strict();

/** POST /user/change: the phone number, editable until SMS verification. */
export const changeTelSchema = z.object({ tel: telSchema.min(1, { error: 'required' }) }).strict();

export const zipcodeSchema = z
  .object({ zipcode: z.string({ error: 'required' }).regex(/^\d{7}$/, { error: 'zipcode_invalid' }) })
  .strict();

export interface ZipcodeResult {
  prefcode: string;
  address1: string; // prefecture name
  address2: string; // city
  address3: string; // town
}

/** GET /user/point. */
export interface CurrentUser {
  is_login: '0' | '1';
  point: number; // gems
  coin: number; // whole coins (coin_tenths / 10, one decimal)
  coin_tenths: number;
  rank: number; // rank image id 1–5
  rank_name: string;
  lang: 'en' | 'ja';
}

/** GET /user/detail. Money fields are gems. */
export interface UserDetail {
  id: number;
  lastName: string;
  middleName: string;
  firstName: string;
  tel: string;
  mail: string;
  zipcode: string;
  country: string;
  pref_id: number | null;
  shiku: string;
  address: string;
  building: string;
  country_id: number | null;
  country_name: string;
  availablePoint: number; // gem balance
  remaining_point: number; // gems still to spend this month to reach the next rank (0 at the top rank)
  end_sms: '0' | '1';
  /** '0' for a member who signed up with Google or Apple and never set a password (change_password). */
  has_password: '0' | '1';
  referral_code: string;
  rank: number;
  rank_name: string;
  rank_coin: number; // whole coins to keep the current rank for next month (0 below Silver)
  rank_max_price: number; // upper spend bound of the current rank: the full width of the rank bar
  rank_current_price: number; // gems spent on gem packs this month (JST)
  /** The rank maintenance offer is open: this month's spend would drop the member next month. */
  is_rank_maintained: boolean;
  next_month_name: string;
  next_month: number; // rank that this month's spend (or a paid maintenance) leads to
}

/** GET /user/has_register: '1' once, right after registration (the completion page). */
export interface HasRegister {
  is_user_register: '0' | '1';
}

/** GET /user/pref_list, GET /user/country. */
export interface IdNameList {
  list: IdName[];
}

export interface IdName {
  id: number;
  name: string;
}

/** GET /user/country/check. */
export interface CountryCheck {
  is_login: '0' | '1';
  is_country: '0' | '1';
}

export type RankId = 1 | 2 | 3 | 4 | 5;

export interface RankInfo {
  id: RankId;
  name: { en: string; ja: string };
  minSpend: number; // gems spent on gem packs in one JST month
  maxSpend: number | null; // null: no upper bound
  discountPercent: number;
  keepCoins: number; // whole coins to keep the rank for next month; 0 = not offered
}

/** Spec §1 rank table. */
export const RANKS: readonly RankInfo[] = [
  {
    id: 1,
    name: { en: 'White', ja: 'ホワイト' },
    minSpend: 0,
    maxSpend: 50_000,
    discountPercent: 0,
    keepCoins: 0,
  },
  {
    id: 2,
    name: { en: 'Bronze', ja: 'ブロンズ' },
    minSpend: 50_001,
    maxSpend: 200_000,
    discountPercent: 0,
    keepCoins: 0,
  },
  {
    id: 3,
    name: { en: 'Silver', ja: 'シルバー' },
    minSpend: 200_001,
    maxSpend: 500_000,
    discountPercent: 3,
    keepCoins: 500,
  },
  {
    id: 4,
    name: { en: 'Gold', ja: 'ゴールド' },
    minSpend: 500_001,
    maxSpend: 3_000_000,
    discountPercent: 5,
    keepCoins: 3000,
  },
  {
    id: 5,
    name: { en: 'Rainbow', ja: 'レインボー' },
    minSpend: 3_000_001,
    maxSpend: null,
    discountPercent: 10,
    keepCoins: 5000,
  },
];

/** The rank row for an id; unknown ids fall back to White. */
export function rankInfo(id: number): RankInfo {
  return RANKS.find((r) => r.id === id) ?? RANKS[0]!;
}

/** The rank a month's spend earns. */
export function rankForSpend(gems: number): RankInfo {
  return [...RANKS].reverse().find((r) => gems >= r.minSpend) ?? RANKS[0]!;
}
