import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { pageInfoSchema } from './paging.ts';
import { pathId, pathPage, queryId, queryPaymentId } from './path.ts';

/**
 * Gem purchase and histories (spec §3 Point price, Pay method, Payment ids, Bank info, Point history item,
 * Point end result; §4 Gem purchase, Free grant; §5 card inputs; §7 Gem purchase and histories; §8 payment
 * messages and card tokenizer codes). Payloads are strict: an unknown field is a 400. Error messages are
 * catalogue keys (messages.ts).
 */

/** Purchase range per payment (spec §1, §9). */
export const MIN_PURCHASE_GEMS = 300;
export const MAX_PURCHASE_GEMS = 50_000;
/** A point price course with this rate is a free grant (POST /user/coupon/point/present), never sold. */
export const FREE_GRANT_RATE = '100';

// --- payment methods (spec §3 Payment ids) --------------------------------------------------------------

export const payMethodKeySchema = z.enum([
  'card',
  'combini',
  'paypal',
  'bank',
  'amazon_pay',
  'carrier',
  'unionpay',
  'alipay',
]);
export type PayMethodKey = z.infer<typeof payMethodKeySchema>;

export type Carrier = 'docomo' | 'au' | 'softbank';

export interface PayMethodInfo {
  id: number;
  key: PayMethodKey;
  /** Carrier billing: the spec leaves 6, 7 and 8 open; here they are the three Japanese carriers. */
  carrier?: Carrier;
  name: { en: string; ja: string };
  memo: { en: string; ja: string };
}

/** Every payment id, in display order. 6–8 (not shown in the spec) are carrier billing per carrier. */
export const PAY_METHODS: readonly PayMethodInfo[] = [
  {
    id: 1,
    key: 'card',
    name: { en: 'Credit card', ja: 'クレジットカード' },
    memo: {
      en: 'Visa, Mastercard, JCB, American Express and Diners Club. Gems are added at once.',
      ja: 'Visa・Mastercard・JCB・American Express・Diners Clubがご利用いただけます。ジェムはすぐに付与されます。',
    },
  },
  {
    id: 2,
    key: 'combini',
    name: { en: 'Convenience store', ja: 'コンビニ決済' },
    memo: {
      en: 'Pay at a convenience store within 3 days. Gems are added once the payment is confirmed.',
      ja: '3日以内にコンビニでお支払いください。入金確認後にジェムが付与されます。',
    },
  },
  {
    id: 3,
    key: 'paypal',
    name: { en: 'PayPal', ja: 'PayPal' },
    memo: { en: 'Pay with your PayPal account.', ja: 'PayPalアカウントでお支払いいただけます。' },
  },
  {
    id: 4,
    key: 'bank',
    name: { en: 'Bank transfer', ja: '銀行振込' },
    memo: {
      en: 'Transfer within 3 days in the account holder name you enter (katakana). Gems are added once the transfer is confirmed.',
      ja: '3日以内に、入力した振込名義（カタカナ）でお振込みください。入金確認後にジェムが付与されます。',
    },
  },
  {
    id: 5,
    key: 'amazon_pay',
    name: { en: 'Amazon Pay', ja: 'Amazon Pay' },
    memo: {
      en: 'Pay with the payment details of your Amazon account.',
      ja: 'Amazonアカウントのお支払い情報でお支払いいただけます。',
    },
  },
  {
    id: 6,
    key: 'carrier',
    carrier: 'docomo',
    name: { en: 'docomo carrier billing', ja: 'ドコモ払い' },
    memo: {
      en: 'Added to your docomo phone bill.',
      ja: 'ドコモの携帯電話料金と合わせてお支払いいただけます。',
    },
  },
  {
    id: 7,
    key: 'carrier',
    carrier: 'au',
    name: { en: 'au Easy Payment', ja: 'auかんたん決済' },
    memo: { en: 'Added to your au phone bill.', ja: 'auの携帯電話料金と合わせてお支払いいただけます。' },
  },
  {
    id: 8,
    key: 'carrier',
    carrier: 'softbank',
    name: { en: 'SoftBank carrier billing', ja: 'ソフトバンクまとめて支払い' },
    memo: {
      en: 'Added to your SoftBank phone bill.',
      ja: 'ソフトバンクの携帯電話料金と合わせてお支払いいただけます。',
    },
  },
  {
    id: 10,
    key: 'unionpay',
    name: { en: 'UnionPay', ja: '銀聯（UnionPay）' },
    memo: { en: 'Pay with a UnionPay card.', ja: '銀聯カードでお支払いいただけます。' },
  },
  {
    id: 11,
    key: 'alipay',
    name: { en: 'Alipay', ja: 'アリペイ（Alipay）' },
    memo: { en: 'Pay with your Alipay account.', ja: 'Alipayアカウントでお支払いいただけます。' },
  },
];

