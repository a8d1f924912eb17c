import { useSyncExternalStore } from 'react';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANG_COOKIE } from '@gacha/contract/envelope';
import { messages, type Lang } from '@gacha/contract/messages';
import en from '../locales/en.json';
import ja from '../locales/ja.json';
import shopEn from '../locales/shop.en.json';
import shopJa from '../locales/shop.ja.json';
import membersEn from '../locales/members.en.json';
import membersJa from '../locales/members.ja.json';
import dashboardEn from '../locales/dashboard.en.json';
import dashboardJa from '../locales/dashboard.ja.json';
import paymentsEn from '../locales/payments.en.json';
import paymentsJa from '../locales/payments.ja.json';
import shippingEn from '../locales/shipping.en.json';
import shippingJa from '../locales/shipping.ja.json';
import accountingEn from '../locales/accounting.en.json';
import accountingJa from '../locales/accounting.ja.json';

/**
 * The console in English and Japanese (react-i18next). Both languages are bundled (the console is small and
 * staff switch often): the namespace `console` holds the console's own words (locales/en.json, locales/ja.json,
 * the same keys in both; a test checks it), `messages` the contract's catalogue (spec §8), which the zod
 * schemas' issues name.
 *
 * The choice is kept in localStorage and in a `lang` cookie on the console's API path only (/api/admin), so the
 * server answers its refusals in the staff member's language without changing the shop's language in this
 * browser (the more specific path is sent first, and the server reads the first).
 */
export const LANGS: readonly Lang[] = ['en', 'ja'];
const STORAGE_KEY = 'gacha.admin.lang';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'ja';
}

function catalogueOf(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(messages)) out[key] = texts[lang].replace(/\{(\w+)\}/g, '{{$1}}');
  return out;
}

export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLang(stored)) return stored;
  } catch {
    // storage can be blocked
  }
  const nav = typeof navigator !== 'undefined' ? navigator.language : 'en';
  return nav.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

function applyLang(lang: Lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // ignore
  }
  if (typeof document !== 'undefined') {
    document.cookie = `${LANG_COOKIE}=${lang}; path=/api/admin; max-age=${ONE_YEAR_S}; samesite=strict`;
    document.documentElement.lang = lang;
  }
}

export const resources = {
  // the shop settings' pages keep their words under `shop.` in files of their own
  // so do the members' and the dashboard's, and the payments' (pay.) and the fulfilment's (fulfil.)
  en: {
    console: {
      ...en,
      ...shopEn,
      ...membersEn,
      ...dashboardEn,
      ...paymentsEn,
      ...shippingEn,
      ...accountingEn,
    },
    messages: catalogueOf('en'),
  },
  ja: {
    console: {
      ...ja,
      ...shopJa,
      ...membersJa,
      ...dashboardJa,
      ...paymentsJa,
      ...shippingJa,
      ...accountingJa,
    },
    messages: catalogueOf('ja'),
  },
};

export async function setupI18n(lng: Lang = initialLang()): Promise<typeof i18next> {
  applyLang(lng);
  if (i18next.isInitialized) {
    await i18next.changeLanguage(lng);
    return i18next;
  }
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    supportedLngs: LANGS as Lang[],
    ns: ['console', 'messages'],
    defaultNS: 'console',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return i18next;
}

export async function changeLang(lang: Lang): Promise<void> {
  applyLang(lang);
  await i18next.changeLanguage(lang);
}

export function currentLang(): Lang {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLang(l) ? l : 'en';
}

function onLanguageChanged(notify: () => void): () => void {
  i18next.on('languageChanged', notify);
  return () => i18next.off('languageChanged', notify);
}

export function useLang(): Lang {
  return useSyncExternalStore(onLanguageChanged, currentLang);
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A catalogue text (contract messages.ts) by its key, in the current language; a text that is no key (the
 * server's refusals come translated already) is shown as it is.
 */
export function useCatalogue(): Translate {
  const { t, i18n } = useTranslation('messages');
  return (key, params = {}) => (i18n.exists(key, { ns: 'messages' }) ? t(key, params) : key);
}
