/**
 * A screenshot tour: every listed route at phone (375 px) and desktop (1280 px) width, in English and
 * Japanese, as a guest and as the demo member, saved as PNGs to look at (they are not committed).
 *
 *   npm run screenshots --workspace e2e                       # against http://127.0.0.1:3000 (npm start)
 *   BASE_URL=http://127.0.0.1:3101 OUT=/tmp/shots npm run screenshots --workspace e2e
 *
 * ROUTES narrows the tour: ROUTES=/,/login npm run screenshots --workspace e2e
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { appReady } from './tests/journeys.ts';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const OUT = resolve(process.env.OUT ?? 'screenshots');
const DEMO = { mail: 'demo@example.com', pass: 'demo1234' };

interface Stop {
  path: string;
  member: boolean;
}

const TOUR: Stop[] = [
  { path: '/', member: false },
  { path: '/login', member: false },
  { path: '/login?mode=2', member: false },
  { path: '/user-register', member: false },
  { path: '/user-address', member: false },
  { path: '/password-reissue', member: false },
  { path: '/specific-commerce', member: false },
  { path: '/terms-of-service', member: false },
  { path: '/contact', member: false },
  { path: '/?tab=-2', member: false },
  // live odds and the practice button, the odds disclosure, the draw record sealed and revealed
  { path: '/pack-detail?packId=1', member: false },
  { path: '/pack-detail/odds?packId=1', member: false },
  { path: '/pack-detail/record?packId=1', member: false },
  { path: '/pack-detail/record?packId=6', member: false },
  { path: '/', member: true },
  { path: '/?tab=-1', member: true },
  { path: '/my-page', member: true },
  { path: '/buy-point', member: true },
  { path: '/buy-product-history', member: true },
  { path: '/buy-point-history', member: true },
  { path: '/exchange-card', member: true },
  { path: '/coin-history', member: true },
  { path: '/user-menu', member: true },
];

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
const LANGS = ['en', 'ja'] as const;

function fileName(stop: Stop, lang: string, width: string): string {
  const slug = stop.path === '/' ? 'top' : stop.path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
  return `${stop.member ? 'member' : 'guest'}-${slug}-${lang}-${width}.png`;
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await appReady(page); // the served login form posts to the server until the app runs it
  await page.locator('input[type="email"]').fill(DEMO.mail);
  await page.locator('input[type="password"]').fill(DEMO.pass);
  await page.locator('input[type="password"]').press('Enter');
  await page.waitForURL(`${BASE_URL}/`);
}

async function tour(browser: Browser, stops: Stop[]): Promise<string[]> {
  const written: string[] = [];
  for (const lang of LANGS) {
    for (const size of WIDTHS) {
      for (const member of [false, true]) {
        const mine = stops.filter((s) => s.member === member);
        if (!mine.length) continue;
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          locale: lang === 'ja' ? 'ja-JP' : 'en-US',
        });
        await context.addInitScript((l) => localStorage.setItem('gacha.lang', l), lang);
        const page = await context.newPage();
        if (member) await logIn(page);
        for (const stop of mine) {
          await page.goto(`${BASE_URL}${stop.path}`);
          await page.waitForLoadState('networkidle');
          const file = resolve(OUT, fileName(stop, lang, size.name));
          await page.screenshot({ path: file, fullPage: true });
          written.push(file);
        }
        await context.close();
      }
    }
  }
  return written;
}

const only = process.env.ROUTES?.split(',').map((p) => p.trim());
const stops = only ? TOUR.filter((s) => only.includes(s.path)) : TOUR;
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const files = await tour(browser, stops);
  console.log(`${files.length} screenshots in ${OUT}`);
} finally {
  await browser.close();
}
