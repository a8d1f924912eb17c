import { z } from 'zod';
import { pageInfoSchema } from './paging.ts';

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
