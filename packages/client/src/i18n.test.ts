import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueTexts, langs, message, type MessageKey } from '@gacha/contract/messages';
import { catalogue, MESSAGES_NS } from './i18n.ts';

describe('the message catalogue on a screen', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'ja',
      ns: [MESSAGES_NS],
      resources: {
        en: { [MESSAGES_NS]: catalogueTexts.en },
        ja: { [MESSAGES_NS]: catalogueTexts.ja },
      },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  });

  it('writes a key in the current language with its placeholders filled', () => {
    expect(catalogue('invalid')).toBe(catalogueTexts.ja.invalid);
    const withMax = Object.entries(catalogueTexts.ja).find(([, text]) => text.includes('{{max}}'));
    expect(withMax).toBeDefined();
    const [key, text] = withMax!;
    expect(catalogue(key, { max: 7 })).toBe(text.replace('{{max}}', '7'));
  });

  it('fills placeholders as the server does (message)', () => {
    const keys = Object.keys(catalogueTexts.en) as MessageKey[];
    const withParams = keys.filter((key) => catalogueTexts.en[key].includes('{{'));
    expect(withParams.length).toBeGreaterThan(0);
    for (const lang of langs) {
      const t = i18next.getFixedT(lang, MESSAGES_NS);
      for (const key of withParams) {
        const params = Object.fromEntries(
          [...catalogueTexts.en[key].matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1]!, `<${m[1]!}>`]),
        );
        expect(t(key, params), `${lang} ${key}`).toBe(message(key, lang, params));
        expect(t(key, params)).not.toContain('{');
      }
    }
  });

  it('shows no raw key: an unknown one reads as the invalid-value message', () => {
    expect(catalogue('no_such_key')).toBe(catalogueTexts.ja.invalid);
    expect(catalogue('pack.no_such_thing')).toBe(catalogueTexts.ja.invalid);
  });

  it('shows a text that is no key (a refusal translated by the server) as it is', () => {
    expect(catalogue('ジェムが足りません。')).toBe('ジェムが足りません。');
    expect(catalogue('You do not have enough gems.')).toBe('You do not have enough gems.');
  });
});
