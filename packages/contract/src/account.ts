import { z } from 'zod';
import { mailSchema, passwordSchema, telSchema } from './user.ts';

/**
 * Member account calls (spec §7 User and session, coupon calls): password reissue, change password,
 * SMS verification, referral code, Google/Apple sign-in, coupons, and the dev outbox. Payloads are strict: an
 * unknown field is a 400. Error messages are catalogue keys (messages.ts).
 */

/** Missing → 'required', any other non-string → 'invalid'. */
const stringType = () => z.string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid') });

/** Spec §5: the reissue verification code is at most 20 characters. */
export const RESET_CODE_MAX = 20;
/** Spec §5: the SMS code is 6 characters (digits). */
export const SMS_CODE_LENGTH = 6;
/** DOMAIN.md: both sides of a referral get this many bonus gems, once per pair. */
export const REFERRAL_REWARD_GEMS = 1000;
/** DOMAIN.md: the referred member must have bought at least this many gems in total. */
export const REFERRAL_MIN_PURCHASE_GEMS = 1000;

/** POST /user/create_onetime_reset_password. The answer is the same whether or not the address exists. */
export const createResetCodeSchema = z.object({ mail: mailSchema }).strict();
export type CreateResetCodeInput = z.input<typeof createResetCodeSchema>;

/**
 * POST /user/reset_password. Spaces and hyphens are ignored and letters may be typed in either case (the
 * code is mailed as XXXX-XXXX).
 */
export const resetPasswordSchema = z
  .object({
    code: stringType()
      .trim()
      .min(1, { error: 'required' })
      .max(RESET_CODE_MAX, { error: 'too_long' })
      .transform((v) => v.replace(/[\s-]/g, '').toUpperCase()),
  })
  .strict();
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/**
 * POST /user/change_password. Errors of both new-password fields are reported under `pass` (spec §5).
 * `currentPass` is required from members who have a password (a borrowed session must not take the
 * account); members who signed up with Google or Apple leave it out and must have logged in within
 * CHANGE_PASSWORD_FRESH_MINUTES instead.
 */
export const CHANGE_PASSWORD_FRESH_MINUTES = 10;
export const changePasswordSchema = z
  .object({
    currentPass: stringType().max(100, { error: 'too_long' }).optional(),
    pass: passwordSchema,
    confirmPass: stringType().max(100, { error: 'too_long' }),
  })
  .strict();
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /user/send_sms. Errors are reported under `user_id` (spec §8: the popup alerts errors.user_id). */
export const sendSmsSchema = z.object({ tel: telSchema.min(1, { error: 'required' }) }).strict();
export type SendSmsInput = z.input<typeof sendSmsSchema>;

/** POST /user/check_sms. */
export const checkSmsSchema = z
  .object({
    sms_code: stringType()
      .trim()
      .min(1, { error: 'required' })
      .max(SMS_CODE_LENGTH, { error: 'sms_code_format' })
      .regex(/^\d{6}$/, { error: 'sms_code_format' }),
  })
  .strict();
export type CheckSmsInput = z.input<typeof checkSmsSchema>;

/** POST /user/set_referral_code. Empty → 'Please enter a referral code.' under errors.referral_code. */
export const setReferralCodeSchema = z
  .object({
    referralCode: z
      .string({ error: (iss) => (iss.input === undefined ? 'referral_required' : 'invalid') })
      .trim()
      .max(32, { error: 'too_long' })
      .min(1, { error: 'referral_required' })
      .transform((v) => v.toUpperCase()),
  })
  .strict();
export type SetReferralCodeInput = z.input<typeof setReferralCodeSchema>;

const idToken = () => stringType().min(1, { error: 'required' }).max(8192, { error: 'too_long' });

/** POST /user/google/login: a Google ID token (Google Identity Services). */
export const googleLoginSchema = z.object({ token: idToken() }).strict();
export type GoogleLoginInput = z.input<typeof googleLoginSchema>;

