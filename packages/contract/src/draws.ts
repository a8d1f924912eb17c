import { z } from 'zod';
import { listAnswerSchema } from './admin-list.ts';
import { pageInfoSchema } from './paging.ts';
import { customsCategories } from './admin.ts';
import { MAX_PURCHASE_COUNT } from './limits.ts';
import { pageDigits, pathId, queryId } from './path.ts';

export { MAX_PURCHASE_COUNT };

/**
 * Draws, won items and histories (spec §3 Buy-pack result, Card in result, Pack history item/detail; §7 Packs,
 * Gem purchase and histories). Payloads are strict: an unknown field is a 400. Error messages are catalogue keys.
 *
 * Check and buy: the spec's buy is "token only". Here the check stores nothing and the buy carries the same
 * `{ packId, count }` as the check and re-validates everything inside its transaction, so a stale confirm
 * modal can never buy what the server would now refuse.
 */

const MAX_ID = 2_147_483_647;

const typeError = (iss: { input: unknown }) => (iss.input === undefined ? 'required' : 'invalid');
const positiveId = z
  .int({ error: typeError })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });
/** An id as a number or a string of digits (query strings give strings). */
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

/**
 * The purchase count, sent as a string (spec §7): an integer 1 ≤ N ≤ 3000. The pack's own limits (remaining,
 * max_buy_count, the member's limit) are checked by the server against the pack.
 */
export const purchaseCountSchema = z
  .string({ error: typeError })
  .max(12, { error: 'count_invalid' })
  .regex(/^\s*-?\d+\s*$/, { error: 'count_invalid' })
  .transform((v) => Number(v.trim()))
  .refine((n) => n >= 1, { error: 'count_invalid' })
  .refine((n) => n <= MAX_PURCHASE_COUNT, { error: 'max_count_exceeded' });

/** POST /user/pack/check and POST /user/pack/buy. */
/**
 * A check or a buy: the pack and the count; on a pack whose release room has started, the member's room pass
 * (the standing's `pass`) too.
 */
export const packPurchaseSchema = z
  .object({ packId: id, count: purchaseCountSchema, roomPass: z.string().max(100).optional() })
  .strict();

/** A pack named in the path (`/user/pack/plays/{packId}`); an id that cannot be one is that pack not found. */
export const packParamsSchema = z.object({ packId: pathId('pack_not_found') });

/** `?purchaseId=` of a purchase result read again: the member's latest without one. */
export const purchaseResultQuerySchema = z.object({ purchaseId: queryId() });
export type PackPurchaseInput = z.input<typeof packPurchaseSchema>;

/** The currency of a pack and of its purchases: gems, or coins (amounts in coin tenths or whole coins, as named). */
export const currencySchema = z.enum(['gem', 'coin']);
export type Currency = z.infer<typeof currencySchema>;

/**
 * Answer of POST /user/pack/check (result '1'): what the confirm modal shows. Amounts are in the pack's
 * currency: gems, or coin tenths for coin packs (money on the wire is integers, DOMAIN.md Units).
 */
export const packCheckResultSchema = z.object({
  result: z.literal('1'),
  pack_id: z.number().int(),
  count: z.number().int(),
  currency: currencySchema,
  base_price: z.number().int(),
  discount_percent: z.number().int(),
  price: z.number().int(),
  balance_before: z.number().int(),
  balance_after: z.number().int(),
});
export type PackCheckResult = z.infer<typeof packCheckResultSchema>;

/**
 * GET /user/pack/plays/{packId} (member): how many plays the pack's per-member limit (`can_limit`) still allows
 * this member, so that the count select offers only those. `limit` and `left` are null for a pack without a limit.
 */
export const packPlaysSchema = z.object({
  pack_id: z.number().int(),
  limit: z.number().int().nullable(),
  played: z.number().int(),
  left: z.number().int().nullable(),
});
export type PackPlays = z.infer<typeof packPlaysSchema>;

