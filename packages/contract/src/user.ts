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

/** Dashes and long-vowel marks that Japanese input methods give where a postal code's hyphen is meant. */
const DASHES = /[\u2010-\u2015\u2212\u2043\u30fc\ufe58\ufe63\uff0d\uff70]/g;

/**
 * A postal code as typed, in the form it is checked and stored in. Every country: full-width digits, letters
 * and spaces become half-width (NFKC), any dash a plain '-', a leading postal mark '〒' goes, and the ends are
 * trimmed. Japan (`countryId` 392) also drops hyphens and spaces: '150-0001', '１５０－０００１' and
 * '〒150 0001' are all '1500001', the 7 digits the address look-up and the server's check expect. Other
 * countries keep their hyphens and spaces ('10001-1234', 'SW1A 1AA').
 */
export function normaliseZipcode(raw: string, countryId?: number | string | null): string {
  const folded = raw
    .normalize('NFKC')
    .replace(DASHES, '-')
    .trim()
    .replace(/^〒\s*/, '');
  return Number(countryId) === JAPAN_COUNTRY_ID ? folded.replace(/[-\s]/g, '') : folded;
}

/** The country-independent part of normaliseZipcode; the address schemas finish it once the country is known. */
const zipcode = stringType()
  .overwrite((v) => normaliseZipcode(v))
  .max(10, { error: 'too_long' })
  .refine((v) => v === '' || /^[0-9A-Za-z\- ]{2,10}$/.test(v), { error: 'zipcode_invalid' });

/** Finishes the zip code of an address payload for its country (normaliseZipcode); other fields untouched. */
function zipcodeForCountry<T extends { zipcode: string; country_id?: number }>(v: T): T {
  return typeof v.zipcode === 'string' ? { ...v, zipcode: normaliseZipcode(v.zipcode, v.country_id) } : v;
}

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
  .strict()
  .overwrite(zipcodeForCountry);
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
  .strict()
  .overwrite(zipcodeForCountry);
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

/** POST /address/zipcode: a Japanese postal code, typed as members do ('150-0001', full width), as 7 digits. */
export const zipcodeSchema = z
  .object({
    zipcode: z
      .string({ error: 'required' })
      .overwrite((v) => normaliseZipcode(v, JAPAN_COUNTRY_ID))
      .regex(JAPAN_ZIPCODE, { error: 'zipcode_invalid' }),
  })
  .strict();

/** '0' / '1' flags as the spec sends them. */
const flagSchema = z.enum(['0', '1']);

/** The Japanese address of a postal code; address.ts `zipcodeAddressSchema` is what POST /address/zipcode answers. */
export const zipcodeResultSchema = z.object({
  prefcode: z.string(),
  address1: z.string(), // prefecture name
  address2: z.string(), // city
  address3: z.string(), // town
});
export type ZipcodeResult = z.infer<typeof zipcodeResultSchema>;

/**
 * GET /user/point (what the header shows), and the answer of POST /user/login, /user/append, /user/google/login
 * and /user/google/create. A guest gets is_login '0', zeros, rank 0 and rank_name ''.
 */
export const currentUserSchema = z.object({
  is_login: flagSchema,
  point: z.number().int(), // gems
  coin: z.number(), // whole coins (coin_tenths / 10, one decimal)
  coin_tenths: z.number().int(),
  rank: z.number().int(), // rank image id 1–5; 0 for a guest
  rank_name: z.string(),
  lang: z.enum(['en', 'ja']),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /user/detail. Money fields are gems. */
export const userDetailSchema = z.object({
  id: z.number().int(),
  lastName: z.string(),
  middleName: z.string(),
  firstName: z.string(),
  tel: z.string(),
  mail: z.string(),
  zipcode: z.string(),
  country: z.string(),
  pref_id: z.number().int().nullable(),
  shiku: z.string(),
  address: z.string(),
  building: z.string(),
  country_id: z.number().int().nullable(),
  country_name: z.string(),
  availablePoint: z.number().int(), // gem balance
  remaining_point: z.number().int(), // gems still to spend this month to reach the next rank (0 at the top rank)
  end_sms: flagSchema,
  /** '0' for a member who signed up with Google or Apple and never set a password (change_password). */
  has_password: flagSchema,
  referral_code: z.string(),
  rank: z.number().int(),
  rank_name: z.string(),
  rank_coin: z.number().int(), // whole coins to keep the current rank for next month (0 below Silver)
  rank_max_price: z.number().int(), // upper spend bound of the current rank: the full width of the rank bar
  rank_current_price: z.number().int(), // gems spent on gem packs this month (JST)
  /** The rank maintenance offer is open: this month's spend would drop the member next month. */
  is_rank_maintained: z.boolean(),
  next_month_name: z.string(),
  next_month: z.number().int(), // rank that this month's spend (or a paid maintenance) leads to
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** GET /user/has_register: '1' once, right after registration (the completion page). */
export const hasRegisterSchema = z.object({ is_user_register: flagSchema });
export type HasRegister = z.infer<typeof hasRegisterSchema>;

export const idNameSchema = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.infer<typeof idNameSchema>;

/** GET /user/pref_list (Japan's prefectures, without 99 overseas), GET /user/country. */
export const idNameListSchema = z.object({ list: z.array(idNameSchema) });
export type IdNameList = z.infer<typeof idNameListSchema>;

/** GET /user/country/check. A guest gets '0', '0'. */
export const countryCheckSchema = z.object({ is_login: flagSchema, is_country: flagSchema });
export type CountryCheck = z.infer<typeof countryCheckSchema>;

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