/**
 * Methods that work only from Japan: a convenience store there, a Japanese bank account, a Japanese phone
 * contract. Offered to every member, each marked so: a member abroad may still have one.
 */
export const JAPAN_ONLY_METHODS: readonly PayMethodKey[] = ['combini', 'bank', 'carrier'];

export const PAY_IDS: readonly number[] = PAY_METHODS.map((m) => m.id);
export function payMethod(id: number): PayMethodInfo | undefined {
  return PAY_METHODS.find((m) => m.id === id);
}

/** The failure message of each method when nothing more specific is known (spec §8), on server and web. */
export const METHOD_FAILURE_KEYS: Record<PayMethodKey, MessageKey> = {
  card: 'payment_failed_card',
  combini: 'payment_failed_other',
  bank: 'payment_failed_other',
  paypal: 'payment_failed_paypal',
  amazon_pay: 'payment_failed_amazon',
  unionpay: 'payment_failed_unionpay',
  alipay: 'payment_failed_alipay',
  carrier: 'payment_failed_carrier',
};

/** Convenience store chains (combini_code; spec: default econ). econ = Lawson, FamilyMart, Ministop, Seicomart. */
export const COMBINI_CODES = ['econ', 'sej', 'other'] as const;
export type CombiniCode = (typeof COMBINI_CODES)[number];

// --- payloads -------------------------------------------------------------------------------------------

const MAX_ID = 2_147_483_647;
const typeError = (iss: { input: unknown }) => (iss.input === undefined ? 'required' : 'invalid');
const positiveId = z
  .int({ error: typeError })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });
/** An id as a number or a string of digits. */
const id = z.union(
  [
    positiveId,
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .pipe(positiveId),
  ],
  {
    error: typeError,
  },
);
const text = (max: number) => z.string({ error: typeError }).max(max, { error: 'too_long' });
const flag = z.union([z.enum(['0', '1', '']), z.literal(0), z.literal(1), z.boolean()], { error: 'invalid' });

/**
 * Bank transfer holder name: full-width katakana (half-width is normalised), spaces allowed, at most 30
 * characters after normalising. The transfer is matched by this name and the amount (DOMAIN.md Payments).
 */
export function normaliseKatakanaName(v: string): string {
  return v.normalize('NFKC').replace(/\s+/g, ' ').trim();
}
export const KATAKANA_NAME = /^[\u30A1-\u30FA\u30FC\u30FB ]{1,30}$/;

