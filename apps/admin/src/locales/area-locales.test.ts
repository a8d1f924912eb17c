import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locales, NAMESPACES } from './index.ts';

/**
 * The console's words: one i18next namespace per file, `<lang>/<namespace>.json` (index.ts). Each namespace has
 * the same keys, with the same `{{placeholders}}`, in English and Japanese. That every key the console names is
 * in the files is the typecheck's part: i18next's key types come from the English files (i18next.d.ts).
 */

/** Every key path of a nested object and its text, plural forms (_one, _other) folded into their key. */
function texts(obj: object, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [sub, t] of texts(v, path)) out.set(sub, t);
    else {
      const key = path.replace(/_(zero|one|two|few|many|other)$/, '');
      out.set(key, [...(out.get(key) ?? []), String(v)]);
    }
  }
  return out;
}

/** The placeholders of a key's texts (all its plural forms), i18next's `{{x}}`. */
function placeholders(forms: string[]): string[] {
  return [...new Set(forms.flatMap((f) => [...f.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!)))].sort();
}

const files = (lang: string) =>
  readdirSync(join(dirname(fileURLToPath(import.meta.url)), lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

describe("the console's locale files", () => {
  it('are the namespaces index.ts bundles, in both languages', () => {
    expect(files('en')).toEqual([...NAMESPACES].sort());
    expect(files('ja')).toEqual([...NAMESPACES].sort());
  });
});

for (const ns of NAMESPACES) {
  describe(`the namespace ${ns}`, () => {
    const en = texts(locales.en[ns]);
    const ja = texts(locales.ja[ns]);

    it('has the same keys in English and Japanese', () => {
      expect(en.size).toBeGreaterThan(20);
      expect([...ja.keys()].sort()).toEqual([...en.keys()].sort());
    });

    it('has the same {{placeholders}} in both languages, and no single-brace ones', () => {
      for (const [key, forms] of en) {
        expect(placeholders(ja.get(key) ?? []), `${ns}:${key}`).toEqual(placeholders(forms));
      }
      for (const [key, forms] of [...en, ...ja])
        for (const text of forms)
          expect(text.replace(/\{\{\s*\w+\s*\}\}/g, ''), `${ns}:${key}: ${text}`).not.toMatch(/[{}]/);
    });
  });
}
