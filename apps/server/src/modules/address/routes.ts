import { zipcodeRoute } from '@gacha/contract/routes/address';
import { fieldError } from '../../http/api-error.ts';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { lookupZipcode } from './service.ts';

/** POST /address/zipcode: the Japanese address of a postal code. */
export const addressApi: ApiPlugin = async (app) => {
  await serve(app, zipcodeRoute, async (req) => {
    const result = lookupZipcode(req.body.zipcode);
    if (!result.length) throw fieldError('zipcode', 'zipcode_not_found');
    return { result };
  });
};
