import { z } from 'zod';
import { listQuerySchema, queryChoice } from './admin-list.ts';
import { flag, int, stringType, text } from './admin.ts';
import { pathId } from './path.ts';

/**
 * The staff console's members: search, the member page and its paged tabs, and the actions
 * on a member (gems, coins, suspension, sessions, SMS verification), each with a required reason that goes into
 * the audit row.
 *
 * Personal data (names, email address, phone number, postal address, a bank transfer's holder name) is answered
 * in full only to roles with the permission `members.pii`; every answer says which with `pii`. Without it names
 * read as their first letter and '***', the email address as its first letter, '***' and its domain, the phone
 * number as '*' but its last two digits, and the postal address and holder names as null; the search then
 * matches member numbers and referral codes only.
 *
 * Times are ISO instants (UTC); the console shows them in JST. Coins are integer tenths (`*_tenths`).
 */

const pageParam = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .optional()
  .catch(undefined);

/** Paged answers: 1-based `page` (clamped to the last), `all_page` pages of `per_page`, `total` rows. */
const paging = {
  page: z.number().int(),
  all_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
};

/** A staff write's reason: required, kept in the audit row (and shown to staff, never to the member). */
const reason = text(500, 1);

/**
 * A value-moving action's request id, made once per submit by the console and sent again on a retry: the same
 * id twice changes the balance once (the second answers `applied: false`).
 */
export const adminRequestId = stringType().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'invalid' });

// --- search ---

/** The members list's orders: newest first unless asked. */
export const memberSorts = ['id', 'created_at', 'rank', 'coins'] as const;
/** The members list's state filter: as the console's badges show a member. */
export const memberStates = ['active', 'suspended', 'anonymised'] as const;

/**
 * GET /api/admin/members?q&sort&dir&page&per&state&sms&rank (a console list, admin-list.ts): members matching `q`,
 * newest first unless sorted; no `q` lists every member. With `members.pii`, `q` matches the member number
 * (digits, an optional leading '#'), the referral code (exact, any case), the email address (part of it), the phone
 * number (its digits, from 4, in part) and the names (part of last, middle, first, or "last first"); without it,
 * the member number and the referral code only. `state` is one of memberStates, `sms` done or not, `rank` 1–5.
 */
export const adminMemberSearchQuerySchema = listQuerySchema(memberSorts, {
  state: queryChoice(memberStates),
  sms: queryChoice(['done', 'not']),
  rank: queryChoice(['1', '2', '3', '4', '5']),
});
export type AdminMemberSearchQuery = z.infer<typeof adminMemberSearchQuerySchema>;

