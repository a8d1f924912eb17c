import { z } from 'zod';
import { pageInfoSchema } from './paging.ts';
import { pageDigits } from './path.ts';

/**
 * The exchange counter (spec §2 Exchange card, §3, §4, §7; DOMAIN.md Exchange counter): cards for coins.
 * `sub_coin` is the price in whole coins; an exchange takes exactly one card (§9).
 */

export const EXCHANGE_QUANTITY = 1;
export const EXCHANGE_PAGE_SIZE = 20;

/** The sort radios of /exchange-card. */
export const exchangeSorts = ['new', 'coin_asc', 'coin_desc', 'rarity_desc'] as const;
export type ExchangeSort = (typeof exchangeSorts)[number];

const typeError = (iss: { input: unknown }) => (iss.input === undefined ? 'required' : 'invalid');
const positiveId = z
  .int({ error: typeError })
  .positive({ error: 'invalid' })
  .max(2_147_483_647, { error: 'invalid' });
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

/** POST /user/exchange_card/list/{page} {type, searchText, sort}: `type` is the card type of the tab. */
export const exchangeListSchema = z
  .object({
    type: id,
    searchText: z.string({ error: 'invalid' }).trim().max(100, { error: 'too_long' }).default(''),
    sort: z.enum(exchangeSorts, { error: 'invalid' }).default('new'),
  })
  .strict();
export type ExchangeListInput = z.input<typeof exchangeListSchema>;

/** The page of POST /user/exchange_card/list/{page} (absent: the first). */
export const exchangeListParamsSchema = z.object({ page: pageDigits });

/** POST /user/exchange_card/check and /exchange {card_id, change_num}: change_num is exactly 1. */
export const exchangeSchema = z
  .object({
    card_id: id,
    change_num: z.union([z.literal(EXCHANGE_QUANTITY), z.literal(String(EXCHANGE_QUANTITY))], {
      error: (iss) => (iss.input === undefined ? 'required' : 'exchange_quantity'),
    }),
  })
  .strict();
export type ExchangeInput = z.input<typeof exchangeSchema>;

/** Exchange card (spec §3): `name` the card's name, `card_name` its card type's. */
export const exchangeCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  image: z.string(),
  card_name: z.string(),
  sub_coin: z.number().int(),
  stock: z.number().int(),
  change_num: z.literal(EXCHANGE_QUANTITY),
});
export type ExchangeCard = z.infer<typeof exchangeCardSchema>;

export const exchangeListPageSchema = pageInfoSchema.extend({ list: z.array(exchangeCardSchema) });
export type ExchangeListPage = z.infer<typeof exchangeListPageSchema>;

/** Answer of check (result '1'): what the 'Use coin' modal shows. */
export const exchangeCheckResultSchema = z.object({
  result: z.literal('1'),
  card_id: z.number().int(),
  change_num: z.literal(EXCHANGE_QUANTITY),
  sub_coin: z.number().int(),
  coin: z.number(),
  coin_after: z.number(),
});
export type ExchangeCheckResult = z.infer<typeof exchangeCheckResultSchema>;

/** Answer of exchange (result '1'): the card for the success modal, and the coins left. */
export const exchangeResultSchema = z.object({
  result: z.literal('1'),
  exchange_id: z.number().int(),
  card: exchangeCardSchema,
  coin: z.number(),
});
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;

/**
 * A refused check or exchange carries errors.count and `result`: '-3' out of stock or past the member's limit
 * ('Exchange limit exceeded'), '-1' anything else ('Coin shortage', spec §8).
 */
export type ExchangeRefusalResult = '-1' | '-3';

/** Cards the member exchanged, a page of the buying history's Exchanges tab: newest first, 10 a page. */
export const EXCHANGE_HISTORY_PAGE_SIZE = 10;

/**
 * The page of GET /user/exchange_history/{page}: up to 6 digits, absent or '' (and 0) the first page; anything
 * else a 400 that says what a page is (errors.page: page_invalid).
 */
export const exchangeHistoryPageNumber = z
  .union([z.literal(''), z.string().regex(/^\d{1,6}$/, { error: 'page_invalid' })], { error: 'page_invalid' })
  .optional()
  .transform((v) => Math.max(1, Number(v || 1)));

/** The path of GET /user/exchange_history/{page}. */
export const exchangeHistoryParamsSchema = z.object({ page: exchangeHistoryPageNumber });

/**
 * The shipping state of an exchanged card, named as the buying history names a won item's (draws'
 * sendStateSchema): the card waits in the member's open shipping batch ('not_yet_shipped') until the shop ships
 * the batch ('shipped', with the batch's tracking code when it has one).
 */
export const exchangeSendStateSchema = z.enum(['not_yet_shipped', 'shipped']);
export type ExchangeSendState = z.infer<typeof exchangeSendStateSchema>;

/** One exchange: the card as it was taken, the coins paid (whole coins), the day (yy/mm/dd JST), its shipping. */
export const exchangeHistoryItemSchema = z.object({
  id: z.number().int(), // the exchange id (the coin history's history_id of its row)
  created: z.string(), // yy/mm/dd JST
  card_id: z.number().int(),
  name: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  image: z.string(), // '' when the card has none
  sub_coin: z.number().int(),
  send_state: exchangeSendStateSchema,
  delivery_code: z.string().nullable(),
});
export type ExchangeHistoryItem = z.infer<typeof exchangeHistoryItemSchema>;

/** GET /user/exchange_history/{page} (and /user/exchangeHistory/{page}): the member's own exchanges only. */
export const exchangeHistoryPageSchema = pageInfoSchema.extend({ list: z.array(exchangeHistoryItemSchema) });
export type ExchangeHistoryPage = z.infer<typeof exchangeHistoryPageSchema>;
