import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OVERSEAS_PREF_ID } from '@gacha/contract/user';
import {
  addressDefaults,
  addressPayload,
  clearAddressToConfirm,
  readAddressToConfirm,
  saveAddressToConfirm,
} from './append-address.ts';

const stored = {
  tel: '+81 90 1234 5678',
  zipcode: '',
  country: '',
  pref_id: null,
  shiku: '',
  address: '',
  building: '',
  country_id: null,
};

describe('addressDefaults (saving an address must not delete the phone number)', () => {
  it('pre-fills the phone number a member registered with, so the form sends it back', () => {
    const values = addressDefaults(stored);
    expect(values.tel).toBe('+81 90 1234 5678');
    expect(addressPayload(values).tel).toBe('+81 90 1234 5678');
  });

  it('starts from the stored address; overseas prefecture 99 is not a form value', () => {
    expect(
      addressDefaults({
        ...stored,
        zipcode: '94105',
        country: 'CA',
        pref_id: OVERSEAS_PREF_ID,
        shiku: 'San Francisco',
        address: '1 Market St',
        building: 'Suite 5',
        country_id: 840,
      }),
    ).toEqual({
      country_id: '840',
      zipcode: '94105',
      pref_id: '',
      country: 'CA',
      shiku: 'San Francisco',
      address: '1 Market St',
      building: 'Suite 5',
      tel: '+81 90 1234 5678',
    });
  });

  it("puts the query's values (spec §2 /user-address) over the stored ones, never an empty one", () => {
    const query = new URLSearchParams({ countryId: '392', zipCode: '1000001', prefectureId: '13', tel: '' });
    expect(addressDefaults(stored, query)).toMatchObject({
      country_id: '392',
      zipcode: '1000001',
      pref_id: '13',
      tel: '+81 90 1234 5678',
    });
  });

  it('is all empty for a guest without a query', () => {
    expect(Object.values(addressDefaults(undefined)).every((v) => v === '')).toBe(true);
  });
});

describe('the address to confirm (/user-address → /confirm-user-address → Back)', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the filled values and the referral code out of any address, and gives them back the same', () => {
    const values = {
      country_id: '840',
      zipcode: '94105',
      pref_id: '',
      country: 'CA',
      shiku: 'San Francisco',
      address: '1 Market St',
      building: '',
      tel: '+1 415 555 0100',
    };
    expect(readAddressToConfirm()).toBeNull();
    saveAddressToConfirm({ ...values, agree: true } as typeof values, ' FRIEND1 ');
    expect(readAddressToConfirm()).toEqual({ values, referralCode: 'FRIEND1' });
    clearAddressToConfirm();
    expect(readAddressToConfirm()).toBeNull();
  });
});
