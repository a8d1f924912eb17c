import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './shop.en.json';
import ja from './shop.ja.json';

/** Every key path of a nested object, plural forms (_one, _other) folded into their key. */
function keys(obj: object, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const sub of keys(v, path)) out.add(sub);
    else out.add(path.replace(/_(zero|one|two|few|many|other)$/, ''));
  }
  return out;
}

function has(obj: object, path: string): boolean {
  let node: unknown = obj;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return false;
    const record = node as Record<string, unknown>;
    node = part in record ? record[part] : record[`${part}_other`];
    if (node === undefined) return false;
  }
  return true;
}

const SOURCES = ['../features', '../components', '../app'].map((d) => new URL(d, import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
        ? [readFileSync(join(dir, e.name), 'utf8')]
        : [],
  );
}

describe('the shop settings’ words (locales/shop.*.json)', () => {
  it('have the same keys in English and Japanese', () => {
    expect([...keys(ja)].sort()).toEqual([...keys(en)].sort());
  });

  it('hold every shop.… key the console names, in both languages', () => {
    const used = new Set<string>();
    const built = new Set<string>();
    for (const text of SOURCES.flatMap(sources))
      for (const m of text.matchAll(/['`"](shop\.[A-Za-z0-9_.]+?)(\$\{[^}]*\}[A-Za-z0-9_.]*)?['`"]/g))
        (m[2] ? built : used).add(m[1]!);
    expect(used.size).toBeGreaterThan(100);
    for (const key of used) {
      expect(has(en, key), `${key} in shop.en.json`).toBe(true);
      expect(has(ja, key), `${key} in shop.ja.json`).toBe(true);
    }
    // a key built from a value ('shop.banners.kinds.${k}'): some key must start so
    for (const prefix of built) {
      expect(
        [...keys(en)].some((k) => k.startsWith(prefix)),
        `${prefix}… in shop.en.json`,
      ).toBe(true);
      expect(
        [...keys(ja)].some((k) => k.startsWith(prefix)),
        `${prefix}… in shop.ja.json`,
      ).toBe(true);
    }
  });
});