export const adminMemberRowSchema = z.object({
  id: z.number().int(),
  /** Full, or masked without `members.pii`. */
  mail: z.string(),
  /** "Last Middle First" (empty parts left out), or masked. */
  name: z.string(),
  /** Full, or masked. */
  tel: z.string(),
  referral_code: z.string(),
  /** The rank that applies this month (1 White … 5 Rainbow). */
  rank: z.number().int(),
  /** Unexpired gems now. */
  gems: z.number().int(),
  coin_tenths: z.number().int(),
  /** SMS verification done. */
  end_sms: z.boolean(),
  suspended_at: z.string().nullable(),
  /** Personal data erased by the inactivity rule. */
  anonymised_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminMemberRow = z.infer<typeof adminMemberRowSchema>;

export const adminMemberListSchema = z.object({
  list: z.array(adminMemberRowSchema),
  ...paging,
  /** Whether personal data is answered in full (the role has `members.pii`). */
  pii: z.boolean(),
});

// --- the member page ---

const wonItemCounts = z.object({
  unselected: z.number().int(),
  ship: z.number().int(),
  convert: z.number().int(),
  shipped: z.number().int(),
});

/** GET /api/admin/members/{id}: the profile, balances and the short lists; the long ones are paged tabs below. */
export const adminMemberDetailSchema = z.object({
  pii: z.boolean(),
  member: z.object({
    id: z.number().int(),
    mail: z.string(),
    last_name: z.string(),
    middle_name: z.string(),
    first_name: z.string(),
    tel: z.string(),
    /** The language of the member's emails and SMS. */
    lang: z.string(),
    referral_code: z.string(),
    has_password: z.boolean(),
    google_linked: z.boolean(),
    apple_linked: z.boolean(),
    end_sms: z.boolean(),
    /** The phone number claimed by the member's SMS verification (E.164; masked without pii), if any. */
    verified_phone: z.string().nullable(),
    rank: z.number().int(),
    /** 'YYYY-MM' for which the member paid coins to keep their rank. */
    rank_maintained_month: z.string().nullable(),
    gems: z.number().int(),
    /** The soonest expiry among the unexpired lots, and the gems expiring then. */
    next_gem_expiry: z.object({ at: z.string(), gems: z.number().int() }).nullable(),
    coin_tenths: z.number().int(),
    /** Gems paid below the next 100 that count towards the next coin award. */
    coin_carry_gems: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    last_gem_use_at: z.string().nullable(),
    inactivity_notice_at: z.string().nullable(),
    anonymised_at: z.string().nullable(),
    suspended_at: z.string().nullable(),
    suspended_reason: z.string().nullable(),
  }),
  /** The postal address (null without pii, or when the member has given none). */
  address: z
    .object({
      country_id: z.number().int().nullable(),
      country_name_en: z.string(),
      country_name_ja: z.string(),
      zipcode: z.string(),
      /** 1–47 Japan, 99 overseas. */
      pref_id: z.number().int().nullable(),
      /** The prefecture or state as the member wrote it. */
      pref_text: z.string(),
      shiku: z.string(),
      address: z.string(),
      building: z.string(),
    })
    .nullable(),
  /** The rank of each month (fixed at the monthly rollover), newest first, up to 24. */
  ranks: z.array(
    z.object({
      month: z.string(),
      rank: z.number().int(),
      /** Gems paid for gem packs in the month before. */
      spend: z.number().int(),
      how: z.enum(['spend', 'maintained']),
      created_at: z.string(),
    }),
  ),
  referral: z.object({
    /** Who referred this member. */
    referred_by: z.object({ id: z.number().int(), referral_code: z.string() }).nullable(),
    /** The 1,000-gem reward of that pair, once paid. */
    reward: z.object({ amount: z.number().int(), created_at: z.string() }).nullable(),
    /** Members this member referred, newest first (up to 100 of `referred_total`). */
    referred: z.array(
      z.object({
        id: z.number().int(),
        referral_code: z.string(),
        created_at: z.string(),
        rewarded: z.boolean(),
      }),
    ),
    referred_total: z.number().int(),
  }),
  /** Coupons the member used, newest first. */
  coupons: z.array(
    z.object({
      coupon_id: z.number().int(),
      code: z.string(),
      kind: z.enum(['gems', 'unlock']),
      gems: z.number().int(),
      used_at: z.string(),
    }),
  ),
  /** The member's live sessions (never their ids), most recently seen first. */
  sessions: z.array(
    z.object({
      created_at: z.string(),
      /** The last request (refreshed every few minutes). */
      last_seen_at: z.string().nullable(),
      expires_at: z.string(),
      /** "Remember me". */
      persistent: z.boolean(),
    }),
  ),
  counts: z.object({
    purchases: z.number().int(),
    payments: z.number().int(),
    live_gem_lots: z.number().int(),
    items: wonItemCounts,
    open_shipments: z.number().int(),
  }),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;

/** GET /api/admin/members/{id}/gem-lots?state&page: `live` (default) unexpired lots with gems, soonest expiry first; `all` every lot, newest first. */
export const adminGemLotsQuerySchema = z.object({
  state: z.enum(['live', 'all']).catch('live'),
  page: pageParam,
});
export const adminGemLotListSchema = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['paid', 'bonus']),
      /** purchase, conversion, referral, post_reward, coupon, free_grant, transfer, admin */
      source: z.string(),
      amount: z.number().int(),
      remaining: z.number().int(),
      awarded_at: z.string(),
      expires_at: z.string(),
      expired: z.boolean(),
    }),
  ),
  ...paging,
});

/** GET /api/admin/members/{id}/gem-ledger?page and …/coin-ledger?page: the ledgers, newest first. */
export const adminLedgerQuerySchema = z.object({ page: pageParam });
export const adminGemLedgerSchema = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      delta: z.number().int(),
      /** gem_purchase, pack_purchase, conversion, auto_conversion, expired, admin, admin_deduction, … */
      reason: z.string(),
      /** What caused it: 'purchase:12', 'payment:3', 'won_item:9', 'lot:4', 'admin:req-…', … */
      reference: z.string().nullable(),
      balance_after: z.number().int(),
      created_at: z.string(),
    }),
  ),
  ...paging,
});
export const adminCoinLedgerSchema = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      delta_tenths: z.number().int(),
      reason: z.string(),
      reference: z.string().nullable(),
      balance_after_tenths: z.number().int(),
      created_at: z.string(),
    }),
  ),
  ...paging,
});

/** GET /api/admin/members/{id}/purchases?page: pack purchases, newest first, with their lot positions. */
export const adminMemberPurchasesQuerySchema = z.object({ page: pageParam });
export const adminMemberPurchaseListSchema = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      pack_id: z.number().int(),
      pack_name_en: z.string(),
      pack_name_ja: z.string(),
      count: z.number().int(),
      /** The purchase owns the lot positions first_position … last_position (0-based, inclusive). */
      first_position: z.number().int(),
      last_position: z.number().int(),
      currency: z.enum(['gem', 'coin']),
      /** Before the rank discount (gems, or whole coins). */
      base_price: z.number().int(),
      discount_percent: z.number().int(),
      price_paid: z.number().int(),
      coin_earned_tenths: z.number().int(),
      created_at: z.string(),
      /** Its won items by state (the last-one prize included). */
      items: wonItemCounts,
    }),
  ),
  ...paging,
});