/**
 * Refusals of check and buy carry `errors.count` (the message to show) and `reason`, one of these codes, so the
 * client can pick the 'Not enough points' or 'Not enough coins' modal.
 */
export const purchaseRefusalSchema = z.enum([
  'count_invalid',
  'max_count_exceeded',
  'count_above_remaining',
  'pack_limit_exceeded',
  'pack_not_found',
  'pack_not_started',
  'pack_ended',
  'pack_paused',
  'pack_sold_out',
  'not_enough_gems',
  'not_enough_coins',
  // a pack selling through a release room: the member has no valid pass (docs/fairness.md § 10)
  'room_pass_required',
]);
export type PurchaseRefusal = z.infer<typeof purchaseRefusalSchema>;

/** '0': the member chooses (ship or convert); '2': shipping only (coin packs, ship-only prizes). */
export const actionTypeSchema = z.enum(['0', '2']);
export type ActionType = z.infer<typeof actionTypeSchema>;
export const itemStatusSchema = z.enum(['unselected', 'ship', 'shipped', 'convert']);
export type ItemStatus = z.infer<typeof itemStatusSchema>;

/** Card in result (spec §3), plus the item's current status. */
export const resultCardSchema = z.object({
  history_id: z.number().int(),
  action_type: actionTypeSchema,
  rarity: z.number().int(),
  rarity_label: z.string(),
  image: z.string(),
  name: z.string(),
  model_number: z.string(),
  num: z.number().int(),
  buy_point: z.number().int(),
  is_last_one: z.enum(['0', '1']),
  status: itemStatusSchema,
});
export type ResultCard = z.infer<typeof resultCardSchema>;

/**
 * A pack's own opening video: played for the purchase's best rarity and the pack's
 * movie_style; `rarity` / `movie_style` null means any. `url` is same-origin (/media/packs/{id}/videos/…).
 * (packs.ts names the type `PackVideo` too.)
 */
export const packVideoSchema = z.object({
  rarity: z.number().int().nullable(),
  movie_style: z.number().int().nullable(),
  url: z.string(),
});
export type PackVideo = z.infer<typeof packVideoSchema>;

/**
 * Buy-pack result (spec §3): the answer of POST /user/pack/buy, and of GET /user/pack/gache_result and
 * /user/pack/buy_result (camelCase aliases too), which read the member's latest purchase (or ?purchaseId=)
 * again. A member without a purchase gets purchase_id null, empty title and cards, and zeros.
 */
export const buyPackResultSchema = z.object({
  result: z.literal('1'),
  purchase_id: z.number().int().nullable(), // null: the member has no purchase yet (cards is empty)
  pack_id: z.number().int().nullable(),
  title: z.string(),
  created: z.string(), // 'YYYY-MM-DD HH:mm:ss' JST; '' without a purchase
  movie_style: z.number().int(),
  is_country: z.enum(['0', '1']),
  is_buy_coin: z.enum(['0', '1']),
  card_type: z.number().int().nullable(),
  count: z.number().int(),
  price_paid: z.number().int(),
  currency: currencySchema.nullable(),
  cards: z.array(resultCardSchema),
  /** The pack's own opening videos (empty when it has none: the app's animation plays). */
  videos: z.array(packVideoSchema),
});
export type BuyPackResult = z.infer<typeof buyPackResultSchema>;

/**
 * GET /user/pack/fairness/{packId} (guests too; `my_positions` is empty for them). `seed` is null until the pack
 * is sold out or its sale has ended. `prizes` leaves out the last-one prize, as `canonical` does.
 */
export const fairnessInfoSchema = z.object({
  pack_id: z.number().int(),
  commitment: z.string().nullable(),
  seed: z.string().nullable(),
  revealed: z.boolean(),
  canonical: z.array(z.number().int()),
  total: z.number().int(),
  sold: z.number().int(),
  prizes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      model_number: z.string(),
      rarity: z.number().int(),
      rarity_label: z.string(),
      image: z.string(),
    }),
  ),
  my_positions: z.array(
    z.object({ position: z.number().int(), history_id: z.number().int(), prize_id: z.number().int() }),
  ),
});
export type FairnessInfo = z.infer<typeof fairnessInfoSchema>;

