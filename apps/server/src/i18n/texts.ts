import { interpolate, type Lang } from '@gacha/contract/messages';
import mailEn from '../locales/en/mail.json' with { type: 'json' };
import mailJa from '../locales/ja/mail.json' with { type: 'json' };
import sandboxEn from '../locales/en/sandbox.json' with { type: 'json' };
import sandboxJa from '../locales/ja/sandbox.json' with { type: 'json' };
import siteEn from '../locales/en/site.json' with { type: 'json' };
import siteJa from '../locales/ja/site.json' with { type: 'json' };

/**
 * The server's own texts (emails and SMS, the sandbox provider's pages, the site's details): one namespace per
 * file, locales/<lang>/<namespace>.json, laid out as the web app's and the contract's catalogue are (i18next's
 * resources: nested keys, `{{name}}` placeholders). The refusals of the API come from the catalogue
 * (@gacha/contract/messages), not from here.
 */
const en = { mail: mailEn, sandbox: sandboxEn, site: siteEn };
// Japanese has every text English has (a test checks the two have the same keys and placeholders)
const texts: Record<Lang, typeof en> = { en, ja: { mail: mailJa, sandbox: sandboxJa, site: siteJa } };

export type TextNamespace = keyof typeof en;

/** The dotted paths of the texts of a nested resource: 'reset_code.subject'. */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

export type TextKey<N extends TextNamespace> = Paths<(typeof en)[N]>;

function lookup(ns: TextNamespace, key: string, lang: Lang): string | undefined {
  let node: unknown = texts[lang][ns];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part))
      return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Whether `key` (one built from a value, such as a payment method) names a text of the namespace. */
export function isTextKey<N extends TextNamespace>(ns: N, key: string): key is TextKey<N> {
  return lookup(ns, key, 'en') !== undefined;
}

/** A text in a language with its `{{name}}` placeholders filled in (as the catalogue's `message` does). */
export function text<N extends TextNamespace>(
  ns: N,
  key: TextKey<N>,
  lang: Lang,
  params: Record<string, string | number> = {},
): string {
  return interpolate(lookup(ns, key, lang) ?? key, params);
}
