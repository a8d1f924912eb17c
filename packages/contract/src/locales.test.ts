import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { langs } from './messages.ts';

/**
 * Every text of the repository in one format, i18next's: locales/<lang>/<namespace>.json, nested keys,
 * `{{name}}` placeholders. For each locale folder (the contract's catalogue, the server's own texts, the shop's
 * and, once laid out so, the console's), English and Japanese have the same namespaces, the same keys (a plural's
 * forms, `_one`, `_other`…, counted as one key: the languages have different forms) and each key the same
 * placeholders; no text is empty and none still writes a placeholder with single braces (`{max}`).
 */

const root = new URL('../../../', import.meta.url).pathname;

const LOCALE_FOLDERS = [
  { dir: 'packages/contract/src/locales', required: true },
  { dir: 'apps/server/src/locales', required: true },
  { dir: 'apps/web/src/locales', required: true },
  // the console's words, when they are laid out per language (locales/<lang>/<namespace>.json)
  { dir: 'apps/admin/src/locales', required: false },
];

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** `{{name}}`, `{{- name}}` (unescaped), `{{name, number}}` (formatted): the name. */
const PLACEHOLDER = /\{\{-?\s*([\w.]+)\s*(?:,[^{}]*)?\}\}/g;
/** A placeholder in single braces (`{max}`), which i18next would show as it is. */
const SINGLE_BRACE = /(?<!\{)\{\s*[\w.]+\s*\}(?!\})/;

type Leaves = Map<string, string[]>;

/** Every text of a namespace by its key path, a plural's forms gathered under their key. */
function leaves(node: unknown, path: string, out: Leaves, file: string): Leaves {
  if (typeof node === 'string') {
    const key = path.replace(PLURAL, '');
    out.set(key, [...(out.get(key) ?? []), node]);
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) leaves(v, path ? `${path}.${k}` : k, out, file);
  } else {
    throw new Error(`${file}: ${path} is neither a text nor an object`);
  }
  return out;
}

function placeholders(texts: string[]): string[] {
  return [...new Set(texts.flatMap((t) => [...t.matchAll(PLACEHOLDER)].map((m) => m[1]!)))].sort();
}

function namespaces(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

const present = LOCALE_FOLDERS.filter(({ dir, required }) => {
  if (required) return true;
  return langs.every((lang) => existsSync(join(root, dir, lang)));
});

describe.each(present)('the texts in $dir', ({ dir }) => {
  const folder = join(root, dir);
  const read = (lang: string, ns: string): Leaves => {
    const file = join(dir, lang, `${ns}.json`);
    return leaves(JSON.parse(readFileSync(join(root, file), 'utf8')), '', new Map(), file);
  };

  it('has the same namespaces in every language', () => {
    const en = namespaces(join(folder, 'en'));
    expect(en.length).toBeGreaterThan(0);
    for (const lang of langs) expect(namespaces(join(folder, lang)), lang).toEqual(en);
  });

  it('has the same keys and placeholders in every language, no empty text, no single braces', () => {
    const problems: string[] = [];
    for (const ns of namespaces(join(folder, 'en'))) {
      const en = read('en', ns);
      if (!en.size) problems.push(`en/${ns}.json: no texts`);
      for (const lang of langs) {
        const texts = read(lang, ns);
        const file = `${lang}/${ns}.json`;
        for (const key of en.keys()) if (!texts.has(key)) problems.push(`${file}: ${key} missing`);
        for (const [key, forms] of texts) {
          const english = en.get(key);
          if (!english) {
            problems.push(`${file}: ${key} is not in English`);
            continue;
          }
          const want = placeholders(english).join(', ');
          const have = placeholders(forms).join(', ');
          if (have !== want)
            problems.push(`${file}: ${key} has placeholders {{${have}}}, English {{${want}}}`);
          for (const text of forms) {
            if (!text.trim()) problems.push(`${file}: ${key} is empty`);
            if (SINGLE_BRACE.test(text))
              problems.push(`${file}: ${key} writes a placeholder in single braces`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the catalogue as the namespace `messages`', () => {
  it('is the contract’s: no app has a namespace of that name', () => {
    for (const { dir } of present.filter((f) => !f.dir.startsWith('packages/contract')))
      expect(namespaces(join(root, dir, 'en')), dir).not.toContain('messages');
  });
});
