import { describe, expect, it } from 'vitest';
import * as contract from '@gacha/contract/envelope';
import * as local from './envelope-constants.ts';

describe('envelope constants', () => {
  it('equal the contract', () => {
    expect(local.State).toEqual(contract.State);
    expect(local.CSRF_NAME_FIELD).toBe(contract.CSRF_NAME_FIELD);
    expect(local.CSRF_VALUE_FIELD).toBe(contract.CSRF_VALUE_FIELD);
    expect(local.JSON_FIELD).toBe(contract.JSON_FIELD);
    expect(local.LANG_COOKIE).toBe(contract.LANG_COOKIE);
  });
});
