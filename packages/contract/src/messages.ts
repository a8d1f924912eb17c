import en from './locales/en/messages.json' with { type: 'json' };
import ja from './locales/ja/messages.json' with { type: 'json' };

/**
 * The one message catalogue (spec §8). The server answers field errors and alerts in the member's language
 * from here; the web app and the console use the same keys for messages they raise themselves, as the i18next
 * namespace `messages`. The texts are i18next's resources as they are: locales/<lang>/messages.json, the same
 * keys in both languages, placeholders written `{{name}}` (a test checks both).
 */

export type MessageKey = keyof typeof en;
export type Lang = 'en' | 'ja';
export const langs: readonly Lang[] = ['en', 'ja'];

/** Every text of the catalogue by language (the namespace `messages` of each language, for i18next). */
export const catalogueTexts: Readonly<Record<Lang, Readonly<Record<MessageKey, string>>>> = { en, ja };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/**
 * A text with its `{{name}}` placeholders filled in, as i18next fills them (no escaping); a placeholder without a
 * value is left as it is. Used by `message` and by the server's own texts.
 */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}

/** The text of a catalogue key in a language, with `{{name}}` placeholders filled in. */
export function message(key: MessageKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return interpolate(catalogueTexts[lang][key], params);
}
