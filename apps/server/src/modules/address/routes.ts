import type { ZipcodeAnswer } from '@gacha/contract/address';
import { zipcodeSchema } from '@gacha/contract/user';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { fieldError } from '../../http/api-error.ts';
import { lookupZipcode } from './service.ts';

export function registerAddressRoutes({ api }: ModuleDeps): void {
  api.post('/address/zipcode', { body: zipcodeSchema }, ({ body }): ZipcodeAnswer => {
    const result = lookupZipcode(body.zipcode);
    if (!result.length) throw fieldError('zipcode', 'zipcode_not_found');
    return { result };
  });
}
