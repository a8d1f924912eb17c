import { describe, expect, it } from 'vitest';
import { loginSchema, passwordSchema, registrationSchema, telSchema, zipcodeSchema } from './user.ts';

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

  it('looks up only 7-digit zip codes', () => {
    expect(zipcodeSchema.safeParse({ zipcode: '1000001' }).success).toBe(true);
    for (const zipcode of ['100-0001', '100000', '10000011', 'abcdefg', '']) {
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
