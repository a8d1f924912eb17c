import type { ParseKeys } from 'i18next';
import accountingEn from './en/accounting.json';
import consoleEn from './en/console.json';
import dashboardEn from './en/dashboard.json';
import membersEn from './en/members.json';
import paymentsEn from './en/payments.json';
import shippingEn from './en/shipping.json';
import shopEn from './en/shop.json';
import accountingJa from './ja/accounting.json';
import consoleJa from './ja/console.json';
import dashboardJa from './ja/dashboard.json';
import membersJa from './ja/members.json';
import paymentsJa from './ja/payments.json';
import shippingJa from './ja/shipping.json';
import shopJa from './ja/shop.json';

/**
 * The console's words, as the shop keeps its own: `<lang>/<namespace>.json`, one i18next namespace per file, so
 * two files cannot hold the same key. `console` holds the words every page shares (common., table., pager., …)
 * and the catalogue's pages (packs, cards, staff, audit); each area has its own: a component asks for its
 * namespace (`useTranslation('shop')`) and names another's keys with its prefix (`t('console:common.save')`).
 * Both languages have the same keys (a test checks it); the English files give i18next's key types
 * (i18next.d.ts), so a key no file holds fails the typecheck.
 */
export const NAMESPACES = [
  'console',
  'shop',
  'members',
  'dashboard',
  'payments',
  'shipping',
  'accounting',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const locales = {
  en: {
    console: consoleEn,
    shop: shopEn,
    members: membersEn,
    dashboard: dashboardEn,
    payments: paymentsEn,
    shipping: shippingEn,
    accounting: accountingEn,
  },
  ja: {
    console: consoleJa,
    shop: shopJa,
    members: membersJa,
    dashboard: dashboardJa,
    payments: paymentsJa,
    shipping: shippingJa,
    accounting: accountingJa,
  },
} satisfies Record<'en' | 'ja', Record<Namespace, object>>;

/** The English words of a namespace, for a type that names keys under a group: `keyof Words<'dashboard'>['figures']`. */
export type Words<N extends Namespace> = (typeof locales)['en'][N];

/** A key of any of the console's namespaces, written with its namespace: `shop:nav.banners`. */
export type QualifiedKey = Extract<ParseKeys<Namespace[]>, `${string}:${string}`>;
