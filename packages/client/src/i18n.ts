import { useSyncExternalStore } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { LANG_COOKIE } from '@gacha/contract/envelope';
import type { Lang } from '@gacha/contract/messages';

/**
 * The language of the shop and of the console (react-i18next): the remembered choice, the `lang` cookie the
 * server answers in, the current language as a hook, and the contract's message catalogue (spec §8) as the
 * i18next namespace `messages`. Each app starts i18next its own way (the shop loads its namespaces lazily, the
 * console bundles its words) and names where its choice is kept (createLanguageChoice).
 */
export const LANGS: readonly Lang[] = ['en', 'ja'];

/**
 * The contract's catalogue as an i18next namespace: its files (@gacha/contract/locales/<lang>/messages.json,
 * or `catalogueTexts[lang]` of @gacha/contract/messages) are the namespace's resources as they are.
 */
export const MESSAGES_NS = 'messages';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'ja';
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

export interface LanguageChoiceOptions {
  /** localStorage key of the choice */
  storageKey: string;
  /** the `lang` cookie's path and SameSite: the server answers its refusals in the language it names */
  cookiePath: string;
  sameSite: 'lax' | 'strict';
  /** whether a `lang` cookie this page can read (one on the whole site) is a choice to start from */
  startFromCookie: boolean;
}

/**
 * Where an app keeps the language chosen in this browser: localStorage, and the `lang` cookie (on the path the
 * app's API answers from) for the server.
 */
export function createLanguageChoice({
  storageKey,
  cookiePath,
  sameSite,
  startFromCookie,
}: LanguageChoiceOptions) {
  /** The remembered language: localStorage, then (if so told) the cookie, then the browser's preference. */
  function initialLang(): Lang {
    try {
      const stored = localStorage.getItem(storageKey);
      if (isLang(stored)) return stored;
    } catch {
      // storage can be blocked; fall through
    }
    const cookie = startFromCookie ? readCookie(LANG_COOKIE) : undefined;
    if (isLang(cookie)) return cookie;
    const nav = typeof navigator !== 'undefined' ? navigator.language : 'en';
    return nav.toLowerCase().startsWith('ja') ? 'ja' : 'en';
  }

  /** Tells the server (the cookie) and the document. */
  function applyLang(lang: Lang): void {
    try {
      localStorage.setItem(storageKey, lang);
    } catch {
      // ignore
    }
    if (typeof document !== 'undefined') {
      document.cookie = `${LANG_COOKIE}=${lang}; path=${cookiePath}; max-age=${ONE_YEAR_S}; samesite=${sameSite}`;
      document.documentElement.lang = lang;
    }
  }

  async function changeLang(lang: Lang): Promise<void> {
    applyLang(lang);
    await i18next.changeLanguage(lang);
  }

  return { initialLang, applyLang, changeLang };
}

export function currentLang(): Lang {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLang(l) ? l : 'en';
}

function onLanguageChanged(notify: () => void): () => void {
  i18next.on('languageChanged', notify);
  return () => i18next.off('languageChanged', notify);
}

/** The current language, following the switch, without loading a namespace (for texts kept in the bundle). */
export function useLang(): Lang {
  return useSyncExternalStore(onLanguageChanged, currentLang, currentLang);
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A catalogue key's shape: lower-case words joined by `_` or `.` (a server's translated text has another). */
const KEY_SHAPE = /^[a-z][a-z0-9]*(?:[._][a-z0-9]+)*$/;

/**
 * A catalogue text by its key in the current language. A text that is no key (a refusal's message, which comes
 * translated) is shown as it is; a key the catalogue does not know gives the generic invalid-value message
 * (spec §5), so no raw key reaches a screen.
 */
function catalogueText(
  t: (key: string, params?: Record<string, string | number>) => string,
  exists: (key: string) => boolean,
  key: string,
  params: Record<string, string | number>,
): string {
  if (exists(key)) return t(key, params);
  return KEY_SHAPE.test(key) ? t('invalid') : key;
}

/** `catalogueText` outside React; the namespace must be loaded (the shop's pages call useCatalogue). */
export function catalogue(key: string, params: Record<string, string | number> = {}): string {
  const t = i18next.getFixedT(null, MESSAGES_NS);
  return catalogueText(t, (k) => i18next.exists(k, { ns: MESSAGES_NS }), key, params);
}

/** Hook form of `catalogue`: loads the catalogue (suspending meanwhile) and follows the language switch. */
export function useCatalogue(): Translate {
  const { t, i18n } = useTranslation(MESSAGES_NS);
  return (key, params = {}) => catalogueText(t, (k) => i18n.exists(k, { ns: MESSAGES_NS }), key, params);
}
