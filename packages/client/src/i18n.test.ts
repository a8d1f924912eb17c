import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@gacha/contract/messages';
import { catalogue, catalogueResources, MESSAGES_NS } from './i18n.ts';

describe('the message catalogue on a screen', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'ja',
      ns: [MESSAGES_NS],
      resources: {
        en: { [MESSAGES_NS]: catalogueResources(messages, 'en') },
        ja: { [MESSAGES_NS]: catalogueResources(messages, 'ja') },
      },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  });

  it('writes a key in the current language with its placeholders filled', () => {
    expect(catalogue('invalid')).toBe(messages.invalid.ja);
    const withMax = Object.entries(messages).find(([, t]) => t.en.includes('{max}'));
    expect(withMax).toBeDefined();
    const [key, texts] = withMax!;
    expect(catalogue(key, { max: 7 })).toBe(texts.ja.replace('{max}', '7'));
  });

  it('shows no raw key: an unknown one reads as the invalid-value message', () => {
    expect(catalogue('no_such_key')).toBe(messages.invalid.ja);
    expect(catalogue('pack.no_such_thing')).toBe(messages.invalid.ja);
  });

  it('shows a text that is no key (a refusal translated by the server) as it is', () => {
    expect(catalogue('ジェムが足りません。')).toBe('ジェムが足りません。');
    expect(catalogue('You do not have enough gems.')).toBe('You do not have enough gems.');
  });
});
