/**
 * A screenshot tour of the staff console: each page at 1280 px (desktop) and 768 px (a tablet), in English and
 * Japanese, saved as PNGs to look at (not committed). It makes a throwaway owner with scripts/staff.ts against
 * the server's database and enrols its authenticator on the way in.
 *
 *   npm start                                                   # another shell
 *   npx tsx e2e/admin-screenshots.ts                            # BASE_URL http://127.0.0.1:3000, DATABASE_URL ./data/gacha.sqlite
 *   BASE_URL=http://127.0.0.1:3101 DATABASE_URL=… OUT=/tmp/shots npx tsx e2e/admin-screenshots.ts
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const OUT = resolve(process.env.OUT ?? 'screenshots/admin');
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

async function makeOwner(): Promise<{ email: string; password: string }> {
  const email = `tour-${Date.now().toString(36)}@shop.example`;
  const password = `tour-password-${Date.now()}`;
  await run(
    'npx',
    [
      'tsx',
      'apps/server/scripts/staff.ts',
      'create',
      '--email',
      email,
      '--role',
      'owner',
      '--password',
      password,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn' },
    },
  );
  return { email, password };
}

async function signIn(page: Page, owner: { email: string; password: string }) {
  await page.goto(`${BASE_URL}/admin/login`);
  await page.locator('input[type=email]').fill(owner.email);
  await page.locator('input[type=password]').fill(owner.password);
  await page.locator('input[type=password]').press('Enter');
  const secret = (await page.getByTestId('totp-secret').textContent({ timeout: 10_000 }))!.trim();
  await page
    .locator('input[autocomplete=one-time-code]')
    .fill(new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate());
  await page.locator('input[autocomplete=one-time-code]').press('Enter');
  await page.locator('.recovery-codes').waitFor();
  await page.locator('.login-card .button-primary').click();
  await page.getByTestId('staff-identity').waitFor();
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const { width, height, name } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto(`${BASE_URL}/admin/login`);
    await page.locator('input[type=email]').waitFor();
    await page.screenshot({ path: resolve(OUT, `login-${name}.png`), fullPage: true });
  }
  await signIn(page, await makeOwner());
  const packs = (await (await page.request.get(`${BASE_URL}/api/admin/packs`)).json()) as {
    list: { id: number }[];
  };
  const packId = packs.list.at(-1)?.id ?? 1;
  // a payment (a pending bank transfer when there is one) and the batches to print
  const pays = (await (await page.request.get(`${BASE_URL}/api/admin/payments`)).json()) as {
    list: { id: number; method: string; status: string }[];
  };
  const payId =
    (pays.list.find((p) => p.method === 'bank' && p.status === 'pending') ?? pays.list[0])?.id ?? 1;
  const batches = (await (await page.request.get(`${BASE_URL}/api/admin/shipments?status=all`)).json()) as {
    list: { id: number }[];
  };
  const batchIds =
    batches.list
      .slice(0, 3)
      .map((b) => b.id)
      .join(',') || '1';
  const stops = [
    '/packs',
    `/packs/${packId}`,
    '/packs/new',
    '/cards',
    '/cards/new',
    '/shipments?status=all',
    '/shipments',
    `/shipments/print?ids=${batchIds}`,
    '/payments',
    `/payments/${payId}`,
    '/audit',
  ];
  for (const lang of ['en', 'ja'] as const) {
    await page.evaluate((l) => localStorage.setItem('gacha.admin.lang', l), lang);
    for (const { width, height, name } of WIDTHS) {
      await page.setViewportSize({ width, height });
      for (const stop of stops) {
        await page.goto(`${BASE_URL}/admin${stop}`);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.waitForTimeout(300);
        const slug = stop.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
        await page.screenshot({ path: resolve(OUT, `${slug}-${lang}-${name}.png`), fullPage: true });
      }
    }
  }
  await browser.close();
  console.log(`screenshots in ${OUT}`);
}

await main();
