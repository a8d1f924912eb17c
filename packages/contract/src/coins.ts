import { z } from 'zod';
import { pageInfoSchema } from './paging.ts';
import { pathPage } from './path.ts';

/**
 * Coins (spec §1, §3, §4, §7): rank maintenance paid in coins, and the member's coin history. Coins are kept and
 * sent in tenths where they move (DOMAIN.md Units); these answers show them in whole coins with one decimal.
 */

const typeError = (iss: { input: unknown }) => (iss.input === undefined ? 'required' : 'invalid');
const wholeNumber = z.union(
  [
    z.int({ error: typeError }),
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ],
  {
    error: typeError,
  },
);

/**
 * POST /user/buy_rank {coin, next_month_rank}: keep the current rank next month for its coins-to-keep. Both
 * values are what the page shows (rank_coin and the current rank): the server refuses them unless they match
 * its own (errors.count).
 */
export const buyRankSchema = z
  .object({
    coin: wholeNumber,
    next_month_rank: wholeNumber,
  })
  .strict();
export type BuyRankInput = z.input<typeof buyRankSchema>;

/** Answer of POST /user/buy_rank: the rank kept next month and the coins left. */
export const buyRankResultSchema = z.object({
  result: z.literal('1'),
  next_month: z.number().int(),
  next_month_name: z.string(),
  coin: z.number(),
});
export type BuyRankResult = z.infer<typeof buyRankResultSchema>;

/**
 * Coin history item (spec §3): `bonusCoin` coins granted (0 when used), `money` coins used (0 when granted),
 * `memo` what it was, in the member's language; `history_id` the purchase, exchange or pack it refers to.
 */
export const coinHistoryItemSchema = z.object({
  id: z.number().int(),
  bonusCoin: z.number(),
  money: z.number(),
  created: z.string(),
  memo: z.string(),
  history_id: z.number().int().nullable(),
});
export type CoinHistoryItem = z.infer<typeof coinHistoryItemSchema>;

/** GET /user/coin_history/{page} (and /user/coinHistory/{page}): newest first, 20 a page. */
export const coinHistoryPageSchema = pageInfoSchema.extend({ list: z.array(coinHistoryItemSchema) });
export type CoinHistoryPage = z.infer<typeof coinHistoryPageSchema>;

/** The page of GET /user/coin_history/{page} (absent: the first). */
export const coinHistoryParamsSchema = z.object({ page: pathPage });
