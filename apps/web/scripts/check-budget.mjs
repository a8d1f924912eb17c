/* global URL, console, process, fetch, setTimeout, Buffer */
// The Top page's script budget (ARCHITECTURE.md), measured on what the server actually sends: the real
// server (apps/server/src/main.ts) serves the build, and the page and its scripts are fetched as Chromium asks
// for them (Accept-Encoding: gzip, deflate, br, zstd), then as a gzip-only client; the bytes counted are the
// bodies on the wire, in the encoding the server chose (a file sent uncompressed fails the check).
//
// - before the first paint: the scripts the page must run before it can paint. The page is prerendered
//   (scripts/prerender.mjs): a classic script in it would block the paint, the entry module (main.tsx) runs at
//   once and starts the app after the first frame; budget 100 KB as served.
// - the page's start: everything the page loads at once to hydrate and show its live parts (#root's data-preload);
//   reported, with a ceiling against regressions.
// Run after `npm run build -w apps/web`, as `npm run test:e2e` does.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BEFORE_PAINT_BUDGET = 100 * 1000;
const START_CEILING = { br: 200 * 1000, gzip: 230 * 1000 };
const root = new URL('../../../', import.meta.url).pathname;
const port = 44000 + (process.pid % 10000);
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), 'gacha-budget-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: join(dir, 'shop.sqlite'),
    PORT: String(port),
    PUBLIC_URL: base,
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The body as sent (no decoding: Node's fetch would decode, so the raw socket's bytes are counted). */
async function onTheWire(path, acceptEncoding, lang) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { headers: { 'accept-encoding': acceptEncoding, 'accept-language': lang } },
      (res) => {
        let bytes = 0;
        const chunks = [];
        res.on('data', (c) => {
          bytes += c.length;
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            encoding: res.headers['content-encoding'] ?? 'identity',
            bytes,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let failed = false;
try {
  await waitForServer();
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
  for (const [client, acceptEncoding, want] of [
    ['chromium', 'gzip, deflate, br, zstd', 'br'],
    ['gzip-only', 'gzip, deflate', 'gzip'],
  ]) {
    for (const lang of ['en', 'ja']) {
      const page = await onTheWire('/', acceptEncoding, lang);
      const html = (
        page.encoding === 'br'
          ? brotliDecompressSync(page.body)
          : page.encoding === 'gzip'
            ? gunzipSync(page.body)
            : page.body
      ).toString();
      if (!html.includes(`<html lang="${lang}"`) || !html.includes('data-page="index"')) {
        console.log(`FAIL top page (${lang}): not the prerendered page in its language`);
        failed = true;
      }
      const blocking = [
        ...html.matchAll(/<script(?![^>]*(?:type="module"|\bdefer\b|\basync\b))[^>]*\bsrc="([^"]+)"/g),
      ];
      const entry = [...html.matchAll(/<script type="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      // the modules the app starts with: asked for by the entry after the first paint (#root's data-preload)
      const preloads = (html.match(/<div id="root"[^>]*\bdata-preload="([^"]*)"/)?.[1] ?? '')
        .split(' ')
        .filter(Boolean);
      if (!preloads.length) throw new Error(`top page (${lang}): no data-preload on #root`);
      const sizes = new Map();
      for (const src of [...blocking.map((m) => m[1]), ...entry, ...preloads]) {
        const res = await onTheWire(src, acceptEncoding, lang);
        if (res.status !== 200) throw new Error(`${src}: HTTP ${res.status}`);
        if (res.encoding !== want && res.bytes > 1024) {
          console.log(`FAIL ${src} sent as ${res.encoding} to a ${client} client (${res.bytes} B)`);
          failed = true;
        }
        sizes.set(src, res.bytes);
      }
      const sum = (list) => list.reduce((s, src) => s + sizes.get(src), 0);
      const beforePaint = sum([...blocking.map((m) => m[1]), ...entry]);
      const start = sum([...entry, ...preloads]);
      const okPaint = beforePaint <= BEFORE_PAINT_BUDGET;
      const okStart = start <= START_CEILING[want];
      failed ||= !okPaint || !okStart;
      console.log(
        `${okPaint ? 'ok  ' : 'OVER'} top page (${lang}, ${client}, ${want}): script before the first paint ${(beforePaint / 1000).toFixed(1)} kB of ${BEFORE_PAINT_BUDGET / 1000} kB (${blocking.length} blocking, ${entry.length} entry module)`,
      );
      console.log(
        `${okStart ? 'ok  ' : 'OVER'} top page (${lang}, ${client}, ${want}): script to start the app ${(start / 1000).toFixed(1)} kB in ${entry.length + preloads.length} files (ceiling ${START_CEILING[want] / 1000} kB)`,
      );
    }
  }
} catch (err) {
  console.log(`FAIL ${err instanceof Error ? err.message : String(err)}`);
  failed = true;
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
