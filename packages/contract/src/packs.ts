import { z } from 'zod';
import type { PageInfo } from './paging.ts';

/** Payment method of a pack (spec §3): 1 = gems, 2 = coins (coin gacha). */
export const PaymentMethod = { gem: 1, coin: 2 } as const;

/**
 * Pack (spec §3), names and texts in the member's language. Times: start_date is JST 'YYYY-MM-DD HH:mm:ss'
 * (the countdown target, spec §4), format_end_date 'yy/mm/dd' ('' when the sale has no end).
 */
export interface PackSummary {
  id: number;
  name: string;
  point: number; // price per play: gems, or whole coins for a coin pack
  payment_method: 1 | 2;
  total_pack_count: number;
  pack_count: number; // remaining lots
  image: string[]; // carousel images of the detail page
  banner: string; // the banner of the Top page and the lists
  is_before: boolean; // sale not started yet: count down to start_date
  is_end: boolean; // the end date has passed
  is_sold_out: boolean; // pack_count is 0
  start_date: string;
  start_at: string; // ISO UTC, for countdowns
  format_end_date: string;
  end_at: string | null; // ISO UTC
  can_limit: 0 | 1;
  limit_count: number; // plays per member when can_limit is 1
  limit_message: string;
  max_buy_count: number; // 0 = unlimited
  show_cardlist: '0' | '1';
  card_type: number;
}

/** GET /user/pack/detail/{packId} → { pack }. State 404 (pack_not_found) for an unknown pack. */
export interface PackDetail extends PackSummary {
  detail: string; // HTML: <p>, <ul>/<li>, <strong>, <br>
  movie_style: number;
  /** The published commitment to the lot sequence (fairness.ts); null while the pack is unpublished. */
  commitment: string | null;
  /** The secret seed, revealed once the pack is sold out or its sale has ended; null before. */
  seed: string | null;
}

/**
 * A pack's own opening video (issue 3 point 3): played for the purchase's best rarity and the pack's
 * movie_style; `rarity` / `movie_style` null means any. `url` is same-origin (/media/packs/{id}/videos/…).
 */
export interface PackVideo {
  rarity: number | null;
  movie_style: number | null;
  url: string;
}

export interface PackDetailAnswer {
  pack: PackDetail;
}

/** A page of packs. */
export interface PackListPage extends PageInfo {
  list: PackSummary[];
}

/**
 * GET /user/pack/all_list/{type}/{page}: upcoming first, then on sale, then sold out or ended, newest sale
 * start first within each; 20 a page. Carries the card type for the /pack-list title. Unknown type: state 404.
 */
export interface PackTypePage extends PackListPage {
  card_type: CardType;
}

/** GET /user/pack/list and POST /user/pack/list {payment_method}. */
export interface PackList {
  list: PackSummary[];
}

export const packListSchema = z
  .object({
    payment_method: z
      .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: 'invalid' })
      .transform((v) => Number(v) as 1 | 2),
  })
  .strict();
export type PackListInput = z.input<typeof packListSchema>;

/** Card in pack (spec §3): one entry per prize of the pack, best first. */
export interface PackCard {
  image_url: string;
  name: string;
  model_number: string;
  rarity: number; // 1–7
  rarity_label: string;
  is_last_one: boolean; // given with the pack's final lot
}

/** GET /user/pack/card_list/{packId}/{page}: 20 a page; empty when the pack hides its card list. */
export interface PackCardPage extends PageInfo {
  list: PackCard[];
}

/** Card type (spec §3): the Top page tabs. GET /user/card_type → { list }. */
export interface CardType {
  id: number;
  name: string;
}

export interface CardTypeList {
  list: CardType[];
}