/** POST /user/google/create: the ID token and an optional referral code (errors.referral_code when unknown). */
export const googleCreateSchema = z
  .object({
    token: idToken(),
    referralCode: stringType()
      .trim()
      .max(32, { error: 'too_long' })
      .transform((v) => v.toUpperCase())
      .optional(),
  })
  .strict();
export type GoogleCreateInput = z.input<typeof googleCreateSchema>;

/** POST /user/coupon/use. */
export const couponUseSchema = z
  .object({
    couponCode: stringType()
      .trim()
      .min(1, { error: 'required' })
      .max(64, { error: 'too_long' })
      .transform((v) => v.toUpperCase()),
  })
  .strict();
export type CouponUseInput = z.input<typeof couponUseSchema>;

/**
 * Answer of POST /user/coupon/use (spec §4): `error` '' is success (→ /buy-point), else the text to show (in the
 * member's language; still state 200). On success a gems coupon names `granted_gems`, an unlock coupon
 * `unlocked_point_price_ids`.
 */
export const couponUseResultSchema = z.object({
  error: z.string(),
  granted_gems: z.number().int().optional(),
  unlocked_point_price_ids: z.array(z.number().int()).optional(),
});
export type CouponUseResult = z.infer<typeof couponUseResultSchema>;

/**
 * Answer of POST /user/create_onetime_reset_password, /user/reset_password and /user/change_password: the text
 * to show, in the member's language.
 */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** Answer of POST /user/set_referral_code: whether the pair's reward was paid at once (the member qualified). */
export const setReferralCodeResultSchema = z.object({ rewarded: z.boolean() });
export type SetReferralCodeResult = z.infer<typeof setReferralCodeResultSchema>;

/**
 * Where the browser lands after a Google/Apple redirect sign-in (GET /api/user/google/login[?create=1],
 * /api/user/apple/login, /api/user/apple/create, optional packId and referralCode). Success goes to
 * /pack-detail?packId={packId} when a packId was given, otherwise to /.
 *
 * - `/login?login_error=1`: Google sign-in refused (state/nonce mismatch, bad or expired token, unknown
 *   issuer, cancelled) → 'login_mismatch'.
 * - `/login?login_error=2`: Google or Apple account not registered yet → 'social_not_registered'.
 * - `/login?Apple=1`: Apple sign-in refused → 'login_mismatch' (spec §2: the Apple flag shows the mismatch message).
 * - `/user-register?google=1`: Google registration refused → 'login_mismatch'.
 * - `/user-register?google=3`: Google account already registered → 'already_registered', then /login.
 * - `/user-register?apple=1` (link failed), `=2` (no email from Apple: remove the link in the Apple ID settings
 *   and retry), `=3` (already registered → /login): spec §4 Apple register flags.
 */
export const SIGN_IN_REDIRECTS = {
  googleLoginFailed: '/login?login_error=1',
  notRegistered: '/login?login_error=2',
  /** The member is suspended by staff. */
  suspended: '/login?login_error=3',
  appleLoginFailed: '/login?Apple=1',
  googleCreateFailed: '/user-register?google=1',
  googleAlreadyRegistered: '/user-register?google=3',
  appleCreateFailed: '/user-register?apple=1',
  appleUnlinkRetry: '/user-register?apple=2',
  appleAlreadyRegistered: '/user-register?apple=3',
} as const;

/** The catalogue key the web shows for each redirect flag. */
export const SIGN_IN_FLAG_MESSAGES = {
  login_error: { '1': 'login_mismatch', '2': 'social_not_registered', '3': 'account_suspended' },
  Apple: { '1': 'login_mismatch' },
  google: { '1': 'login_mismatch', '3': 'already_registered' },
  apple: { '1': 'apple_link_failed', '2': 'apple_unlink_retry', '3': 'already_registered' },
} as const;

/** A message of the dev outbox. `created_at` is ISO UTC. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The one-time code or temporary password the message carries, if any. */
  code: z.string().nullable(),
  kind: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /api/dev/outbox (development and demo only): the newest messages first. */
export const outboxListSchema = z.object({ list: z.array(outboxMessageSchema) });
export type OutboxList = z.infer<typeof outboxListSchema>;