const historyIds = z.array(id, { error: typeError }).max(10_000, { error: 'too_many_items' }).default([]);

/** POST /user/pack/decision: history ids to ship and to convert to gems. */
export const decisionSchema = z.object({ send_card: historyIds, reduction_card: historyIds }).strict();
export type DecisionInput = z.input<typeof decisionSchema>;

/**
 * Divide result (spec §4), the answer of POST /user/pack/decision: state 200 with result '1' and what was done,
 * or state 204 (sent with HTTP 200) with result '-1' and zeros when the same decision was already applied.
 */
export const decisionResultSchema = z.object({
  result: z.enum(['1', '-1']),
  shipped: z.number().int(),
  converted: z.number().int(),
  gems: z.number().int(), // gems received for the converted items
});
export type DecisionResult = z.infer<typeof decisionResultSchema>;

/** History filter: the spec's All / Unselected / Not yet shipped / Shipped / No shipment. */
export const historyModes = ['all', 'unselected', 'ship', 'shipped', 'convert'] as const;
export type HistoryMode = (typeof historyModes)[number];

export const historyListSchema = z
  .object({
    mode: z
      .union([z.enum(historyModes), z.literal('')], { error: 'invalid' })
      .transform((m) => (m === '' ? 'all' : m))
      .default('all'),
    page: id.optional(),
  })
  .strict();
export type HistoryListInput = z.input<typeof historyListSchema>;

/** The page of POST /user/history/list/{page}, in the path or (POST /user/history/list) in the payload. */
export const historyListParamsSchema = z.object({ page: pageDigits });

/** The purchase of GET /user/history/detail/{id}. */
export const historyDetailParamsSchema = z.object({ id: pathId() });

/** Shipping state of a purchase or an item, as the history shows it (spec §4 Shipping states). */
export const sendStateSchema = z.enum(['unselected', 'not_yet_shipped', 'shipped', 'no_shipment']);
export type SendState = z.infer<typeof sendStateSchema>;

/** Pack history item (spec §3). `status` '1' when every item is decided (the row opens the detail). */
export const historyItemSchema = z.object({
  id: z.number().int(), // purchase id
  created: z.string(), // yy/mm/dd JST
  pack_id: z.number().int(),
  pack_name: z.string(),
  send_state: sendStateSchema,
  point: z.number().int(), // price paid (gems, or whole coins when currency is 'coin')
  currency: currencySchema,
  count: z.number().int(),
  status: z.enum(['0', '1']),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** POST /user/history/list/{page} (and /user/history/list {mode, page}): newest first, 10 a page. */
export const historyListPageSchema = pageInfoSchema.extend({ list: z.array(historyItemSchema) });
export type HistoryListPage = z.infer<typeof historyListPageSchema>;

export const historyCardSchema = resultCardSchema.extend({
  send_state: sendStateSchema,
  delivery_code: z.string().nullable(),
});
export type HistoryCard = z.infer<typeof historyCardSchema>;

/** Pack history detail (spec §3): GET /user/history/detail/{id}; another member's purchase is a 404. */
export const historyDetailSchema = z.object({
  id: z.number().int(),
  status: z.enum(['0', '1']),
  pack_id: z.number().int(),
  pack_name: z.string(),
  created: z.string(), // yy/mm/dd JST
  delivery_code: z.string(), // codes of the shipped batches, comma separated; '' when none
  send_card: z.array(historyCardSchema),
  reduction_card: z.array(historyCardSchema),
  unselected_card: z.array(historyCardSchema),
  reduction_point: z.number().int(),
});
export type HistoryDetail = z.infer<typeof historyDetailSchema>;

/** Who carries a shipped batch (the console's choice; the CSV import reads these keys, any case). */
export const carriers = ['japan_post', 'yamato', 'sagawa', 'dhl', 'fedex', 'ups', 'other'] as const;
export type CarrierKey = (typeof carriers)[number];
export const CARRIER_NAMES: Readonly<Record<CarrierKey, { en: string; ja: string }>> = {
  japan_post: { en: 'Japan Post (EMS / ePacket)', ja: '日本郵便（EMS・国際eパケット）' },
  yamato: { en: 'Yamato Transport', ja: 'ヤマト運輸' },
  sagawa: { en: 'Sagawa Express', ja: '佐川急便' },
  dhl: { en: 'DHL', ja: 'DHL' },
  fedex: { en: 'FedEx', ja: 'FedEx' },
  ups: { en: 'UPS', ja: 'UPS' },
  other: { en: 'Other carrier', ja: 'その他の配送業者' },
};

/** A tracking (delivery) code: 1–100 printable ASCII characters. */
export const trackingCodeSchema = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: 'required' })
  .max(100, { error: 'too_long' })
  .regex(/^[\x20-\x7e]+$/, { error: 'invalid' });

