import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import accountingEn from './accounting.en.json';
import accountingJa from './accounting.ja.json';
import dashboardEn from './dashboard.en.json';
import dashboardJa from './dashboard.ja.json';
import membersEn from './members.en.json';
import membersJa from './members.ja.json';
import paymentsEn from './payments.en.json';
import paymentsJa from './payments.ja.json';
import shippingEn from './shipping.en.json';
import shippingJa from './shipping.ja.json';
import shopEn from './shop.en.json';
import shopJa from './shop.ja.json';

/**
 * The words of the console's areas, each file under one key prefix (shop., members., dashboard., pay., fulfil.,
 * acct.): both languages have the same keys, and every key of the prefix the console names is there.
 */

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

/** Permission names (lib/me.ts), which read like keys. */
const PERMISSIONS = new Set(['members.read', 'members.pii', 'members.write', 'dashboard.read']);

const FILES = [
  { prefix: 'shop', en: shopEn, ja: shopJa, least: 100 },
  { prefix: 'members', en: membersEn, ja: membersJa, least: 150 },
  { prefix: 'dashboard', en: dashboardEn, ja: dashboardJa, least: 40 },
  { prefix: 'pay', en: paymentsEn, ja: paymentsJa, least: 20 },
  { prefix: 'fulfil', en: shippingEn, ja: shippingJa, least: 20 },
  { prefix: 'acct', en: accountingEn, ja: accountingJa, least: 30 },
];

for (const { prefix, en, ja, least } of FILES) {
  describe(`the ${prefix}.… words`, () => {
    it('have the same keys in English and Japanese', () => {
      expect([...keys(ja)].sort()).toEqual([...keys(en)].sort());
    });

    it(`hold every ${prefix}.… key the console names, in both languages`, () => {
      const used = new Set<string>();
      const built = new Set<string>();
      const pattern = new RegExp(
        `['\`"](${prefix}\\.[A-Za-z0-9_.-]+?)(\\$\\{[^}]*\\}[A-Za-z0-9_.-]*)?['\`"]`,
        'g',
      );
      for (const text of SOURCES.flatMap(sources))
        for (const m of text.matchAll(pattern)) if (!PERMISSIONS.has(m[1]!)) (m[2] ? built : used).add(m[1]!);
      expect(used.size).toBeGreaterThan(least);
      for (const key of used) {
        expect(has(en, key), `${key} in ${prefix}.en.json`).toBe(true);
        expect(has(ja, key), `${key} in ${prefix}.ja.json`).toBe(true);
      }
      // a key built from a value ('members.tabs.${tab}'): some key must start so
      for (const start of built) {
        expect(
          [...keys(en)].some((k) => k.startsWith(start)),
          `${start}… in ${prefix}.en.json`,
        ).toBe(true);
        expect(
          [...keys(ja)].some((k) => k.startsWith(start)),
          `${start}… in ${prefix}.ja.json`,
        ).toBe(true);
      }
    });
  });
}
