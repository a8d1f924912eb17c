import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import paymentsEn from './payments.en.json';
import paymentsJa from './payments.ja.json';
import shippingEn from './shipping.en.json';
import shippingJa from './shipping.ja.json';

/** The payments' (pay.) and the fulfilment's (fulfil.) words (issue 17 points 2 and 3), as members-locales.test.ts checks its own. */

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

const DIRS = ['../features/payments', '../features/shipments', '../app'].map(
  (d) => new URL(d, import.meta.url).pathname,
);
const sources = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
    .map((f) => readFileSync(join(dir, f), 'utf8'));

for (const { prefix, en, ja } of [
  { prefix: 'pay', en: paymentsEn, ja: paymentsJa },
  { prefix: 'fulfil', en: shippingEn, ja: shippingJa },
]) {
  describe(`locales/${prefix === 'pay' ? 'payments' : 'shipping'}.*.json`, () => {
    it('have the same keys in English and Japanese', () => {
      expect([...keys(ja)].sort()).toEqual([...keys(en)].sort());
    });
    it(`hold every ${prefix}.… key the pages name`, () => {
      const pattern = new RegExp(
        `['\`"](${prefix}\\.[A-Za-z0-9_.-]+?)(\\$\\{[^}]*\\}[A-Za-z0-9_.-]*)?['\`"]`,
        'g',
      );
      const used = new Set<string>();
      const built = new Set<string>();
      for (const text of DIRS.flatMap(sources))
        for (const m of text.matchAll(pattern)) (m[2] ? built : used).add(m[1]!);
      expect(used.size).toBeGreaterThan(20);
      for (const key of used) {
        expect(has(en, key), `${key} en`).toBe(true);
        expect(has(ja, key), `${key} ja`).toBe(true);
      }
      for (const start of built)
        expect(
          [...keys(en)].some((k) => k.startsWith(start)),
          start,
        ).toBe(true);
    });
  });
}