/** POST /user/point/buy. The amount is never sent: it comes from the point price row. */
export const pointBuySchema = z
  .object({
    pay_id: z
      .union(
        [
          z.int(),
          z
            .string()
            .regex(/^\d{1,3}$/)
            .transform(Number),
        ],
        { error: typeError },
      )
      .pipe(z.int().refine((v) => PAY_IDS.includes(v), { error: 'pay_method_unavailable' })),
    pointPriceId: id,
    combini_code: z.enum(COMBINI_CODES, { error: 'invalid' }).optional(),
    /** Bank transfer: the holder name in katakana. */
    name: text(60).optional(),
    /** Card: the token from the tokenizer, req_card_number its masked number, card_user_name the holder. */
    token: text(255).optional(),
    req_card_number: text(32).optional(),
    card_user_name: text(20).optional(),
    /** Accepted for compatibility; cards are never stored by the shop. */
    card_save: flag.optional(),
    /** The pack the member came from (/buy-point?productId), echoed by GET /user/point/end as pack_id. */
    productId: z.union([id, z.literal('').transform(() => undefined)], { error: 'invalid' }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    // pay_id 1 without a token is a hosted card page (Stripe Checkout); whether that is on is the server's call
    if (v.pay_id === 4) {
      const name = normaliseKatakanaName(v.name ?? '');
      if (!name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'required' });
      else if (!KATAKANA_NAME.test(name))
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'bank_name_katakana' });
    }
  });
export type PointBuyInput = z.input<typeof pointBuySchema>;

/** POST /user/point/append: confirms a payment on return (token = payment_id). Idempotent. */
export const pointAppendSchema = z.object({ token: text(64).min(1, { error: 'required' }) }).strict();

/** POST /user/coupon/point/present: the free grant of a rate "100" course. */
export const pointPresentSchema = z.object({ pointPriceId: id }).strict();

/** A page in the path (`/user/point/list/{page}`, `/user/point_price/{page}`): absent, '' and 0 are the first. */
export const pageParamsSchema = z.object({ page: pathPage });

/** A gem course named in the path (`/user/point_price/detail/{id}`, `/user/set_checkout_session/{id}`). */
export const pointPriceParamsSchema = z.object({ id: pathId('point_price_not_found') });

/** `?pointPriceId=` of GET /user/pay_style: the chosen course, whose point and price each method shows. */
export const payStyleQuerySchema = z.object({ pointPriceId: queryId('point_price_not_found') });

/** `?payment_id=` of the pending-payment pages: the member's latest (pending) payment without one. */
export const paymentQuerySchema = z.object({ payment_id: queryPaymentId });

/** `?productId=` of GET /user/set_checkout_session/{id}: the pack the member came from. */
export const checkoutQuerySchema = z.object({ productId: queryId('invalid') });

/** The query Amazon Pay returns with (GET /user/get_checkout_session, /user/complete_checkout_session). */
export const checkoutSessionQuerySchema = z.object({
  amazonCheckoutSessionId: queryPaymentId,
  payment_id: queryPaymentId,
});

// --- answers --------------------------------------------------------------------------------------------

const flagSchema = z.enum(['0', '1']);

/**
 * Point price (spec §3). Yen are integers, dollars are cents. `discount` and `discount_doller` are the
 * campaign prices (10% off inside the spec §2 campaign window), null outside it; `pay_price` is what a
 * purchase charges now.
 */
export const pointPriceItemSchema = z.object({
  id: z.number().int(),
  point: z.number().int(),
  price: z.number().int(),
  doller: z.number().int(),
  discount: z.number().int().nullable(),
  discount_doller: z.number().int().nullable(),
  pay_price: z.number().int(),
  rate: z.string(),
  /** '1' for a free grant course (rate "100"). */
  is_free: flagSchema,
  modified: z.string(), // yy/mm/dd JST
});
export type PointPriceItem = z.infer<typeof pointPriceItemSchema>;

/**
 * The monthly exchange rate the dollar prices use: yen per dollar (not necessarily whole), effective from
 * 12:00 JST on the 1st.
 */
export const fxInfoSchema = z.object({
  fx_rate: z.number(),
  fx_date: z.string(), // yy/mm/dd JST of the 1st the rate took effect
});
export type FxInfo = z.infer<typeof fxInfoSchema>;

