/**
 * Lighthouse bench: the mobile and desktop presets in Debian's Chromium against the built shop, for
 * Top, a pack's detail page and login; prints each page's scores and metrics, the script it transfers before
 * Its first paint, and what a second visit to Top transfers; then checks the page budgets (BUDGET below) and
 * exits 1 when one is missed, naming it.
 *
 *   npm run build && npm run bench:lighthouse -w bench
 *
 * Settings: BASE_URL (a shop already running; by default the bench starts the real server on a throwaway
 * SQLite file with the demo catalogue, on a loopback port of its own), RUNS (runs per page and preset, the
 * median is printed; default 3), PRESETS (mobile,desktop), PAGES (top,pack,login), CHROME_PATH
 * (/usr/bin/chromium), SAVE_DIR (keep each run's Lighthouse report there as JSON). Lighthouse never downloads a browser: it drives the one at CHROME_PATH.
 * Not part of CI (a minute or more, and its figures vary with the machine's load).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const PRESETS = (process.env.PRESETS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const PAGES = (process.env.PAGES ?? 'top,pack,login').split(',');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The real server (main.ts) on a throwaway SQLite file with the demo catalogue. */
async function startServer(): Promise<{ url: string; stop(): void }> {
  const port = 43000 + (process.pid % 10000);
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'gacha-lighthouse-'));
  // one process (node with tsx's loader), so stopping it stops the server
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: join(dir, 'shop.sqlite'),
      PORT: String(port),
      PUBLIC_URL: url,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A pack on sale (the demo catalogue's first that has lots left). */
async function packOnSale(base: string): Promise<number> {
  const res = await fetch(`${base}/api/user/pack/list`);
  const body = (await res.json()) as { list?: { id: number; pack_count?: number }[] };
  const pack = body.list?.find((p) => (p.pack_count ?? 0) > 0) ?? body.list?.[0];
  if (!pack) throw new Error(`no pack in ${JSON.stringify(body).slice(0, 200)}`);
  return pack.id;
}

interface Figures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  scriptKb: number;
  totalKb: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

function figures(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const bytes = (type?: string) =>
    requests.filter((r) => !type || r.resourceType === type).reduce((s, r) => s + (r.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    scriptKb: bytes('Script') / 1000,
    totalKb: bytes() / 1000,
  };
}

async function runLighthouse(url: string, preset: 'mobile' | 'desktop', port: number): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  };
  // a busy machine sometimes loses the trace (NO_NAVSTART): that run is made again, twice at most
  let result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++)
    result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  if (process.env.SAVE_DIR) {
    const name = `${preset}-${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    mkdirSync(process.env.SAVE_DIR, { recursive: true });
    writeFileSync(join(process.env.SAVE_DIR, name), JSON.stringify(result.lhr));
  }
  return result.lhr;
}

/**
 * Script before the first paint, as served: what the browser transferred (compressed, headers included) for
 * scripts whose response ended before the page's first contentful paint; and what a second visit to Top (same
 * browser, warm cache) transfers, with the files that came over the network again.
 */
async function visits(base: string) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    type Seen = { url: string; type: string; bytes: number; cached: boolean };
    let seen = new Map<string, Seen>();
    cdp.on('Network.responseReceived', (e) => {
      seen.set(e.requestId, {
        url: e.response.url,
        type: e.type,
        bytes: 0,
        cached: Boolean(
          e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker,
        ),
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = seen.get(e.requestId);
      if (s) s.bytes = e.encodedDataLength;
    });
    const fcpOf = async () =>
      page.evaluate(async () => {
        for (let i = 0; i < 100; i++) {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          if (fcp) return performance.timeOrigin + fcp.startTime;
          await new Promise((r) => setTimeout(r, 50));
        }
        return NaN;
      });
    const nav = async (url: string) => {
      seen = new Map();
      await page.goto(url, { waitUntil: 'networkidle' });
      const fcpWall = await fcpOf();
      const originWall = await page.evaluate(() => performance.timeOrigin);
      return { fcpMs: fcpWall - originWall, requests: [...seen.values()] };
    };
    const first = await nav(`${base}/`);
    // scripts before the first paint: by the page's own resource timing (responseEnd before FCP)
    const beforePaint = await page.evaluate((fcp) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return entries
        .filter(
          (e) => e.initiatorType === 'script' || e.initiatorType === 'link' || /\.js(\?|$)/.test(e.name),
        )
        .filter((e) => /\.js(\?|$)/.test(e.name) && e.responseEnd <= fcp)
        .map((e) => ({ url: e.name, bytes: e.transferSize }));
    }, first.fcpMs);
    const allScripts = first.requests.filter((r) => r.type === 'Script');
    const second = await nav(`${base}/`);
    const again = second.requests.filter((r) => !r.cached && r.bytes > 0);
    return {
      fcpMs: first.fcpMs,
      scriptBeforePaint: beforePaint.reduce((s, e) => s + e.bytes, 0),
      scriptsBeforePaint: beforePaint.length,
      scriptFirstVisit: allScripts.reduce((s, r) => s + r.bytes, 0),
      firstVisit: first.requests.reduce((s, r) => s + r.bytes, 0),
      secondVisit: again.reduce((s, r) => s + r.bytes, 0),
      secondVisitFiles: again.map((r) => `${r.type} ${new URL(r.url).pathname} ${r.bytes} B`),
    };
  } finally {
    await browser.close();
  }
}

/**
 * The page budgets: every run's performance score (a median would hide the run a member gets), the medians of
 * LCP, TBT and CLS, accessibility on every run; the script before Top's first paint and a second visit to Top.
 */
const BUDGET = {
  performance: { mobile: 95, desktop: 98 },
  accessibility: 100,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.1,
  scriptBeforePaintBytes: 100_000,
} as const;

function budgetMisses(preset: 'mobile' | 'desktop', page: string, runs: Figures[]): string[] {
  const misses: string[] = [];
  const m = (k: keyof Figures) => median(runs.map((r) => r[k]));
  const worst = Math.min(...runs.map((r) => r.performance));
  if (worst < BUDGET.performance[preset])
    misses.push(`${preset} ${page}: performance ${worst} on a run (budget ${BUDGET.performance[preset]})`);
  if (Math.min(...runs.map((r) => r.accessibility)) < BUDGET.accessibility)
    misses.push(`${preset} ${page}: accessibility below ${BUDGET.accessibility}`);
  if (m('lcp') > BUDGET.lcpMs) misses.push(`${preset} ${page}: LCP ${Math.round(m('lcp'))} ms`);
  if (m('tbt') > BUDGET.tbtMs) misses.push(`${preset} ${page}: TBT ${Math.round(m('tbt'))} ms`);
  if (m('cls') > BUDGET.cls) misses.push(`${preset} ${page}: CLS ${m('cls').toFixed(3)}`);
  return misses;
}

/**
 * One visit of each page, and of Top whatever PAGES says, at the presets' screens (Lighthouse's phone: 412 × 823
 * at 1.75) and visits()'s before measuring: a picture's WebP is rendered once somebody has asked for it (the first
 * visitor gets the drawing itself, art-raster.ts), and a shop in use has had that visitor.
 */
async function warmUp(urls: string[]) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    for (const viewport of [
      { width: 412, height: 823, deviceScaleFactor: 1.75 },
      { width: 412, height: 823, deviceScaleFactor: 1 }, // visits()'s
      { width: 1350, height: 940, deviceScaleFactor: 1 },
    ]) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: viewport.deviceScaleFactor });
      const page = await context.newPage();
      for (const url of urls) {
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.mouse.wheel(0, 4000); // the pictures further down
        await page.waitForLoadState('networkidle');
      }
      await context.close();
    }
    await new Promise((r) => setTimeout(r, 5000)); // the renderings those visits started
  } finally {
    await browser.close();
  }
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const ms = (x: number) => (Number.isFinite(x) ? `${(x / 1000).toFixed(2)} s` : '—');

let exitCode = 0;

async function main() {
  const misses: string[] = [];
  const server = process.env.BASE_URL ? null : await startServer();
  const base = (process.env.BASE_URL ?? server!.url).replace(/\/$/, '');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const packId = PAGES.includes('pack') ? await packOnSale(base) : 0;
    const urls: Record<string, string> = {
      top: `${base}/`,
      pack: `${base}/pack-detail?packId=${packId}`,
      login: `${base}/login`,
    };
    // Top always: visits() measures it whatever PAGES says
    await warmUp([...new Set([urls.top!, ...PAGES.map((name) => urls[name]!)])]);
    console.log(`Lighthouse ${RUNS} run(s) per page and preset (median), Chromium ${CHROME_PATH}, ${base}`);
    console.log(
      `${'preset'.padEnd(8)} ${'page'.padEnd(6)} ${pad('perf', 4)} ${pad('a11y', 4)} ${pad('FCP', 7)} ${pad('LCP', 7)} ${pad('TBT', 7)} ${pad('CLS', 6)} ${pad('SI', 7)} ${pad('JS kB', 6)} ${pad('all kB', 7)}`,
    );
    for (const preset of PRESETS) {
      for (const name of PAGES) {
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(figures(await runLighthouse(urls[name]!, preset, chrome.port)));
        const m = (k: keyof Figures) => median(runs.map((r) => r[k]));
        console.log(
          `${preset.padEnd(8)} ${name.padEnd(6)} ${pad(m('performance'), 4)} ${pad(m('accessibility'), 4)} ${pad(ms(m('fcp')), 7)} ${pad(ms(m('lcp')), 7)} ${pad(`${Math.round(m('tbt'))} ms`, 7)} ${pad(m('cls').toFixed(3), 6)} ${pad(ms(m('si')), 7)} ${pad(m('scriptKb').toFixed(1), 6)} ${pad(m('totalKb').toFixed(1), 7)}`,
        );
        if (RUNS > 1)
          console.log(
            `${''.padEnd(15)} performance per run: ${runs.map((r) => r.performance).join(', ')}; TBT per run: ${runs.map((r) => Math.round(r.tbt)).join(', ')} ms`,
          );
        misses.push(...budgetMisses(preset, name, runs));
      }
    }
    const v = await visits(base);
    console.log(
      `Top, unthrottled: first paint at ${Math.round(v.fcpMs)} ms; script transferred before it ${(v.scriptBeforePaint / 1000).toFixed(1)} kB in ${v.scriptsBeforePaint} file(s); script on the first visit ${(v.scriptFirstVisit / 1000).toFixed(1)} kB, everything ${(v.firstVisit / 1000).toFixed(1)} kB`,
    );
    console.log(
      `Top, second visit: ${(v.secondVisit / 1000).toFixed(1)} kB transferred (${v.secondVisitFiles.length} response(s) over the network)`,
    );
    for (const f of v.secondVisitFiles) console.log(`  ${f}`);
    if (v.scriptBeforePaint > BUDGET.scriptBeforePaintBytes)
      misses.push(`Top: ${(v.scriptBeforePaint / 1000).toFixed(1)} kB of script before the first paint`);
    const assetsAgain = v.secondVisitFiles.filter((f) => f.includes(' /assets/'));
    if (assetsAgain.length)
      misses.push(`Top, second visit: assets over the network again: ${assetsAgain.join('; ')}`);
    console.log(misses.length ? `BUDGET MISSED:\n  ${misses.join('\n  ')}` : 'budgets: all met');
    exitCode = misses.length ? 1 : 0;
  } finally {
    chrome.kill();
    server?.stop();
  }
}

await main();
process.exit(exitCode);