export const wonItemStatuses = ['unselected', 'ship', 'convert', 'shipped'] as const;

/** GET /api/admin/members/{id}/items?status&page: won items, newest first; `status` filters. */
export const adminMemberItemsQuerySchema = z.object({
  status: z.enum(wonItemStatuses).optional().catch(undefined),
  page: pageParam,
});
export const adminMemberItemListSchema = z.object({
  list: z.array(
    z.object({
      /** The spec's history_id. */
      id: z.number().int(),
      purchase_id: z.number().int(),
      pack_id: z.number().int(),
      card_id: z.number().int(),
      card_name_en: z.string(),
      card_name_ja: z.string(),
      rarity: z.number().int(),
      /** Its lot position; null for a last-one prize. */
      position: z.number().int().nullable(),
      is_last_one: z.boolean(),
      /** '2' = shipping only. */
      action_type: z.enum(['0', '2']),
      buy_point: z.number().int(),
      status: z.enum(wonItemStatuses),
      decided_at: z.string().nullable(),
      decided_by: z.enum(['member', 'sweep']).nullable(),
      shipment_id: z.number().int().nullable(),
      shipment_status: z.enum(['open', 'shipped']).nullable(),
      delivery_code: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  ...paging,
});

/** GET /api/admin/members/{id}/payments?page: the member's gem purchases (payment intents), newest first. */
export const adminMemberPaymentsQuerySchema = z.object({ page: pageParam });
export const adminMemberPaymentListSchema = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      public_id: z.string(),
      /** card, combini, paypal, bank, amazon_pay, carrier, unionpay, alipay */
      method: z.string(),
      provider: z.string(),
      amount_yen: z.number().int(),
      gems: z.number().int(),
      status: z.enum(['pending', 'succeeded', 'failed', 'canceled', 'expired']),
      provider_ref: z.string().nullable(),
      /** A bank transfer's katakana holder name (null without pii). */
      holder_name: z.string().nullable(),
      failure_code: z.string().nullable(),
      /** Whether its gems were credited (once). */
      credited: z.boolean(),
      created_at: z.string(),
      settled_at: z.string().nullable(),
      expires_at: z.string(),
    }),
  ),
  ...paging,
});

// --- actions (permission members.write); each leaves one audit row with the reason ---

/**
 * POST /api/admin/members/{id}/gems/grant {amount, reason, request_id}: a bonus gem lot of source 'admin'
 * (valid 6 months) with its ledger row (reason 'admin'). POST …/gems/deduct: a spend through the ledger
 * (reason 'admin_deduction'), oldest-expiring lots first; refused (409, errors.amount admin_deduct_exceeds) when
 * the unexpired balance does not cover it, so a balance never goes below zero.
 */
export const adminGemChangeSchema = z
  .object({ amount: int(1, 1_000_000), reason, request_id: adminRequestId })
  .strict();

/**
 * POST /api/admin/members/{id}/coins/grant {tenths, reason, request_id} and …/coins/deduct: coins in tenths
 * (10 = 1 coin), through the coins ledger (reasons 'admin' and 'admin_deduction'); a deduction never takes the
 * balance below zero (409, errors.tenths admin_deduct_exceeds).
 */
export const adminCoinChangeSchema = z
  .object({ tenths: int(1, 10_000_000), reason, request_id: adminRequestId })
  .strict();

/** The answer of a grant or deduction. */
export const adminBalanceChangeSchema = z.object({
  /** False when this request id was applied already (nothing changed this time). */
  applied: z.boolean(),
  /** The balance after: gems, or coin tenths. */
  balance: z.number().int(),
});

/**
 * POST /api/admin/members/{id}/suspend {reason}: the member can no longer sign in (password, Google, Apple), buy
 * gems or packs, decide won items, exchange or transfer points; their sessions end now; their items, gems and
 * coins stay. POST …/unsuspend {reason} lifts it. POST …/sessions/end {reason} signs the member out everywhere.
 */
export const adminReasonSchema = z.object({ reason }).strict();

export const adminSuspensionSchema = z.object({
  /** False when the member was so already (nothing changed, no audit row). */
  changed: z.boolean(),
  suspended_at: z.string().nullable(),
  /** Sessions ended by this call. */
  sessions_ended: z.number().int(),
});

export const adminSessionsEndedSchema = z.object({ sessions_ended: z.number().int() });

/**
 * POST /api/admin/members/{id}/sms/reset {reason, release_phone}: the member verifies a phone number again
 * (end_sms back to 0; the number stays theirs until a new one is verified). `release_phone: 1` also frees the
 * number they verified, so another account may verify it (a number the carrier gave to someone else).
 */
export const adminSmsResetSchema = z.object({ reason, release_phone: flag.default(0) }).strict();
export const adminSmsResetResultSchema = z.object({
  /** False when the member had not verified (nothing changed). */
  changed: z.boolean(),
  released_phone: z.boolean(),
});

/** A member named in the path (`/admin/members/{id}/…`). */
export const adminMemberParamsSchema = z.object({ id: pathId('member_not_found') });
