import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Times are ISO-8601 UTC strings on both dialects (see migrations/001). Booleans are 0/1 integers. */
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  mail: string; // stored lower-cased; unique
  pass_hash: string | null; // null for accounts created through Google/Apple only
  last_name: string;
  middle_name: string;
  first_name: string;
  tel: string;
  zipcode: string;
  pref_id: number | null; // 1–47 Japan, 99 overseas
  pref_text: string; // "country" field of the spec: the prefecture/state as text
  shiku: string;
  address: string;
  building: string;
  country_id: number | null;
  referral_code: string;
  referred_by: number | null;
  end_sms: Generated<number>;
  lang: Generated<string>;
  google_sub: string | null;
  apple_sub: string | null;
  coin_tenths: Generated<number>;
  coin_carry_gems: Generated<number>; // gems paid below the next 100 that carry to the next coin award
  rank: Generated<number>; // rank that applies this month (1–5), fixed at the monthly rollover
  rank_maintained_month: string | null; // 'YYYY-MM' for which the member paid to keep the rank
  last_gem_use_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  inactivity_notice_at: Generated<Timestamp | null>; // 6 months without a gem use: notice mailed (migration 005)
  anonymised_at: Generated<Timestamp | null>; // 30 days after the notice: gems voided, personal data erased
  suspended_at: Generated<Timestamp | null>; // suspended by staff (migration 015): no sign-in, no value moved
  suspended_reason: Generated<string | null>; // the staff's reason, shown in the console
}

export interface SessionsTable {
  id_hash: string; // sha256 of the cookie value; the raw id never touches the database
  user_id: number;
  persistent: number; // 1 = "Remember me" (30 days), 0 = browser session
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Generated<Timestamp | null>; // last request, refreshed at most every few minutes (migration 015)
}

export interface ThrottlesTable {
  key: string; // e.g. 'login:mail:a@b.c', 'login:ip:1.2.3.4'
  count: number;
  window_start: Timestamp;
  blocked_until: Timestamp | null;
}

export interface CountriesTable {
  id: number;
  code: string; // ISO 3166-1 alpha-2
  name_en: string;
  name_ja: string;
  sort: number;
}

export interface PrefecturesTable {
  id: number;
  name_en: string;
  name_ja: string;
}

export interface CardTypesTable {
  id: number; // spec tab ids: 2 Pokémon, 5 ONE PIECE, 1 Yu-Gi-Oh!, 999996 TCG MIX, 9999 Hobby, 999995 others
  name_en: string;
  name_ja: string;
  sort: number;
  /** 1: a tab on Top (migration 021). */
  top_tab: Generated<number>;
  /** 1: a tab at the exchange counter. */
  exchange_tab: Generated<number>;
}

export interface CardsTable {
  id: Generated<number>;
  card_type_id: number;
  name_en: string;
  name_ja: string;
  model_number: string;
  rarity: number; // 1–7
  rarity_label: string;
  image_url: string;
  conversion_value: Generated<number>; // gems: the default buy_point of its prizes
  ship_only: Generated<number>; // the default of its prizes
  customs_category: Generated<CustomsCategory>; // spec §9's declared-value table
}

export type CustomsCategory =
  'cards' | 'psa' | 'boxes' | 'unopened_packs' | 'toys' | 'capsule_toys' | 'electronics' | 'manga' | 'other';

export interface PacksTable {
  id: Generated<number>;
  card_type_id: number;
  name_en: string;
  name_ja: string;
  payment_method: number; // 1 gem, 2 coin
  point: number; // price per play, in gems or in whole coins
  total_pack_count: number;
  sold_count: Generated<number>; // next free lot position (0-based); remaining = total_pack_count - sold_count
  images: string; // JSON array of URLs
  banner_image: string;
  start_at: Timestamp;
  end_at: Timestamp | null;
  can_limit: Generated<number>;
  limit_count: Generated<number>;
  limit_message_en: Generated<string>;
  limit_message_ja: Generated<string>;
  max_buy_count: Generated<number>; // 0 = unlimited
  show_cardlist: Generated<number>;
  detail_en: Generated<string>; // sanitised HTML
  detail_ja: Generated<string>;
  movie_style: Generated<number>;
  seed: string | null; // hex, secret until sold out / ended
  commitment: string | null; // sha256 hex of seed ‖ canonical lot list, public from the start of sale
  sort: Generated<number>;
  created_at: Timestamp;
  paused_at: Generated<Timestamp | null>; // sale paused by staff (migration 014)
  odds_disclosure: Generated<string | null>; // JSON, fixed with the commitment at publishing (migration 018)
}

