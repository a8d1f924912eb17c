import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import { api } from '../../../lib/api.ts';

/** POST /user/changeUserInformation {country_id} (errors.country_id). */
export function changeCountry(countryId: number) {
  return api.post('user/changeUserInformation', { country_id: countryId }, { answer: emptyAnswerSchema });
}