export const campaignInfoSchema = z.object({
  /** '1' while the campaign discount applies. */
  campaign: flagSchema,
  /** The discount of the campaign window shown (also before and after it); 0 = none announced. */
  campaign_percent: z.number().int(),
  campaign_start: z.string(), // 'YYYY-MM-DD HH:mm:ss' JST
  campaign_end: z.string(),
});
export type CampaignInfo = z.infer<typeof campaignInfoSchema>;

/** GET /user/point_price/{page} (also without the page, and /user/pointPrice/…): 20 courses a page. */
export const pointPriceListSchema = pageInfoSchema
  .extend(fxInfoSchema.shape)
  .extend(campaignInfoSchema.shape)
  .extend({ list: z.array(pointPriceItemSchema) });
export type PointPriceList = z.infer<typeof pointPriceListSchema>;

/** GET /user/point_price/detail/{id} (and /user/pointPrice/detail/{id}). */
export const pointPriceDetailSchema = fxInfoSchema
  .extend(campaignInfoSchema.shape)
  .extend({ detail: pointPriceItemSchema });
export type PointPriceDetail = z.infer<typeof pointPriceDetailSchema>;

/**
 * Answer of POST /user/coupon/point/present (and /user/coupon/pointPresent): the gems of the free grant.
 * Refusals are state 400 with result '0'.
 */
export const freeGrantResultSchema = z.object({ result: z.literal('1'), point: z.number().int() });
export type FreeGrantResult = z.infer<typeof freeGrantResultSchema>;

/** Pay method (spec §3): id, name, memo, plus point and price of the chosen course (?pointPriceId=). */
export const payStyleItemSchema = z.object({
  id: z.number().int(),
  key: payMethodKeySchema,
  name: z.string(),
  memo: z.string(),
  point: z.number().int().nullable(),
  price: z.number().int().nullable(),
});
export type PayStyleItem = z.infer<typeof payStyleItemSchema>;

/**
 * Where card data is entered: the sandbox tokenizer (the card form on /card-input posts to `url`), or Stripe
 * Checkout (`stripe_checkout`: /card-input shows no card form; POST /user/point/buy with pay_id 1 and no token
 * answers the hosted Checkout page's `url`, so card numbers never reach the shop), or none (card is off).
 */
export const cardTokenizerSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox'), url: z.string() }),
  z.object({ provider: z.literal('stripe_checkout') }),
  z.object({ provider: z.literal('none') }),
]);
export type CardTokenizer = z.infer<typeof cardTokenizerSchema>;

/** GET /user/pay_style?pointPriceId= (and /user/payStyle): the methods on offer, in display order. */
export const payStyleListSchema = z.object({
  list: z.array(payStyleItemSchema),
  card_tokenizer: cardTokenizerSchema,
  sandbox: flagSchema,
});
export type PayStyleList = z.infer<typeof payStyleListSchema>;