export interface PackPrizesTable {
  id: Generated<number>;
  pack_id: number;
  card_id: number;
  quantity: number; // lots of this prize in the pack
  buy_point: number; // gems if converted
  num: Generated<number>; // set size
  ship_only: Generated<number>;
  is_last_one: Generated<number>; // given with the final lot, not part of the shuffled sequence
}

/**
 * A pack's own opening videos (migration 006). `rarity` / `movie_style` null means any. `url` is
 * where the video is served: for an uploaded file kept in `data`, /media/packs/{pack_id}/videos/{id}.{ext}
 * (media-routes.ts); otherwise a same-origin path of a file served elsewhere.
 */
export interface PackVideosTable {
  id: Generated<number>;
  pack_id: number;
  rarity: number | null; // 1–7, null = any
  movie_style: number | null; // null = any
  url: string;
  content_type: Generated<string>;
  data: Buffer | null; // the uploaded file (bytea / blob), null when the url points elsewhere
  byte_size: Generated<number>;
  created_at: Timestamp;
}

export interface GemLotsTable {
  id: Generated<number>;
  user_id: number;
  kind: string; // 'paid' | 'bonus'
  source: string; // purchase, conversion, referral, post_reward, coupon, free_grant, transfer, admin
  amount: number;
  remaining: number;
  awarded_at: Timestamp;
  expires_at: Timestamp;
}

export interface GemLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  paid_delta: number; // the part of delta in paid gems (migration 022): the prepaid-balance report reads it
  reason: string;
  reference: string | null;
  balance_after: number;
  created_at: Timestamp;
}

export interface CoinLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta_tenths: number;
  reason: string;
  reference: string | null;
  balance_after_tenths: number;
  created_at: Timestamp;
}

export interface PointPricesTable {
  id: Generated<number>;
  point: number; // gems
  price: number; // yen, tax included
  rate: Generated<string>; // "100" = free grant course
  coupon_only: Generated<number>;
  sort: Generated<number>;
  modified: Timestamp;
  disabled: Generated<number>; // withdrawn by staff (kept for the payments that name it)
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface PackPurchasesTable {
  id: Generated<number>;
  user_id: number;
  pack_id: number;
  count: number;
  first_position: number; // the purchase owns lots [first_position, first_position + count)
  currency: 'gem' | 'coin';
  base_price: number; // point × count, before the rank discount (gems, or whole coins)
  discount_percent: number;
  price_paid: number; // gems, or whole coins for coin packs
  coin_earned_tenths: number;
  created_at: Timestamp;
}

export interface PackLotsTable {
  pack_id: number;
  position: number; // 0-based place in the shuffled sequence
  prize_id: number;
}

export type WonItemStatus = 'unselected' | 'ship' | 'convert' | 'shipped';

export interface WonItemsTable {
  id: Generated<number>; // the spec's history_id
  purchase_id: number;
  user_id: number;
  pack_id: number;
  prize_id: number;
  card_id: number;
  position: number | null; // null for the last-one prize
  is_last_one: Generated<number>;
  action_type: '0' | '2'; // '2' = shipping only (coin packs, ship-only prizes)
  buy_point: number;
  status: WonItemStatus;
  decided_at: Timestamp | null;
  decided_by: 'member' | 'sweep' | null;
  shipment_id: number | null;
  created_at: Timestamp;
}

export interface ShipmentsTable {
  id: Generated<number>;
  user_id: number;
  status: 'open' | 'shipped';
  item_count: Generated<number>;
  delivery_code: string | null; // the tracking code
  created_at: Timestamp;
  shipped_at: Timestamp | null;
  carrier: Generated<string | null>; // migration 017
}

// --- member accounts (migration 005): mail/SMS outbox, reset and SMS codes, referrals, coupons ---

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string; // mail address or E.164 phone number
  subject: string; // '' for SMS
  body: string;
  code: string | null; // the one-time code or temporary password the message carries (dev outbox display)
  kind: string; // reset_code, temp_password, password_changed, sms_code, inactivity_notice, ...
  user_id: number | null;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  ticket_hash: string; // sha256 of the httpOnly cookie that binds tries to this request
  user_id: number | null; // null when the mail is unknown (same answer, nothing sent)
  code_hash: string; // HMAC of the one-time code
  attempts: Generated<number>; // wrong tries; 5 void the code
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SmsCodesTable {
  user_id: number; // one live code per member
  tel: string; // E.164 the code was sent to
  code_hash: string;
  attempts: Generated<number>;
  sent_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  day_start: Timestamp; // start of the 24-hour window of `day_sends`
  day_sends: Generated<number>;
}

export interface VerifiedPhonesTable {
  phone: string; // E.164; one member per phone number
  user_id: number;
  created_at: Timestamp;
}

export interface ReferralRewardsTable {
  id: Generated<number>;
  referrer_id: number;
  referred_id: number; // unique: one reward per referred member (= per pair)
  amount: number; // gems to each side
  created_at: Timestamp;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string; // upper case, unique
  kind: 'gems' | 'unlock';
  gems: Generated<number>; // kind 'gems': bonus gems granted
  starts_at: Timestamp;
  ends_at: Timestamp; // exclusive
  max_uses: number | null; // total limit; null = unlimited
  used_count: Generated<number>;
  note: Generated<string>;
  created_at: Timestamp;
  disabled_at: Timestamp | null; // switched off by staff
}

export interface CouponPointPricesTable {
  coupon_id: number;
  point_price_id: number; // kind 'unlock': hidden courses this coupon unlocks
}

export interface CouponUsesTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number; // unique (coupon_id, user_id): one use per member
  created_at: Timestamp;
}

