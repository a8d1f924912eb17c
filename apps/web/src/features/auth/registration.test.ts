import { describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import {
  emptyRegisterForm,
  fromQuery,
  serverErrorsToForm,
  toPayload,
  toQuery,
  validateRegistration,
  type RegisterFormValues,
} from './registration.ts';

const tr = (key: string, params?: Record<string, string | number>) =>
  message(key as Parameters<typeof message>[0], 'en', params);

const filled: RegisterFormValues = {
  ...emptyRegisterForm,
  lastName: 'Yamada',
  firstName: 'Taro',
  mail: 'taro@example.com',
  pass: 'secret12',
  confirmPass: 'secret12',
  country_id: '392',
  zipcode: '1000001',
  pref_id: '13',
  shiku: 'Chiyoda-ku',
  agree: true,
};

describe('registration payload', () => {
  it('sends the prefecture id in jp mode and 99 abroad', () => {
    expect(toPayload(filled, [{ id: 13, name: '東京都' }])).toMatchObject({
      pref_id: 13,
      country: '東京都',
      country_id: 392,
    });
    const abroad = toPayload({ ...filled, country_id: '840', pref_id: '', country: 'California' });
    expect(abroad).toMatchObject({ pref_id: 99, country: 'California', country_id: 840 });
  });

  it('keeps the password out of the confirm page query', () => {
    const q = toQuery(filled);
    expect(q.toString()).not.toContain('secret12');
    expect(q.get('countryId')).toBe('392');
    expect(q.get('zipCode')).toBe('1000001');
    expect(q.get('prefectureId')).toBe('13');
    const back = fromQuery(q);
    expect(back.mail).toBe('taro@example.com');
    expect(back.pass).toBe('');
  });
});

describe('client-side validation', () => {
  it('passes a complete form', () => {
    expect(validateRegistration(filled, tr)).toEqual({});
  });

  it("uses the catalogue's messages", () => {
    const errors = validateRegistration({ ...emptyRegisterForm }, tr);
    expect(errors.lastName).toBe('This field is required.');
    expect(errors.mail).toBe('This field is required.');
    expect(errors.agree).toBe('Please agree to the terms of service');
  });

  it('checks the confirmation and shows errors.pass under both inputs', () => {
    const errors = validateRegistration({ ...filled, confirmPass: 'other123' }, tr);
    expect(errors.pass).toBe('Does not match password confirmation');
    expect(errors.confirmPass).toBe(errors.pass);
  });

  it('fills {max} in too_long', () => {
    const errors = validateRegistration({ ...filled, lastName: 'x'.repeat(51) }, tr);
    expect(errors.lastName).toBe('Please enter at most 50 characters.');
  });

  it('maps server error keys onto form fields', () => {
    expect(serverErrorsToForm({ referral_code: ['nope'], pass: ['bad'], mail: ['taken', 'x'] })).toEqual({
      referralCode: 'nope',
      pass: 'bad',
      confirmPass: 'bad',
      mail: 'taken',
    });
  });
});
