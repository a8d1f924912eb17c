import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages, type Lang } from '@gacha/contract/messages';
import { catalogueResources, createLanguageChoice, LANGS, MESSAGES_NS } from '@gacha/client/i18n';
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
    [MESSAGES_NS]: catalogueResources(messages, 'en'),
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
    [MESSAGES_NS]: catalogueResources(messages, 'ja'),
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
    ns: ['console', MESSAGES_NS],
    defaultNS: 'console',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return i18next;
}