// --- gem purchase (migration 004): payment intents, credits, provider events, unlocks, the sandbox ---

export type PaymentStatusValue = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired';

export interface PaymentsTable {
  id: Generated<number>;
  public_id: string; // the spec's payment_id on the wire (random, unguessable)
  user_id: number;
  point_price_id: number;
  pay_id: number; // spec §3 payment id
  method: string; // card, combini, paypal, bank, amazon_pay, carrier, unionpay, alipay
  provider: string; // sandbox, stripe, paypal, carrier
  amount_yen: number; // from the point price row (campaign price inside the window)
  gems: number; // 300–50,000
  status: PaymentStatusValue;
  provider_ref: string | null; // the provider's id (unique per provider)
  pack_id: number | null; // the pack the member came from (/buy-point?productId)
  holder_name: string | null; // bank transfer: the katakana name the transfer carries
  combini_code: string | null;
  receipt_number: string | null;
  payment_url: string | null; // convenience store page, redirect or 3-D Secure URL
  detail: string | null; // JSON: bank account, carrier, provider extras
  failure_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp; // pending past this → expired by the sweep
  settled_at: Timestamp | null;
}

export interface PaymentCreditsTable {
  payment_id: number; // primary key: one credit per intent
  user_id: number;
  gems: number;
  lot_id: number;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string; // unique with provider
  type: string;
  payment_id: number | null;
  received_at: Timestamp;
}

/** The one refund of a payment (migration 017): the terms' arithmetic when it was made, and the provider's side. */
export interface PaymentRefundsTable {
  id: Generated<number>;
  payment_id: number; // unique: one refund per payment
  user_id: number;
  reason_kind: RefundReasonKind;
  reason: string;
  gems: number; // the purchase's gems
  gems_reclaimed: number; // the unspent part taken back (the purchase's lot's remaining)
  gems_spent: number; // gems - reclaimed (spent or expired)
  amount_yen: number;
  status: RefundStatusValue;
  attempt: Generated<number>; // the provider idempotency key's attempt (a new one after a refused attempt)
  provider: string;
  provider_refund_ref: string | null;
  failure_code: string | null;
  staff_id: number | null; // null: the provider's own refund, learnt from its notification
  created_at: Timestamp;
  updated_at: Timestamp;
  settled_at: Timestamp | null;
}

export type RefundReasonKind = 'company_fault' | 'legal_unused' | 'provider';
export type RefundStatusValue = 'requested' | 'pending' | 'succeeded' | 'failed' | 'manual';

/** A pending bank transfer matched by hand to its member and amount (migration 017). */
export interface PaymentMatchesTable {
  payment_id: number; // primary key: matched once
  user_id: number;
  amount_yen: number;
  holder_name: string; // the transfer's name as the bank statement shows it
  reason: string;
  staff_id: number | null;
  created_at: Timestamp;
}

/** The sandbox provider's refunds (migration 017). */
export interface SandboxRefundsTable {
  id: string; // 'sbr_…'
  payment_id: string; // sandbox_payments.id
  merchant_refund_id: string | null; // the shop's idempotency key; null for a refund made on the sandbox's page
  amount: number;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  created_at: Timestamp;
}

export interface PointPriceUnlocksTable {
  user_id: number;
  point_price_id: number;
  created_at: Timestamp;
}

export interface FreeGrantsTable {
  user_id: number;
  point_price_id: number;
  gems: number;
  lot_id: number;
  created_at: Timestamp;
}

export interface PaymentCustomersTable {
  user_id: number;
  provider: string;
  customer_ref: string;
  created_at: Timestamp;
}

