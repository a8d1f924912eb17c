import { z } from 'zod';
import type { packVideoSchema } from './draws.ts';
import { pageInfoSchema } from './paging.ts';
import { pathId } from './path.ts';

/** Payment method of a pack (spec §3): 1 = gems, 2 = coins (coin gacha). */
export const PaymentMethod = { gem: 1, coin: 2 } as const;

/**
 * Pack (spec §3), names and texts in the member's language. Times: start_date is JST 'YYYY-MM-DD HH:mm:ss'
 * (the countdown target, spec §4), format_end_date 'yy/mm/dd' ('' when the sale has no end).
 */
export const packSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  point: z.number().int(), // price per play: gems, or whole coins for a coin pack
  payment_method: z.union([z.literal(1), z.literal(2)]),
  total_pack_count: z.number().int(),
  pack_count: z.number().int(), // remaining lots
  image: z.array(z.string()), // carousel images of the detail page
  banner: z.string(), // the banner of the Top page and the lists
  is_before: z.boolean(), // sale not started yet: count down to start_date
  is_end: z.boolean(), // the end date has passed
  is_sold_out: z.boolean(), // pack_count is 0
  start_date: z.string(),
  start_at: z.string(), // ISO UTC, for countdowns
  format_end_date: z.string(),
  end_at: z.string().nullable(), // ISO UTC
  can_limit: z.union([z.literal(0), z.literal(1)]),
  limit_count: z.number().int(), // plays per member when can_limit is 1
  limit_message: z.string(),
  max_buy_count: z.number().int(), // 0 = unlimited
  show_cardlist: z.enum(['0', '1']),
  card_type: z.number().int(),
});
export type PackSummary = z.infer<typeof packSummarySchema>;

/** Pack detail: a pack with its description and fairness data. */
export const packDetailSchema = packSummarySchema.extend({
  detail: z.string(), // HTML: <p>, <ul>/<li>, <strong>, <br>
  movie_style: z.number().int(),
  /** The published commitment to the lot sequence (fairness.ts); null while the pack is unpublished. */
  commitment: z.string().nullable(),
  /** The secret seed, revealed once the pack is sold out or its sale has ended; null before. */
  seed: z.string().nullable(),
});
export type PackDetail = z.infer<typeof packDetailSchema>;

/**
 * A pack's own opening video. The schema, `packVideoSchema`, is in draws.ts beside the
 * buy-pack result that carries it (the only answer that does).
 */
export type PackVideo = z.infer<typeof packVideoSchema>;

/** GET /user/pack/detail/{packId} → { pack }. State 404 (pack_not_found) for an unknown pack. */
export const packDetailAnswerSchema = z.object({ pack: packDetailSchema });
export type PackDetailAnswer = z.infer<typeof packDetailAnswerSchema>;

/** A pack named in the path (GET /user/pack/detail/{packId}); an id that cannot be one is that pack not found. */
export const packDetailParamsSchema = z.object({ packId: pathId('pack_not_found') });

/** A page of packs. */
export const packListPageSchema = pageInfoSchema.extend({ list: z.array(packSummarySchema) });
export type PackListPage = z.infer<typeof packListPageSchema>;

/** Card type (spec §3): the Top page tabs. */
export const cardTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type CardType = z.infer<typeof cardTypeSchema>;

/**
 * A card type in GET /user/card_type: besides its name, whether it is a tab on Top and at the exchange counter
 * (staff choose; the list is in the tabs' order).
 */
export const cardTypeTabSchema = cardTypeSchema.extend({ top_tab: z.boolean(), exchange_tab: z.boolean() });
export type CardTypeTab = z.infer<typeof cardTypeTabSchema>;

/** GET /user/card_type (and /user/cardType) → { list }: every card type, in tab order. */
export const cardTypeListSchema = z.object({ list: z.array(cardTypeTabSchema) });
export type CardTypeList = z.infer<typeof cardTypeListSchema>;

/**
 * GET /user/pack/all_list/{type}/{page} (and /user/pack/allList/…): upcoming first, then on sale, then sold out
 * or ended, newest sale start first within each; 20 a page. Carries the card type for the /pack-list title.
 * Unknown type: state 404.
 */
export const packTypePageSchema = packListPageSchema.extend({ card_type: cardTypeSchema });
export type PackTypePage = z.infer<typeof packTypePageSchema>;

/** The path of GET /user/pack/all_list/{type}/{page}: the card type and the page. */
export const packTypePageParamsSchema = z.object({ type: pathId(), page: pathId() });

/**
 * GET /user/pack/list and POST /user/pack/list {payment_method}: every pack, or those of one payment method.
 * (`packListSchema` is the POST's payload.)
 */
export const packListAnswerSchema = z.object({ list: z.array(packSummarySchema) });
export type PackList = z.infer<typeof packListAnswerSchema>;

export const packListSchema = z
  .object({
    payment_method: z
      .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: 'invalid' })
      .transform((v) => Number(v) as 1 | 2),
  })
  .strict();
export type PackListInput = z.input<typeof packListSchema>;

/** Card in pack (spec §3): one entry per prize of the pack, best first. */
export const packCardSchema = z.object({
  image_url: z.string(),
  name: z.string(),
  model_number: z.string(),
  rarity: z.number().int(), // 1–7
  rarity_label: z.string(),
  is_last_one: z.boolean(), // given with the pack's final lot
});
export type PackCard = z.infer<typeof packCardSchema>;

/**
 * GET /user/pack/card_list/{packId}/{page} (and /user/pack/cardList/…): 20 a page; empty (page 1 of 1) when the
 * pack hides its card list.
 */
export const packCardPageSchema = pageInfoSchema.extend({ list: z.array(packCardSchema) });
export type PackCardPage = z.infer<typeof packCardPageSchema>;

/** The path of GET /user/pack/card_list/{packId}/{page}. */
export const packCardPageParamsSchema = z.object({ packId: pathId('pack_not_found'), page: pathId() });
