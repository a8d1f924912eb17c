import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogueTexts, type Lang } from '@gacha/contract/messages';
import { createLanguageChoice, LANGS, MESSAGES_NS } from '@gacha/client/i18n';
import { locales, NAMESPACES } from '../locales/index.ts';

/**
 * The console in English and Japanese (react-i18next). Both languages are bundled (the console is small and
 * staff switch often): the console's own words are one namespace per file, locales/<lang>/<namespace>.json
 * (`console`, the default, and one per area: `shop`, `members`, …; see locales/index.ts), `messages` the
 * contract's catalogue (spec §8), which the zod schemas' issues name.
 *
 * The choice is kept in localStorage and in a `lang` cookie on the console's API path only (/api/admin), so the
 * server answers its refusals in the staff member's language without changing the shop's language in this
 * browser (the more specific path is sent first, and the server reads the first).
 */
export {
  catalogue,
  currentLang,
  isLang,
  LANGS,
  useCatalogue,
  useLang,
  type Translate,
} from '@gacha/client/i18n';

const choice = createLanguageChoice({
  storageKey: 'gacha.admin.lang',
  cookiePath: '/api/admin',
  sameSite: 'strict',
  startFromCookie: false, // the shop's own choice (its cookie on the whole site) is not the console's
});
export const { initialLang, changeLang } = choice;

export const resources = {
  // one namespace per locale file (locales/index.ts): console, shop, members, dashboard, payments, …
  en: {
    ...locales.en,
    [MESSAGES_NS]: catalogueTexts.en,
  },
  ja: {
    ...locales.ja,
    [MESSAGES_NS]: catalogueTexts.ja,
  },
};

export async function setupI18n(lng: Lang = initialLang()): Promise<typeof i18next> {
  choice.applyLang(lng);
  if (i18next.isInitialized) {
    await i18next.changeLanguage(lng);
    return i18next;
  }
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    supportedLngs: LANGS as Lang[],
    ns: [...NAMESPACES, MESSAGES_NS],
    defaultNS: 'console',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return i18next;
}
