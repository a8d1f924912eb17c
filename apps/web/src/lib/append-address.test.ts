import { describe, expect, it } from 'vitest';
import { OVERSEAS_PREF_ID } from '@gacha/contract/user';
import { addressDefaults, addressPayload, addressQuery } from './append-address.ts';

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

describe('addressDefaults (issue 12: saving an address must not delete the phone number)', () => {
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

describe('addressQuery (/user-address → /confirm-user-address → Back)', () => {
  it('carries the filled values under the names the form reads, and they come back the same', () => {
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
    const query = addressQuery(values, ' FRIEND1 ');
    expect(Object.fromEntries(query)).toEqual({
      countryId: '840',
      zipCode: '94105',
      country: 'CA',
      shiku: 'San Francisco',
      address: '1 Market St',
      tel: '+1 415 555 0100',
      referralCode: 'FRIEND1',
    });
    expect(addressDefaults(null, query)).toEqual(values);
  });
});
