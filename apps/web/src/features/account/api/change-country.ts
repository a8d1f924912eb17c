import { changeCountryRoute } from '@gacha/contract/routes/account';
import { call } from '../../../lib/api.ts';

/** POST /user/changeUserInformation {country_id} (errors.country_id). */
export function changeCountry(countryId: number) {
  return call(changeCountryRoute, { body: { country_id: countryId } });
}
