import { describe, expect, it } from 'vitest';
import {
  appendAddressSchema,
  JAPAN_COUNTRY_ID,
  loginSchema,
  normaliseZipcode,
  passwordSchema,
  registrationSchema,
  telSchema,
  zipcodeSchema,
} from './user.ts';

/** Spec §5 validation rules, as the server and the web app both apply them. */
const valid = {
  lastName: 'Demo',
  firstName: 'Taro',
  mail: 'taro@example.com',
  pass: 'abc123',
  confirmPass: 'abc123',
  tel: '',
  zipcode: '',
  country: '',
  shiku: '',
  address: '',
  building: '',
};

const firstMessage = (
  r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('registration rules (spec §5)', () => {
  it('accepts a complete registration', () => {
    expect(registrationSchema.safeParse(valid).success).toBe(true);
  });

  it('requires last and first name, mail and password', () => {
    for (const field of ['lastName', 'firstName', 'mail', 'pass'] as const) {
      const r = registrationSchema.safeParse({ ...valid, [field]: '' });
      expect(r.success, field).toBe(false);
      expect(firstMessage(r, field), field).toBe('required');
    }
    const missing = registrationSchema.safeParse({ ...valid, lastName: undefined });
    expect(firstMessage(missing, 'lastName')).toBe('required');
  });

  it('takes passwords of 6 to 20 half-width characters only', () => {
    expect(passwordSchema.safeParse('abc12').success).toBe(false);
    expect(passwordSchema.safeParse('abc123').success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(20)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(21)).success).toBe(false);
    expect(passwordSchema.safeParse('ｐａｓｓｗｏｒｄ').success).toBe(false); // full-width
    expect(passwordSchema.safeParse('abc 123').success).toBe(false);
    expect(firstMessage(registrationSchema.safeParse({ ...valid, pass: 'abc' }), 'pass')).toBe('pass_format');
  });

  it('rejects a malformed email address', () => {
    expect(firstMessage(registrationSchema.safeParse({ ...valid, mail: 'not-an-address' }), 'mail')).toBe(
      'mail_invalid',
    );
  });

  it('checks phone numbers when one is given', () => {
    expect(telSchema.safeParse('').success).toBe(true);
    expect(telSchema.safeParse('090-1234-5678').success).toBe(true);
    expect(telSchema.safeParse('+1 213 555 0100').success).toBe(true);
    expect(telSchema.safeParse('12345').success).toBe(false);
    expect(telSchema.safeParse('phone').success).toBe(false);
  });

  it('looks up only 7-digit zip codes, typed with a hyphen or in full width as well', () => {
    for (const zipcode of [
      '1000001',
      '100-0001',
      '１００－０００１',
      '１０００００１',
      ' 100-0001 ',
      '〒100-0001',
    ]) {
      const r = zipcodeSchema.safeParse({ zipcode });
      expect(r.success, zipcode).toBe(true);
      expect(r.data?.zipcode, zipcode).toBe('1000001');
    }
    for (const zipcode of ['100000', '10000011', '100-00011', 'abcdefg', '', '1000-001x']) {
      expect(zipcodeSchema.safeParse({ zipcode }).success, zipcode).toBe(false);
    }
  });

  it('limits lengths and refuses unknown fields', () => {
    expect(
      firstMessage(registrationSchema.safeParse({ ...valid, lastName: 'x'.repeat(51) }), 'lastName'),
    ).toBe('too_long');
    expect(registrationSchema.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
  });

  it('accepts save_cookie "1" only as a string flag on login', () => {
    expect(loginSchema.safeParse({ mail: 'a@b.c', pass: 'x', save_cookie: '1' }).success).toBe(true);
    expect(loginSchema.safeParse({ mail: 'a@b.c', pass: 'x', save_cookie: 1 }).success).toBe(false);
  });
});

describe('postal codes as members type them', () => {
  it('makes a Japanese code 7 half-width digits: hyphen, full width, IME dashes, spaces, 〒', () => {
    for (const typed of [
      '1500001',
      '150-0001',
      ' 150-0001 ',
      '１５０－０００１', // full-width digits and hyphen
      '１５００００１', // full-width digits only
      '150ー0001', // the long-vowel mark an IME gives for '-'
      '150‐0001', // U+2010 hyphen
      '150−0001', // U+2212 minus
      '150 0001',
      '150　0001', // ideographic space
      '〒150-0001',
    ]) {
      expect(normaliseZipcode(typed, JAPAN_COUNTRY_ID), typed).toBe('1500001');
    }
    expect(normaliseZipcode('１５０－０００１', String(JAPAN_COUNTRY_ID))).toBe('1500001'); // a select's value
  });

  it("keeps other countries' hyphens and spaces, only folding the width and trimming", () => {
    expect(normaliseZipcode(' 94105-1234 ', 840)).toBe('94105-1234');
    expect(normaliseZipcode('SW1A 1AA', 826)).toBe('SW1A 1AA');
    expect(normaliseZipcode('１０００１', 840)).toBe('10001');
    expect(normaliseZipcode('01310－100', 76)).toBe('01310-100');
    expect(normaliseZipcode('150-0001')).toBe('150-0001'); // no country yet
  });

  const withCountry = (zipcode: string, country_id?: number) =>
    registrationSchema.safeParse({ ...valid, zipcode, ...(country_id ? { country_id } : {}) });

  it('registration stores what the server checks: 7 digits for Japan, the code as typed elsewhere', () => {
    expect(withCountry('150-0001', JAPAN_COUNTRY_ID).data?.zipcode).toBe('1500001');
    expect(withCountry('１５０－０００１', JAPAN_COUNTRY_ID).data?.zipcode).toBe('1500001');
    expect(withCountry(' 94105-1234 ', 840).data?.zipcode).toBe('94105-1234');
    expect(withCountry('150-0001').data?.zipcode).toBe('150-0001');
    // still a postal code: letters, digits, hyphen and space only, at most 10
    expect(firstMessage(withCountry('150_0001', JAPAN_COUNTRY_ID), 'zipcode')).toBe('zipcode_invalid');
    expect(firstMessage(withCountry('1'.repeat(11), 840), 'zipcode')).toBe('too_long');
  });

  it('address registration normalises the same way', () => {
    const address = {
      zipcode: '150－0001',
      country_id: JAPAN_COUNTRY_ID,
      shiku: 'Shibuya-ku',
      address: '1-1',
    };
    expect(appendAddressSchema.safeParse(address).data?.zipcode).toBe('1500001');
    expect(
      appendAddressSchema.safeParse({ ...address, country_id: 840, zipcode: '94105-1234' }).data?.zipcode,
    ).toBe('94105-1234');
  });

  it('does not trip over a zip code of the wrong type', () => {
    const r = registrationSchema.safeParse({ ...valid, zipcode: 1500001, country_id: JAPAN_COUNTRY_ID });
    expect(firstMessage(r, 'zipcode')).toBe('invalid');
  });
});
