import { zipcodeAnswerSchema } from '@gacha/contract/address';
import { zipcodeSchema } from '@gacha/contract/user';
import { fieldError } from '../../http/api-error.ts';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { lookupZipcode } from './service.ts';

/** POST /address/zipcode: the Japanese address of a postal code. */
export const addressApi: ApiPlugin = async (app) => {
  app.post(
    '/address/zipcode',
    { schema: { body: zipcodeSchema, response: okResponse(zipcodeAnswerSchema) } },
    async (req) => {
      const result = lookupZipcode(req.body.zipcode);
      if (!result.length) throw fieldError('zipcode', 'zipcode_not_found');
      return { result };
    },
  );
};
