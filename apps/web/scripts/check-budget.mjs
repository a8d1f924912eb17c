/* global URL, console, process */
// Top page JavaScript budget (ARCHITECTURE.md: at most 150 KB gzip before the first paint).
// Before the first paint the browser runs the entry chunk (with its modulepreloads) and the member's language
// files `common` and `packs`; everything else is a lazy chunk. Run after `npm run build -w apps/web`.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const BUDGET = 150 * 1000;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const locale = (ns, ja) =>
  assets.find(
    (f) =>
      f.startsWith(`${ns}-`) && readFileSync(join(dist, 'assets', f), 'utf8').includes('ガチャジェム') === ja,
  );
let failed = false;
for (const lang of ['en', 'ja']) {
  const files = [...entry, ...['common', 'packs'].map((ns) => `assets/${locale(ns, lang === 'ja')}`)];
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  const ok = total <= BUDGET;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} top page JS before first paint (${lang}): ${(total / 1000).toFixed(1)} kB gzip of ${BUDGET / 1000} kB`,
  );
}
process.exit(failed ? 1 : 0);
