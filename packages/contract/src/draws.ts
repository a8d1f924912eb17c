import { z } from 'zod';
import type { PackVideo } from './packs.ts';
import type { PageInfo } from './paging.ts';

/**
 * Draws, won items and histories (spec §3 Buy-pack result, Card in result, Pack history item/detail; §7 Packs,
 * Gem purchase and histories). Payloads are strict: an unknown field is a 400. Error messages are catalogue keys.
 *
 * Check and buy: the spec's buy is "token only". Here the check stores nothing and the buy carries the same
 * `{ packId, count }` as the check and re-validates everything inside its transaction, so a stale confirm
 * modal can never buy what the server would now refuse.
 */

export const MAX_PURCHASE_COUNT = 3000;
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
export const packPurchaseSchema = z.object({ packId: id, count: purchaseCountSchema }).strict();
export type PackPurchaseInput = z.input<typeof packPurchaseSchema>;

export type Currency = 'gem' | 'coin';

/**
 * Answer of POST /user/pack/check (result '1'): what the confirm modal shows. Amounts are in the pack's
 * currency: gems, or coin tenths for coin packs (money on the wire is integers, DOMAIN.md Units).
 */
export interface PackCheckResult {
  result: '1';
  pack_id: number;
  count: number;
  currency: Currency;
  base_price: number;
  discount_percent: number;
  price: number;
  balance_before: number;
  balance_after: number;
}

/**
 * Refusals of check and buy carry `errors.count` (the message to show) and `reason`, one of these codes, so the
 * client can pick the 'Not enough points' or 'Not enough coins' modal.
 */
export type PurchaseRefusal =
  | 'count_invalid'
  | 'max_count_exceeded'
  | 'count_above_remaining'
  | 'pack_limit_exceeded'
  | 'pack_not_found'
  | 'pack_not_started'
  | 'pack_ended'
  | 'pack_sold_out'
  | 'not_enough_gems'
  | 'not_enough_coins';

export type ActionType = '0' | '2';
export type ItemStatus = 'unselected' | 'ship' | 'shipped' | 'convert';

/** Card in result (spec §3), plus the item's current status. */
export interface ResultCard {
  history_id: number;
  action_type: ActionType;
  rarity: number;
  rarity_label: string;
  image: string;
  name: string;
  model_number: string;
  num: number;
  buy_point: number;
  is_last_one: '0' | '1';
  status: ItemStatus;
}

/** Buy-pack result (spec §3), also the answer of GET /user/pack/gache_result and /user/pack/buy_result. */
export interface BuyPackResult {
  result: '1';
  purchase_id: number | null; // null: the member has no purchase yet (cards is empty)
  pack_id: number | null;
  title: string;
  created: string; // 'YYYY-MM-DD HH:mm:ss' JST
  movie_style: number;
  is_country: '0' | '1';
  is_buy_coin: '0' | '1';
  card_type: number | null;
  count: number;
  price_paid: number;
  currency: Currency | null;
  cards: ResultCard[];
  /** The pack's own opening videos (empty when it has none: the app's animation plays). */
  videos: PackVideo[];
}

/** GET /user/pack/fairness/{packId}. `seed` is null until the pack is sold out or its sale has ended. */
export interface FairnessInfo {
  pack_id: number;
  commitment: string | null;
  seed: string | null;
  revealed: boolean;
  canonical: number[];
  total: number;
  sold: number;
  prizes: {
    id: number;
    name: string;
    model_number: string;
    rarity: number;
    rarity_label: string;
    image: string;
  }[];
  my_positions: { position: number; history_id: number; prize_id: number }[];
}

const historyIds = z.array(id, { error: typeError }).max(10_000, { error: 'too_many_items' }).default([]);

/** POST /user/pack/decision: history ids to ship and to convert to gems. */
export const decisionSchema = z.object({ send_card: historyIds, reduction_card: historyIds }).strict();
export type DecisionInput = z.input<typeof decisionSchema>;

/** Divide result (spec §4): 200 with '1', or 204 with '-1' when the same decision was already applied. */
export interface DecisionResult {
  result: '1' | '-1';
  shipped: number;
  converted: number;
  gems: number; // gems received for the converted items
}

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

/** Shipping state of a purchase or an item, as the history shows it (spec §4 Shipping states). */
export type SendState = 'unselected' | 'not_yet_shipped' | 'shipped' | 'no_shipment';

/** Pack history item (spec §3). `status` '1' when every item is decided (the row opens the detail). */
export interface HistoryItem {
  id: number; // purchase id
  created: string; // yy/mm/dd JST
  pack_id: number;
  pack_name: string;
  send_state: SendState;
  point: number; // price paid (gems, or whole coins when currency is 'coin')
  currency: Currency;
  count: number;
  status: '0' | '1';
}

export interface HistoryListPage extends PageInfo {
  list: HistoryItem[];
}

export interface HistoryCard extends ResultCard {
  send_state: SendState;
  delivery_code: string | null;
}

/** Pack history detail (spec §3). */
export interface HistoryDetail {
  id: number;
  status: '0' | '1';
  pack_id: number;
  pack_name: string;
  created: string;
  delivery_code: string; // codes of the shipped batches, comma separated; '' when none
  send_card: HistoryCard[];
  reduction_card: HistoryCard[];
  unselected_card: HistoryCard[];
  reduction_point: number;
}

/** POST /api/admin/shipments/{id}/ship. */
export const shipSchema = z
  .object({
    delivery_code: z
      .string({ error: typeError })
      .trim()
      .min(1, { error: 'required' })
      .max(100, { error: 'too_long' })
      .regex(/^[\x20-\x7e]+$/, { error: 'invalid' }),
  })
  .strict();

export interface AdminShipment {
  id: number;
  user_id: number;
  status: 'open' | 'shipped';
  delivery_code: string | null;
  created_at: string;
  shipped_at: string | null;
  item_count: number;
  address: {
    name: string;
    country_id: number | null;
    zipcode: string;
    state: string;
    city: string;
    address: string;
    building: string;
    tel: string;
  };
  items: { history_id: number; card_id: number; name: string; model_number: string; status: ItemStatus }[];
}
