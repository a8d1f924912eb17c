import { describe, expect, it } from 'vitest';
import { message, type MessageKey } from '@gacha/contract/messages';
import {
  cardFormSchema,
  cardTokenizerCode,
  toTokenInput,
  tokenizerMessageKey,
} from '@gacha/contract/payments';
import { fieldErrors } from '../src/http/envelope.ts';
import { createTestApp } from './helpers.ts';
import { tokenize } from './fakes/shop.ts';

/**
 * Card inputs (spec §5) and the tokenizer's codes (spec §8) mapped to their 'X is invalid' messages, in both
 * languages — through the shared contract and through the sandbox tokenizer (POST /sandbox-pay/token).
 */
const t = await createTestApp(); // its clock: 2026-11-20 (JST)

const TEXT: Record<string, { en: string; ja: string }> = {
  number: { en: 'Card number is invalid', ja: 'カード番号が正しくありません' },
  expire: { en: 'Expiration date is invalid', ja: '有効期限が正しくありません' },
  cvc: { en: 'Security code is invalid', ja: 'セキュリティコードが正しくありません' },
  holder: { en: 'Cardholder name is invalid', ja: 'カード名義人が正しくありません' },
  maintenance: {
    en: 'Card payment is under maintenance. Please try again later.',
    ja: 'カード決済はメンテナンス中です。しばらくしてから再度お試しください。',
  },
  communication: {
    en: 'A communication error occurred. Please try again.',
    ja: '通信エラーが発生しました。もう一度お試しください。',
  },
  generic: { en: 'Card information is invalid', ja: 'カード情報が正しくありません' },
};

const codes: [
  string,
  Partial<Record<'card_number' | 'card_expire' | 'security_code' | 'cardholder_name', string>>,
  string,
  string,
][] = [
  ['missing number', { card_number: '' }, '1300', 'number'],
  ['number fails the Luhn check', { card_number: '4111111111111112' }, '1301', 'number'],
  ['number too short', { card_number: '411111111111' }, '1301', 'number'],
  ['number with letters', { card_number: '4111abcd11111111' }, '1301', 'number'],
  ['missing expiry', { card_expire: '' }, '1400', 'expire'],
  ['expiry format', { card_expire: '1/30' }, '1401', 'expire'],
  ['expiry letters', { card_expire: 'ab/cd' }, '1401', 'expire'],
  ['month 13', { card_expire: '13/30' }, '1500', 'expire'],
  ['month 00', { card_expire: '00/30' }, '1500', 'expire'],
  ['year too far', { card_expire: '12/99' }, '1501', 'expire'],
  ['expired last month', { card_expire: '10/26' }, '1502', 'expire'],
  ['expired years ago', { card_expire: '01/2020' }, '1502', 'expire'],
  ['missing security code', { security_code: '' }, '1600', 'cvc'],
  ['security code of 2', { security_code: '12' }, '1601', 'cvc'],
  ['security code of 5', { security_code: '12345' }, '1601', 'cvc'],
  ['missing holder', { cardholder_name: '' }, '1700', 'holder'],
  ['holder of 21 letters', { cardholder_name: 'A'.repeat(21) }, '1700', 'holder'],
  ['holder in kanji', { cardholder_name: '山田 太郎' }, '1700', 'holder'],
  ['maintenance test card', { card_number: '4000000000008000' }, '8000', 'maintenance'],
  ['communication test card', { card_number: '4000000000007001' }, '7001', 'communication'],
];

