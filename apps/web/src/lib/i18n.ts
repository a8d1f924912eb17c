import { useSyncExternalStore } from 'react';
import i18next, { type InitOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANG_COOKIE } from '@gacha/contract/envelope';
import type { Lang } from '@gacha/contract/messages';
import { isChunkLoadError, reloadForNewBuild } from './chunk-reload.ts';

export const LANGS: readonly Lang[] = ['en', 'ja'];
export const NAMESPACES = [
  'common',
  'packs',
  'auth',
  'account',
  'gacha',
  'history',
  'member',
  'payments',
  'coins',
  'transfer',
  'site',
  'board',
] as const;
const STORAGE_KEY = 'gacha.lang';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * One lazy chunk per locale file, loaded by a small i18next backend: the Top page loads only `common` and
 * `packs` of the member's language before its first paint (budget: 150 KB gzip); other namespaces load when a
 * page asks for them (react-i18next suspends meanwhile), the other language when the member switches.
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyLocaleBackend = {
  type: 'backend' as const,
  init() {},
  read(lang: string, ns: string, done: (err: unknown, data: Record<string, unknown> | false) => void) {
    if (ns === MESSAGES_NS) {
      import('@gacha/contract/messages').then(
        (mod) => done(null, catalogueResources(mod.messages, lang)),
        (err: unknown) => {
          if (isChunkLoadError(err) && reloadForNewBuild()) return;
          done(err, false);
        },
      );
      return;
    }
    const load = localeFiles[`../locales/${lang}/${ns}.json`];
    if (!load) {
      done(new Error(`no locale file ${lang}/${ns}`), false);
      return;
    }
    load().then(
      (mod) => done(null, mod.default),
      (err: unknown) => {
        // a locale chunk of the build before a deploy: reload to the new one (the page waits meanwhile)
        if (isChunkLoadError(err) && reloadForNewBuild()) return;
        done(err, false);
      },
    );
  },
};

/** The contract's message catalogue (spec §8) as the i18next namespace `messages`, loaded on demand. */
export const MESSAGES_NS = 'messages';

export function catalogueResources(
  catalogue: Record<string, { en: string; ja: string }>,
  lang: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(catalogue)) {
    const text = lang === 'ja' ? texts.ja : texts.en;
    out[key] = text.replace(/\{(\w+)\}/g, '{{$1}}'); // '{max}' → i18next's '{{max}}'
  }
  return out;
}

/** Namespaces loaded before the first render. */
const STARTUP_NAMESPACES = ['common', 'packs'];

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'ja';
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

/** The remembered language of this browser: localStorage, then the cookie, then the browser's preference. */
export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLang(stored)) return stored;
  } catch {
    // storage can be blocked; fall through
  }
  const cookie = readCookie(LANG_COOKIE);
  if (isLang(cookie)) return cookie;
  const nav = typeof navigator !== 'undefined' ? navigator.language : 'en';
  return nav.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/** Tells the server (which answers in the `lang` cookie's language) and the document. */
function applyLang(lang: Lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // ignore
  }
  if (typeof document !== 'undefined') {
    document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
    document.documentElement.lang = lang;
  }
}

/**
 * The options the browser's i18next and the prerender's (entry-prerender.tsx) share: the served page and the app
 * that hydrates it must write every text alike.
 */
export const SHARED_I18N_OPTIONS = {
  fallbackLng: false,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false, // i18next otherwise writes an advertisement to every visitor's console
  react: { useSuspense: true },
} as const satisfies InitOptions;

/**
 * Starts i18next in the remembered language; resolves once that language's texts are loaded: the startup
 * namespaces and `extraNamespaces` (a prerendered page's, so it hydrates without waiting).
 */
export async function setupI18n(extraNamespaces: readonly string[] = []): Promise<typeof i18next> {
  const lng = initialLang();
  applyLang(lng);
  await i18next
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      ...SHARED_I18N_OPTIONS,
      lng,
      supportedLngs: LANGS as Lang[],
      ns: [...new Set([...STARTUP_NAMESPACES, ...extraNamespaces])],
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

/** The current language, following the switch, without loading a namespace (for texts kept in the bundle). */
export function useLang(): Lang {
  return useSyncExternalStore(onLanguageChanged, currentLang, currentLang);
}

/**
 * A catalogue text (contract messages.ts) in the current language; an unknown key gives the generic
 * invalid-value message (spec §5). The namespace must be loaded: pages that use it call useCatalogue().
 */
export function catalogue(key: string, params: Record<string, string | number> = {}): string {
  const t = i18next.getFixedT(null, MESSAGES_NS);
  return i18next.exists(key, { ns: MESSAGES_NS }) ? t(key, params) : t('invalid');
}

/** Hook form of `catalogue`: loads the catalogue (suspending meanwhile) and follows the language switch. */
export function useCatalogue(): (key: string, params?: Record<string, string | number>) => string {
  const { t, i18n } = useTranslation(MESSAGES_NS);
  return (key, params = {}) => (i18n.exists(key, { ns: MESSAGES_NS }) ? t(key, params) : t('invalid'));
}
