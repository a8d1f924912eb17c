import i18next, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@gacha/contract/messages';
import { createLanguageChoice, LANGS, MESSAGES_NS } from '@gacha/client/i18n';
import { isChunkLoadError, reloadForNewBuild } from './chunk-reload.ts';

export {
  catalogue,
  currentLang,
  isLang,
  LANGS,
  MESSAGES_NS,
  useCatalogue,
  useLang,
} from '@gacha/client/i18n';

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

/** The shop's choice: its cookie on the whole site, so the served pages and the API answer alike. */
const choice = createLanguageChoice({
  storageKey: 'gacha.lang',
  cookiePath: '/',
  sameSite: 'lax',
  startFromCookie: true,
});
export const { initialLang, changeLang } = choice;

/**
 * One lazy chunk per locale file, loaded by a small i18next backend: the Top page loads only `common` and
 * `packs` of the member's language before its first paint (budget: 150 KB gzip); other namespaces load when a
 * page asks for them (react-i18next suspends meanwhile), the other language when the member switches. The
 * namespace `messages` is the contract's catalogue, in the same layout (locales/<lang>/messages.json).
 */
type LocaleFile = () => Promise<{ default: Record<string, unknown> }>;
/** By `<lang>/<namespace>`. */
const localeFiles: Record<string, LocaleFile> = {
  ...Object.fromEntries(
    Object.entries(import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')).map(
      ([path, load]) => [path.slice('../locales/'.length, -'.json'.length), load],
    ),
  ),
  [`en/${MESSAGES_NS}`]: () => import('@gacha/contract/locales/en/messages.json'),
  [`ja/${MESSAGES_NS}`]: () => import('@gacha/contract/locales/ja/messages.json'),
};

const lazyLocaleBackend = {
  type: 'backend' as const,
  init() {},
  read(lang: string, ns: string, done: (err: unknown, data: Record<string, unknown> | false) => void) {
    const load = localeFiles[`${lang}/${ns}`];
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

/** Namespaces loaded before the first render. */
const STARTUP_NAMESPACES = ['common', 'packs'];

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
  choice.applyLang(lng);
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
