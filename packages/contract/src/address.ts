import type { ZipcodeResult } from './user.ts';

/**
 * POST /address/zipcode {zipcode} (spec §7; the payload schema is `zipcodeSchema` in user.ts, errors under
 * `zipcode`). Names are Japanese, as the address is written in Japan; `address1_en`/`address2_en` give the
 * prefecture and municipality in romaji (Japan Post style: 'Tokyo', 'Sapporo-shi Chuo-ku') for members reading
 * English. Towns have no romaji in the postal data. An unknown code is state 400, errors.zipcode
 * 'zipcode_not_found'.
 */
export interface ZipcodeAddress extends ZipcodeResult {
  prefcode: string; // JIS prefecture code without padding ('1'–'47'), the pref_id of the address forms
  address1_en: string;
  address2_en: string;
}

export interface ZipcodeAnswer {
  result: ZipcodeAddress[];
}
