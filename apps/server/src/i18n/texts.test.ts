import { describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import { isTextKey, text } from './texts.ts';

describe('the server’s own texts', () => {
  it('answer a key of a namespace in the language, placeholders filled as the catalogue fills them', () => {
    expect(text('site', 'supportHours', 'en')).toBe('Weekdays 10:00–17:00 (Japan time)');
    expect(text('site', 'supportHours', 'ja')).toBe('平日 10:00〜17:00（日本時間）');
    expect(text('mail', 'reset_code.subject', 'ja', { site: 'S' })).toBe('【S】認証コードのお知らせ');
    expect(text('mail', 'smsCode', 'en', { site: 'S', code: '123', minutes: 5 })).toBe(
      '[S] Your verification code is 123 (valid 5 minutes). Never share it.',
    );
    // the same interpolation as the catalogue's: a placeholder without a value stays as it is
    expect(text('mail', 'bank_transfer.payByValue', 'en')).toBe('{{deadline}} (Japan time)');
    expect(message('too_long', 'en')).toBe('Please enter at most {{max}} characters.');
  });

  it('tell a key built from a value from one that is none', () => {
    expect(isTextKey('sandbox', 'methods.card')).toBe(true);
    expect(isTextKey('sandbox', 'methods.no_such_method')).toBe(false);
    expect(isTextKey('sandbox', 'methods')).toBe(false); // a group, not a text
    expect(isTextKey('sandbox', 'methods.toString')).toBe(false);
  });
});
