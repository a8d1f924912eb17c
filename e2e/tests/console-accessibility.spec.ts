import { expect, test, type Page } from '@playwright/test';
import { newStaff, seriousViolations, signInAndEnrol } from './staff.ts';

/**
 * axe over every page of the staff console as an owner sees it (every section, a new-item form, and the first row
 * each list opens), in English at 1280 px and in Japanese at 375 px: no serious or critical violation.
 */
const SECTIONS = [
  '/admin/dashboard',
  '/admin/accounting',
  '/admin/members',
  '/admin/packs',
  '/admin/packs/new',
  '/admin/cards',
  '/admin/cards/new',
  '/admin/card-types',
  '/admin/banners',
  '/admin/banners/new?kind=top',
  '/admin/gem-prices',
  '/admin/exchange-cards',
  '/admin/coupons',
  '/admin/shipments',
  '/admin/payments',
  '/admin/board',
  '/admin/audit',
  '/admin/staff',
];

/** The lists whose first row opens a page of its own. */
const ROWS: Array<[string, RegExp]> = [
  ['/admin/packs', /^\/admin\/packs\/\d+$/],
  ['/admin/cards', /^\/admin\/cards\/\d+$/],
  ['/admin/banners', /^\/admin\/banners\/\d+$/],
  ['/admin/members', /^\/admin\/members\/\d+$/],
  ['/admin/payments', /^\/admin\/payments\/\d+$/],
];

async function detailPages(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const [list, pattern] of ROWS) {
    await page.goto(list);
    await expect(page.locator('.loading')).toHaveCount(0);
    const hrefs = await page
      .locator('main a[href]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const first = hrefs.find((h) => pattern.test(h));
    if (first) found.push(first);
  }
  return found;
}

test('every console page passes axe in English at 1280 px and in Japanese at 375 px', async ({ page }) => {
  test.setTimeout(600_000);
  const owner = await newStaff('owner', 'axe-owner');
  await signInAndEnrol(page, owner.email, owner.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  const pages = [...SECTIONS, ...(await detailPages(page))];
  expect(pages.length).toBeGreaterThan(SECTIONS.length);

  const failures: string[] = [];
  for (const [lang, width] of [
    ['en', 1280],
    ['ja', 375],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: lang === 'ja' ? '日本語' : 'English' }).click();
    await page.setViewportSize({ width, height: 900 });
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      const serious = await seriousViolations(page, `${path}, ${lang}, ${width} px`);
      if (serious.length)
        failures.push(`${path} (${lang}, ${width} px): ${serious.map((v) => v.rule).join(', ')}`);
    }
  }
  expect(failures).toEqual([]);
});