export interface SandboxCardTokensTable {
  token: string;
  masked: string;
  last4: string;
  outcome: 'success' | 'declined' | '3ds';
  holder: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type SandboxPaymentStatus =
  'requires_action' | 'pending' | 'succeeded' | 'failed' | 'expired' | 'canceled';

export interface SandboxPaymentsTable {
  id: string; // 'sbp_…'
  method: string;
  carrier: string | null;
  merchant_reference: string; // the shop's payment_id
  amount: number;
  status: SandboxPaymentStatus;
  return_url: string;
  cancel_url: string;
  receipt_number: string | null;
  account_number: string | null;
  holder_name: string | null;
  card_last4: string | null;
  failure_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
  refunded_amount: Generated<number>; // migration 017
}

// --- ranks, the exchange counter, point transfer (migration 009) ---

export interface RankMonthsTable {
  user_id: number;
  month: string; // 'YYYY-MM', JST
  rank: number; // 1–5
  spend: number; // gems paid for gem packs in the month before
  how: 'spend' | 'maintained';
  created_at: Timestamp;
}

export interface RankRolloversTable {
  month: string; // 'YYYY-MM' whose ranks were fixed
  members: number;
  started_at: Timestamp;
  finished_at: Timestamp;
}

export interface ExchangeCardsTable {
  id: Generated<number>;
  card_id: number;
  sub_coin: number; // whole coins
  stock: number;
  member_limit: Generated<number>; // 0 = no limit
  visible_from: Timestamp | null;
  visible_until: Timestamp | null;
  sort: Generated<number>;
  created_at: Timestamp;
}

export interface ExchangesTable {
  id: Generated<number>;
  user_id: number;
  exchange_card_id: number;
  card_id: number;
  sub_coin: number;
  shipment_id: number; // shipped when its batch is
  created_at: Timestamp;
}

export interface PartnerLinksTable {
  user_id: number;
  partner: string;
  partner_account_id: string;
  account_name: string;
  linked_at: Timestamp;
}

export interface PointTransfersTable {
  id: Generated<number>;
  user_id: number;
  partner: string;
  partner_account_id: string;
  points: number;
  gems: number;
  idempotency_key: string;
  request_id: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  partner_ref: string | null;
  error: string | null;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface SandboxPartnerAccountsTable {
  id: string;
  login_id: string;
  pass_hash: string;
  name: string;
  points: number;
}

export interface SandboxPartnerDebitsTable {
  idempotency_key: string;
  account_id: string;
  points: number;
  status: 'debited' | 'voided';
  created_at: Timestamp;
}

// --- the board (migration 010) ---

export interface PostsTable {
  id: Generated<number>;
  user_id: number;
  content: string; // plain text, shown escaped
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  request_id: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

export interface PostImagesTable {
  id: Generated<number>;
  post_id: number;
  position: number;
  image_key: string; // storage keys (storage/storage.ts)
  thumb_key: string;
  width: number;
  height: number;
  byte_size: number;
}

// --- staff and the audit log (migration 011) ---

export type StaffRole = 'owner' | 'operator' | 'support' | 'viewer';

export interface StaffTable {
  id: Generated<number>;
  email: string; // lower-cased
  pass_hash: string;
  role: StaffRole;
  totp_secret: string | null; // sealed (admin/secrets.ts), never plain
  totp_enrolled_at: Timestamp | null;
  totp_last_step: Generated<number>; // the last accepted TOTP time step: a code is used once
  recovery_codes: Generated<string>; // JSON array of sha256 hashes of the unused codes
  disabled_at: Timestamp | null;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
}

export interface StaffSessionsTable {
  id_hash: string;
  staff_id: number;
  second_factor_at: Timestamp | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null; // null: a command run from the shell
  action: string;
  target_type: string;
  target_id: string | null;
  before_json: string | null;
  after_json: string | null;
  ip: string;
  created_at: Timestamp;
}

/** Top carousel banners and the notices above the tabs (migration 013); slot-mates replace one another. */
export interface BannersTable {
  id: Generated<number>;
  kind: 'top' | 'alert';
  slot: Generated<number>;
  sort: Generated<number>;
  image_url: Generated<string>;
  sp_image_url: Generated<string>;
  link_url: Generated<string>;
  tone: Generated<string>;
  title_en: Generated<string>;
  title_ja: Generated<string>;
  text_en: Generated<string>;
  text_ja: Generated<string>;
  cta_en: Generated<string>;
  cta_ja: Generated<string>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  enabled: Generated<number>;
  created_at: Timestamp;
}

/** Gem-price discount windows (migration 013). */
export interface GemCampaignsTable {
  id: Generated<number>;
  percent: number;
  starts_at: Timestamp;
  ends_at: Timestamp; // exclusive
  note: Generated<string>;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  throttles: ThrottlesTable;
  countries: CountriesTable;
  prefectures: PrefecturesTable;
  card_types: CardTypesTable;
  cards: CardsTable;
  packs: PacksTable;
  pack_prizes: PackPrizesTable;
  pack_videos: PackVideosTable;
  gem_lots: GemLotsTable;
  gem_ledger: GemLedgerTable;
  coin_ledger: CoinLedgerTable;
  point_prices: PointPricesTable;
  settings: SettingsTable;
  pack_purchases: PackPurchasesTable;
  pack_lots: PackLotsTable;
  won_items: WonItemsTable;
  shipments: ShipmentsTable;
  payments: PaymentsTable;
  payment_credits: PaymentCreditsTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
  payment_matches: PaymentMatchesTable;
  sandbox_refunds: SandboxRefundsTable;
  point_price_unlocks: PointPriceUnlocksTable;
  free_grants: FreeGrantsTable;
  payment_customers: PaymentCustomersTable;
  sandbox_card_tokens: SandboxCardTokensTable;
  sandbox_payments: SandboxPaymentsTable;
  outbox_messages: OutboxMessagesTable;
  password_resets: PasswordResetsTable;
  sms_codes: SmsCodesTable;
  verified_phones: VerifiedPhonesTable;
  referral_rewards: ReferralRewardsTable;
  coupons: CouponsTable;
  coupon_point_prices: CouponPointPricesTable;
  coupon_uses: CouponUsesTable;
  rank_months: RankMonthsTable;
  rank_rollovers: RankRolloversTable;
  exchange_cards: ExchangeCardsTable;
  exchanges: ExchangesTable;
  partner_links: PartnerLinksTable;
  point_transfers: PointTransfersTable;
  sandbox_partner_accounts: SandboxPartnerAccountsTable;
  sandbox_partner_debits: SandboxPartnerDebitsTable;
  posts: PostsTable;
  post_images: PostImagesTable;
  banners: BannersTable;
  gem_campaigns: GemCampaignsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  job_runs: JobRunsTable;
  release_rooms: ReleaseRoomsTable;
  room_entries: RoomEntriesTable;
}

/** One run of a scheduled job (migration 016): who ran it where, when, and how it ended. */
export interface JobRunsTable {
  id: Generated<number>;
  name: string;
  /** pg-boss's job id, or the local scheduler's run id; the attempts of one job share it. */
  run_key: string;
  attempt: Generated<number>;
  runner: string; // 'pg-boss' | 'local' | 'command'
  process: string; // host:pid
  started_at: Timestamp;
  finished_at: Timestamp | null;
  status: string; // 'running' | 'ok' | 'failed'
  result: string | null; // JSON
  error: string | null;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Pack = Selectable<PacksTable>;
export type NewPack = Insertable<PacksTable>;
export type PackUpdate = Updateable<PacksTable>;
export type PackVideo = Selectable<PackVideosTable>;

/** A pack opened through a release room (migration 024, docs/fairness.md § 10). */
export interface ReleaseRoomsTable {
  pack_id: number;
  /** When members may start joining (before the pack's start_at). */
  opens_at: Timestamp;
  admit_per_minute: number;
  /** How long an admitted member's pass lasts. */
  pass_seconds: number;
  /** 64 hex characters, secret until the room closes. */
  seed: string;
  /** sha256("room:" + seed), shown from the opening. */
  commitment: string;
  /** Arrival numbers given so far (by the draw, then to each entry placed after it). */
  arrivals: Generated<number>;
  /** When the order of those in the room at the start was drawn. */
  drawn_at: Timestamp | null;
  /** Places handed out so far (the drawn ones, then one per later arrival). */
  places: Generated<number>;
  paused_at: Timestamp | null;
  /** Admission time lost to pauses that ended. */
  paused_ms: Generated<number>;
  created_at: Timestamp;
}

/** One member's place in a release room. */
export interface RoomEntriesTable {
  id: Generated<number>;
  pack_id: number;
  user_id: number;
  /** 1, 2, 3, … in the order entries were recorded: numbered by the draw, or when placed after it. */
  arrival: number | null;
  /** 1-based; null until the order is drawn (or, after the draw, until the entry is placed at the end). */
  place: number | null;
  /** In the room at the start (drawn), or joined later (appended). */
  at_start: Generated<number>;
  joined_at: Timestamp;
  admitted_at: Timestamp | null;
  pass_expires_at: Timestamp | null;
}