/** The account a bank transfer goes to (the shop's, or a virtual account of the provider). */
export const bankAccountSchema = z.object({
  bank: z.string(),
  branch: z.string(),
  account_type: z.string(),
  number: z.string(),
  name: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/**
 * Answer of POST /user/point/buy (spec §4 Gem purchase; the client checks in this order):
 * - result '1': paid, gems credited.
 * - result '7': 3-D Secure — go to `acs_url` (/api/acs/secure?payment_id=…).
 * - result '3', `url` starting with http(s): navigate there (PayPal, Amazon Pay, carrier billing, UnionPay,
 *   Alipay, a hosted card page).
 * - `payment_id` (result '2', pending): bank transfer (pay_id 4) goes to /bank-transfer-information when the
 *   answer carries `bank` (the account to pay into), else to /payge-transfer-information (the details are
 *   emailed); a convenience store payment goes to /confirm-combini, with or without `receipt_number`.
 * - result '0' with `isJp` true and `message`: the member's country is Japan; nothing was created or charged.
 * Every answer but isJp names the payment's `payment_id`, its gems (`point`) and yen (`price`).
 * Failures answer a non-200 state with `message` (and `errors.name` for the bank holder name).
 */
export const pointBuyResultSchema = z.object({
  result: z.enum(['0', '1', '2', '3', '7']),
  pay_id: z.number().int(),
  payment_id: z.string().optional(),
  url: z.string().optional(),
  acs_url: z.string().optional(),
  receipt_number: z.string().optional(),
  /** Bank transfer: the account to transfer to, when the provider gave one. */
  bank: bankAccountSchema.optional(),
  isJp: z.boolean().optional(),
  /** The gems and the yen of the payment. */
  point: z.number().int().optional(),
  price: z.number().int().optional(),
  /** With isJp: the text to show. */
  message: z.string().optional(),
});
export type PointBuyResult = z.infer<typeof pointBuyResultSchema>;

/**
 * GET /user/set_checkout_session/{pointPriceId}?productId= (and /user/setCheckoutSession/…): starts an Amazon
 * Pay payment; answers as POST /user/point/buy, plus the checkout session id once a payment exists.
 */
export const amazonCheckoutResultSchema = pointBuyResultSchema.extend({
  checkoutSessionId: z.string().nullable().optional(),
});
export type AmazonCheckoutResult = z.infer<typeof amazonCheckoutResultSchema>;

/**
 * GET /user/button_signature?payment_id= (and /user/buttonSignature; sandbox Amazon Pay only, else state 404):
 * the Amazon Pay button's signed payload for the member's pending Amazon Pay payment, and `url`, the button page.
 */
export const amazonButtonSignatureSchema = z.object({
  signature: z.string(),
  payloadJSON: z.string(),
  algorithm: z.string(),
  publicKeyId: z.string(),
  merchantId: z.string(),
  ledgerCurrency: z.string(),
  checkoutLanguage: z.enum(['ja_JP', 'en_US']),
  productType: z.string(),
  placement: z.string(),
  sandbox: z.literal('1'),
  payment_id: z.string(),
  url: z.string(),
});
export type AmazonButtonSignature = z.infer<typeof amazonButtonSignatureSchema>;

export const paymentStatusSchema = z.enum(['pending', 'succeeded', 'failed', 'canceled', 'expired']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * Point end result (spec §3), GET /user/point/end(?payment_id=): the member's latest (or given) payment. result
 * '1' = succeeded, '2' = still pending, '0' = failed / canceled / expired, or no payment at all (then status,
 * payment_id and pay_id are null, point and price 0); pack_id when the member came from a pack.
 */
export const pointEndResultSchema = z.object({
  result: z.enum(['0', '1', '2']),
  status: paymentStatusSchema.nullable(),
  payment_id: z.string().nullable(),
  pay_id: z.number().int().nullable(),
  point: z.number().int(),
  price: z.number().int(),
  pack_id: z.number().int().nullable(),
});
export type PointEndResult = z.infer<typeof pointEndResultSchema>;

/**
 * POST /user/point/append {token} (idempotent) and GET /user/complete_checkout_session (and
 * /user/completeCheckoutSession; back from Amazon Pay): the payment confirmed with its provider, as GET
 * /user/point/end answers it, with the failure's text in `message` when result is '0'.
 */
export const pointAppendResultSchema = pointEndResultSchema.extend({ message: z.string().optional() });
export type PointAppendResult = z.infer<typeof pointAppendResultSchema>;

/**
 * GET /user/get_checkout_session?amazonCheckoutSessionId=|payment_id= (and /user/getCheckoutSession): the
 * Amazon Pay payment as GET /user/point/end answers it, with the method's name and the checkout session id.
 */
export const amazonCheckoutSessionSchema = pointEndResultSchema.extend({
  payMethod: z.string(),
  checkoutSessionId: z.string().nullable(),
});
export type AmazonCheckoutSession = z.infer<typeof amazonCheckoutSessionSchema>;

/** GET /user/bank?payment_id= (Bank info, spec §3) for the member's pending bank transfer. */
export const bankInfoSchema = z.object({
  bank: z.string(),
  branch: z.string(),
  account_type: z.string(),
  number: z.string(),
  name: z.string(), // account holder (the shop)
  price: z.number().int(),
  holder_name: z.string(), // the member's katakana name the transfer must carry
  payment_id: z.string(),
  expires: z.string(), // 'YYYY-MM-DD HH:mm' JST
});
export type BankInfo = z.infer<typeof bankInfoSchema>;

/**
 * GET /user/point/combini_number?payment_id= (and /user/point/combiniNumber): the convenience store payment
 * page (`url`, '' when none) and slip number ('' when none) of the member's pending (or given) payment.
 */
export const combiniInfoSchema = z.object({
  url: z.string(),
  receipt_number: z.string(),
  payment_id: z.string(),
  price: z.number().int(),
  status: paymentStatusSchema,
  expires: z.string(), // 'YYYY-MM-DD HH:mm' JST
});
export type CombiniInfo = z.infer<typeof combiniInfoSchema>;

/** Point history item (spec §3): a gem ledger row. `money` is the yen paid for gem purchases, else 0. */
export const pointHistoryItemSchema = z.object({
  id: z.number().int(),
  bonusPoint: z.number().int(), // signed gems
  money: z.number().int(),
  created: z.string(), // yy/mm/dd JST
  memo: z.string(),
  history_id: z.number().int().nullable(),
  balance: z.number().int(),
});
export type PointHistoryItem = z.infer<typeof pointHistoryItemSchema>;

/** GET /user/point/list/{page} (also without the page): the gem ledger, 10 a page. */
export const pointHistoryListSchema = pageInfoSchema.extend({ list: z.array(pointHistoryItemSchema) });
export type PointHistoryList = z.infer<typeof pointHistoryListSchema>;

// --- card inputs (spec §5) and tokenizer codes (spec §8) ------------------------------------------------

/** Tokenizer codes of spec §8. */
export type TokenizerCode =
  '1300' | '1301' | '1400' | '1401' | '1500' | '1501' | '1502' | '1600' | '1601' | '1700' | '7001' | '8000';

/** The 'X is invalid' message of a tokenizer code; an unknown code gets the generic one. */
export function tokenizerMessageKey(code: string): MessageKey {
  switch (code) {
    case '1300':
    case '1301':
      return 'card_number_invalid';
    case '1400':
    case '1401':
    case '1500':
    case '1501':
    case '1502':
      return 'card_expire_invalid';
    case '1600':
    case '1601':
      return 'card_cvc_invalid';
    case '1700':
      return 'card_holder_invalid';
    case '8000':
      return 'card_maintenance';
    case '7001':
      return 'card_communication';
    default:
      return 'card_invalid';
  }
}

/** The tokenizer's input (spec §7): card_number, card_expire ('MM/YY', 'MMYY' or 'MM/YYYY'), security_code, cardholder_name. */
export interface CardTokenInput {
  card_number?: unknown;
  card_expire?: unknown;
  security_code?: unknown;
  cardholder_name?: unknown;
}

export const HOLDER_NAME_MAX = 20;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Checks card data the way the tokenizer does and returns the first failing code of spec §8 (null when all
 * is well). Numbers: 14–16 digits passing the Luhn check (spaces and hyphens ignored). Expiry: month 01–12,
 * a year within 20 years, not before the current month (Japan time). Security code: 3 or 4 digits.
 * Holder: 1–20 letters, spaces, periods, hyphens or apostrophes (as embossed).
 */
export function cardTokenizerCode(input: CardTokenInput, now: Date): TokenizerCode | null {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null);
  const number = str(input.card_number);
  if (!number) return '1300';
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{14,16}$/.test(digits) || !luhnValid(digits)) return '1301';

  const expire = str(input.card_expire);
  if (!expire) return '1400';
  const m = /^(\d{2})\/?(\d{2}|\d{4})$/.exec(expire);
  if (!m) return '1401';
  const month = Number(m[1]);
  if (month < 1 || month > 12) return '1500';
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const [nowYear, nowMonth] = jstYearMonth(now);
  if (year > nowYear + 20 || year < 2000) return '1501';
  if (year < nowYear || (year === nowYear && month < nowMonth)) return '1502';

  const cvc = str(input.security_code);
  if (!cvc) return '1600';
  if (!/^\d{3,4}$/.test(cvc)) return '1601';

  const holder = str(input.cardholder_name);
  if (!holder || holder.length > HOLDER_NAME_MAX || !/^[A-Za-z][A-Za-z .'-]*$/.test(holder)) return '1700';
  return null;
}

function jstYearMonth(now: Date): [number, number] {
  const jst = new Date(now.getTime() + 9 * 3600_000);
  return [jst.getUTCFullYear(), jst.getUTCMonth() + 1];
}

/**
 * The card-input form (/card-input, spec §5): number in four boxes of 4 digits, month (2), year (4),
 * security code (3 on this form), holder (max 20). Errors are catalogue keys per field, the tokenizer's
 * 'X is invalid' texts. `toTokenInput` turns valid fields into the tokenizer's input.
 */
export const cardFormSchema = z
  .object({
    number1: z.string({ error: 'card_number_invalid' }).regex(/^\d{4}$/, { error: 'card_number_invalid' }),
    number2: z.string({ error: 'card_number_invalid' }).regex(/^\d{4}$/, { error: 'card_number_invalid' }),
    number3: z.string({ error: 'card_number_invalid' }).regex(/^\d{4}$/, { error: 'card_number_invalid' }),
    number4: z.string({ error: 'card_number_invalid' }).regex(/^\d{4}$/, { error: 'card_number_invalid' }),
    expire_month: z
      .string({ error: 'card_expire_invalid' })
      .regex(/^(0[1-9]|1[0-2])$/, { error: 'card_expire_invalid' }),
    expire_year: z
      .string({ error: 'card_expire_invalid' })
      .regex(/^\d{4}$/, { error: 'card_expire_invalid' }),
    security_code: z.string({ error: 'card_cvc_invalid' }).regex(/^\d{3}$/, { error: 'card_cvc_invalid' }),
    holder: z
      .string({ error: 'card_holder_invalid' })
      .trim()
      .min(1, { error: 'card_holder_invalid' })
      .max(HOLDER_NAME_MAX, { error: 'card_holder_invalid' })
      .regex(/^[A-Za-z][A-Za-z .'-]*$/, { error: 'card_holder_invalid' }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!luhnValid(`${v.number1}${v.number2}${v.number3}${v.number4}`))
      ctx.addIssue({ code: 'custom', path: ['number1'], message: 'card_number_invalid' });
  });
export type CardFormInput = z.input<typeof cardFormSchema>;

export function toTokenInput(v: z.output<typeof cardFormSchema>): CardTokenInput {
  return {
    card_number: `${v.number1}${v.number2}${v.number3}${v.number4}`,
    card_expire: `${v.expire_month}/${v.expire_year.slice(2)}`,
    security_code: v.security_code,
    cardholder_name: v.holder,
  };
}

/**
 * Answer of the tokenizer (POST /sandbox-pay/token; plain JSON, not the API envelope): HTTP 200 with code
 * 'success', a single-use token and the masked number; or HTTP 400 (503 for 8000/7001) with a spec §8 code
 * (TokenizerCode) and its message.
 */
export const cardTokenSuccessSchema = z.object({
  code: z.literal('success'),
  token: z.string(),
  req_card_number: z.string(),
});
export const cardTokenFailureSchema = z.object({ code: z.string(), message: z.string() });
export const cardTokenResultSchema = z.union([cardTokenSuccessSchema, cardTokenFailureSchema]);
export type CardTokenResult = z.infer<typeof cardTokenResultSchema>;
