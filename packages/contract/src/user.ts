import { z } from 'zod';

/**
 * User and session calls (spec §7). Error messages are catalogue keys (messages.ts); the server turns them
 * into text in the member's language. Payloads are strict: an unknown field is a 400.
 */

export const JAPAN_COUNTRY_ID = 392; // ISO 3166-1 numeric, as every country id
export const OVERSEAS_PREF_ID = 99;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

const text = (max: number) => z.string({ error: 'invalid' }).trim().max(max, { error: 'too_long' });
const requiredText = (max: number) => text(max).min(1, { error: 'required' });

export const mailSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'too_long' })
  .pipe(z.email({ error: 'mail_invalid' }));

/** Spec §5: "6 to 20 half-width alphanumerics" — symbols are accepted too (printable ASCII, no spaces). */
export const passwordSchema = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .regex(/^[\x21-\x7e]{6,20}$/, { error: 'pass_format' });

export const telSchema = z
  .string({ error: 'invalid' })
  .trim()
  .max(20, { error: 'too_long' })
  .refine((v) => v === '' || /^\+?[0-9][0-9\- ]{8,18}[0-9]$/.test(v), { error: 'tel_invalid' })
  .refine((v) => v === '' || (v.replace(/\D/g, '').length >= 10 && v.replace(/\D/g, '').length <= 15), {
    error: 'tel_invalid',
  });

const zipcode = text(10).refine((v) => v === '' || /^[0-9A-Za-z\- ]{2,10}$/.test(v), {
  error: 'zipcode_invalid',
});
const idLike = z.union([z.number(), z.string()], { error: 'invalid' });

/** Address fields shared by registration and address registration. */
const addressShape = {
  tel: telSchema,
  zipcode,
  country: text(100), // prefecture / state as text
  pref_id: idLike.optional(),
  shiku: text(100),
  address: text(200),
  building: text(200),
  referralCode: text(32).optional(),
  country_id: idLike.optional(),
};

export const registrationSchema = z
  .object({
    lastName: requiredText(50),
    middleName: text(50).default(''),
    firstName: requiredText(50),
    mail: mailSchema,
    pass: passwordSchema,
    confirmPass: z.string({ error: 'required' }).max(100, { error: 'too_long' }),
    ...addressShape,
  })
  .strict();
export type RegistrationInput = z.input<typeof registrationSchema>;

export const appendAddressSchema = z.object(addressShape).strict();
export type AppendAddressInput = z.input<typeof appendAddressSchema>;

export const loginSchema = z
  .object({
    mail: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(254, { error: 'too_long' }),
    pass: z.string({ error: 'required' }).min(1, { error: 'required' }).max(100, { error: 'too_long' }),
    save_cookie: z.enum(['0', '1', ''], { error: 'invalid' }).optional(),
  })
  .strict();
export type LoginInput = z.input<typeof loginSchema>;

export const changeUserInformationSchema = z.object({ country_id: idLike }).strict();

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

/** GET /user/detail. */
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
  availablePoint: number;
  remaining_point: number;
  end_sms: '0' | '1';
  referral_code: string;
  rank: number;
  rank_name: string;
  rank_coin: number;
  rank_max_price: number;
  rank_current_price: number;
  is_rank_maintained: boolean;
  next_month_name: string;
  next_month: number;
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