describe('the sandbox tokenizer: spec §8 codes with their messages in both languages', () => {
  for (const [name, card, code, text] of codes) {
    for (const lang of ['en', 'ja'] as const) {
      it(`${name} → ${code} (${lang})`, async () => {
        const r = await tokenize(t, card, { lang });
        expect(r.body).toEqual({ code, message: TEXT[text]![lang] });
        expect(r.status).toBe(code === '8000' || code === '7001' ? 503 : 400);
      });
    }
  }

  it('a valid card gives code success, a single-use token and the masked number (JSON or form)', async () => {
    for (const form of [false, true]) {
      const r = await tokenize(t, { card_number: '4111 1111 1111 1111', card_expire: '11/26' }, { form });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ code: 'success', req_card_number: '411111******1111' });
      expect(r.body.token).toMatch(/^tok_/);
    }
    expect((await tokenize(t, { card_expire: '11/2026', security_code: '1234' })).body.code).toBe('success');
  });

  it('never stores the card number or the security code', async () => {
    await tokenize(t, { card_number: '4111111111111111', security_code: '987' });
    const rows = await t.db.selectFrom('sandbox_card_tokens').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('4111111111111111');
    expect(dump).not.toContain('987');
  });

  it('every code maps to its key, and an unknown code to the generic one', () => {
    const expected: Record<string, MessageKey> = {
      '1300': 'card_number_invalid',
      '1301': 'card_number_invalid',
      '1400': 'card_expire_invalid',
      '1401': 'card_expire_invalid',
      '1500': 'card_expire_invalid',
      '1501': 'card_expire_invalid',
      '1502': 'card_expire_invalid',
      '1600': 'card_cvc_invalid',
      '1601': 'card_cvc_invalid',
      '1700': 'card_holder_invalid',
      '8000': 'card_maintenance',
      '7001': 'card_communication',
      '9999': 'card_invalid',
      '': 'card_invalid',
    };
    for (const [code, key] of Object.entries(expected)) expect(tokenizerMessageKey(code), code).toBe(key);
    expect(message('card_invalid', 'en')).toBe(TEXT.generic!.en);
    expect(message('card_invalid', 'ja')).toBe(TEXT.generic!.ja);
    for (const key of [
      'card_number_invalid',
      'card_expire_invalid',
      'card_cvc_invalid',
      'card_holder_invalid',
      'card_invalid',
    ] as const)
      expect(message(key, 'en')).toMatch(/is invalid$/);
  });

  it('the expiry check runs in Japan time: this month is valid until its last day ends in Tokyo', () => {
    const input = {
      card_number: '4111111111111111',
      card_expire: '11/26',
      security_code: '123',
      cardholder_name: 'A',
    };
    expect(cardTokenizerCode(input, new Date('2026-11-30T14:59:59Z'))).toBeNull(); // 23:59:59 JST on 30 Nov
    expect(cardTokenizerCode(input, new Date('2026-11-30T15:00:00Z'))).toBe('1502'); // 1 Dec in Tokyo
  });
});

describe('the card-input form (spec §5): four boxes of 4, month 2, year 4, code 3, holder 20', () => {
  const valid = {
    number1: '4111',
    number2: '1111',
    number3: '1111',
    number4: '1111',
    expire_month: '12',
    expire_year: '2030',
    security_code: '123',
    holder: 'TARO YAMADA',
  };

  it('accepts a valid form, and its token input passes the tokenizer', async () => {
    const parsed = cardFormSchema.parse(valid);
    expect(toTokenInput(parsed)).toEqual({
      card_number: '4111111111111111',
      card_expire: '12/30',
      security_code: '123',
      cardholder_name: 'TARO YAMADA',
    });
    expect(cardTokenizerCode(toTokenInput(parsed), t.clock.now())).toBeNull();
  });

  const bad: [string, Record<string, unknown>, string, MessageKey][] = [
    ['a box of 3 digits', { number2: '111' }, 'number2', 'card_number_invalid'],
    ['a box with a letter', { number4: '111a' }, 'number4', 'card_number_invalid'],
    ['Luhn failure', { number4: '1112' }, 'number1', 'card_number_invalid'],
    ['month 13', { expire_month: '13' }, 'expire_month', 'card_expire_invalid'],
    ['month of 1 digit', { expire_month: '1' }, 'expire_month', 'card_expire_invalid'],
    ['year of 2 digits (4 on this form)', { expire_year: '30' }, 'expire_year', 'card_expire_invalid'],
    ['code of 4 (3 on this form)', { security_code: '1234' }, 'security_code', 'card_cvc_invalid'],
    ['holder of 21', { holder: 'B'.repeat(21) }, 'holder', 'card_holder_invalid'],
    ['empty holder', { holder: ' ' }, 'holder', 'card_holder_invalid'],
    ['number as a number', { number1: 4111 }, 'number1', 'card_number_invalid'],
    ['unknown field', { cvv: '123' }, 'cvv', 'unknown_field'],
  ];
  for (const [name, edit, field, key] of bad) {
    it(`${name} → ${field}: ${key} (en and ja)`, () => {
      const r = cardFormSchema.safeParse({ ...valid, ...edit });
      expect(r.success).toBe(false);
      const errors = fieldErrors(r.error!.issues);
      expect(errors[field]).toBe(key);
      if (key !== 'unknown_field') {
        expect(message(key, 'en')).toMatch(/is invalid$/);
        expect(message(key, 'ja')).toMatch(/正しくありません$/);
      }
    });
  }
});
