import { z } from 'zod';

/**
 * POST /address/zipcode {zipcode} (spec §7; the payload schema is `zipcodeSchema` in user.ts, errors under
 * `zipcode`). Names are Japanese, as the address is written in Japan; `address1_en`/`address2_en` give the
 * prefecture and municipality in romaji (Japan Post style: 'Tokyo', 'Sapporo-shi Chuo-ku') for members reading
 * English. Towns have no romaji in the postal data. An unknown code is state 400, errors.zipcode
 * 'zipcode_not_found'. The fields of user.ts `ZipcodeResult`, plus the romaji.
 */
export const zipcodeAddressSchema = z.object({
  prefcode: z.string(), // JIS prefecture code without padding ('1'–'47'), the pref_id of the address forms
  address1: z.string(), // prefecture name
  address2: z.string(), // city
  address3: z.string(), // town
  address1_en: z.string(),
  address2_en: z.string(),
});
export type ZipcodeAddress = z.infer<typeof zipcodeAddressSchema>;

/** One code can cover several towns (and rarely two municipalities), so the answer is a list. */
export const zipcodeAnswerSchema = z.object({ result: z.array(zipcodeAddressSchema) });
export type ZipcodeAnswer = z.infer<typeof zipcodeAnswerSchema>;
