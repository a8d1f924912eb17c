import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '@gacha/contract/messages';
import {
  clearSecret,
  emptyRegisterForm,
  readDraft,
  readSecret,
  saveDraft,
  saveSecret,
  serverErrorsToForm,
  toPayload,
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

describe('the form draft (kept across a reload after a deploy)', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps every typed value but the passwords, and gives it back over the empty form', () => {
    expect(readDraft()).toBeNull();
    saveDraft({ ...filled, tel: '+81 90-1234-5678' });
    const draft = readDraft();
    expect(draft).toEqual({ ...filled, tel: '+81 90-1234-5678', pass: '', confirmPass: '' });
    expect(JSON.stringify(draft)).not.toContain('secret12');
  });

  it('ignores values of the wrong type and a broken draft', () => {
    sessionStorage.setItem(
      'gacha.register.draft',
      JSON.stringify({ lastName: 3, firstName: 'Taro', agree: 'yes' }),
    );
    expect(readDraft()).toEqual({ ...emptyRegisterForm, firstName: 'Taro' });
    sessionStorage.setItem('gacha.register.draft', '{not json');
    expect(readDraft()).toBeNull();
  });

  it('goes with the password once registration ends', () => {
    saveDraft(filled);
    saveSecret('secret12', 'secret12');
    clearSecret();
    expect(readDraft()).toBeNull();
    expect(readSecret()).toBeNull();
  });

  it('keeps the whole form for the confirm page, the prefecture included and the password apart', () => {
    saveDraft(filled);
    saveSecret('secret12', 'secret12');
    const kept = readDraft();
    expect(kept).toMatchObject({ mail: 'taro@example.com', country_id: '392', pref_id: '13', agree: true });
    expect(kept?.pass).toBe('');
    expect(readSecret()).toEqual({ pass: 'secret12', confirmPass: 'secret12' });
  });
});