/**
 * POST /api/admin/shipments/{id}/ship {delivery_code, carrier?}: marks an open batch shipped with its tracking code
 * (`delivery_code`, what the member's buying history shows) and, optionally, its carrier. The member is emailed.
 */
export const shipSchema = z
  .object({
    delivery_code: trackingCodeSchema,
    carrier: z.enum(carriers, { error: 'invalid' }).optional(),
  })
  .strict();

/** A shipment batch with its member's address and items (staff). Times are ISO UTC. */
export const adminShipmentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  status: z.enum(['open', 'shipped']),
  delivery_code: z.string().nullable(),
  created_at: z.string(),
  shipped_at: z.string().nullable(),
  item_count: z.number().int(),
  /** The carrier it was shipped with (null: open, or shipped without one). */
  carrier: z.enum(carriers).nullable(),
  /**
   * Whole days the batch has waited since its first item was chosen for shipping (until it shipped, for a shipped
   * one); the terms promise shipping within 14 days (`due_at`), `overdue` once an open batch is past it.
   */
  age_days: z.number().int(),
  due_at: z.string(),
  overdue: z.boolean(),
  /** Spec §9's customs declared values of its items, added up (yen). */
  declared_total_yen: z.number().int(),
  address: z.object({
    name: z.string(),
    country_id: z.number().int().nullable(),
    /** The country's name in either language (null: none on file). */
    country_en: z.string().nullable(),
    country_ja: z.string().nullable(),
    zipcode: z.string(),
    state: z.string(),
    city: z.string(),
    address: z.string(),
    building: z.string(),
    tel: z.string(),
  }),
  /** Won items (history_id) and cards exchanged for coins (exchange_id). */
  items: z.array(
    z.object({
      history_id: z.number().int().nullable(),
      exchange_id: z.number().int().nullable(),
      card_id: z.number().int(),
      name: z.string(),
      model_number: z.string(),
      status: itemStatusSchema,
      /** The card's customs category (spec §9) and the item's value: its conversion value in gems (1 gem = 1 yen). */
      customs_category: z.enum(customsCategories),
      value_yen: z.number().int(),
      /** The value declared to customs: `value_yen` kept within the category's range (customs.ts). */
      declared_value_yen: z.number().int(),
    }),
  ),
});
export type AdminShipment = z.infer<typeof adminShipmentSchema>;

/**
 * GET /api/admin/shipments?status&min_age_days&max_age_days&user_id&page (admin-shipping.ts): batches oldest first,
 * 500 a page; `total` batches match.
 */
export const adminShipmentListSchema = listAnswerSchema(adminShipmentSchema);
export type AdminShipmentList = z.infer<typeof adminShipmentListSchema>;

/** Answer of POST /api/admin/shipments/{id}/ship: the batch marked shipped and how many items it turned shipped. */
export const adminShipResultSchema = z.object({
  result: z.literal('1'),
  shipment: z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    items: z.number().int(),
    delivery_code: z.string(),
    carrier: z.enum(carriers).nullable(),
  }),
});
export type AdminShipResult = z.infer<typeof adminShipResultSchema>;
