import type { MESSAGES_NS } from '@gacha/client/i18n';
import type { locales } from './locales/index.ts';

/**
 * i18next's key types for the console: its namespaces as the English files have them (locales/en/*.json), so a
 * `t('…')` whose key no file holds, or holds in another namespace than the component asked for, fails the
 * typecheck (`useTranslation('shop')`: `t('title')`; with `useTranslation(['shop', 'console'])` also
 * `t('console:common.save')`). A key built from a value the server names (a reason, a method) gives its
 * `defaultValue`, which i18next's types let through. `messages`, the contract's catalogue, is looked up by the
 * keys the server and the schemas send.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'console';
    resources: (typeof locales)['en'] & { [MESSAGES_NS]: Record<string, string> };
  }
}
