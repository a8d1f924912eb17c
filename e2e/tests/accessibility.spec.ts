import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appReady, logIn } from './journeys.ts';

/**
 * axe-core over the main pages (issue 18): no serious or critical violation, for a guest and for the demo
 * member, in English and Japanese, at phone and desktop width. Each page is checked once its content is in
 * (the answers it asks for at once have come).
 */

async function violations(page: Page, path: string) {
  await page.goto(path);
  await appReady(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      page: path,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
}

async function packId(page: Page): Promise<number> {
  const res = await page.request.get('/api/user/pack/list');
  const { list } = (await res.json()) as { list: { id: number; pack_count: number }[] };
  return (list.find((p) => p.pack_count > 0) ?? list[0]!).id;
}

const guestPages = (id: number) => [
  '/',
  '/?tab=-2',
  '/pack-list?index=2',
  `/pack-detail?packId=${id}`,
  '/login',
  '/user-register',
  '/password-reissue',
  '/terms-of-service',
  '/specific-commerce',
  '/user-guide',
  '/contact',
];
const memberPages = ['/', '/my-page', '/buy-point', '/buy-product-history', '/exchange-card', '/user-menu'];

// each test loads and analyses up to 11 pages (axe alone takes 2–4 s a page here, the first load of a fresh server
// renders its pictures): 60 s was the whole budget of the walk and the first test of a run came within seconds of it
test.describe.configure({ timeout: 150_000 });

for (const [lang, locale] of [
  ['en', 'en-US'],
  ['ja', 'ja-JP'],
] as const) {
  // phones in both languages; the desktop layout once (the same components, wider)
  for (const [width, height] of lang === 'en'
    ? ([
        [375, 800],
        [1280, 800],
      ] as const)
    : ([[375, 800]] as const)) {
    test(`no serious or critical axe violation for a guest (${lang}, ${width} px)`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport: { width, height } });
      const page = await context.newPage();
      const found = [];
      for (const path of guestPages(await packId(page))) found.push(...(await violations(page, path)));
      expect(found).toEqual([]);
      await context.close();
    });
  }

  test(`no serious or critical axe violation for a member (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ locale, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await logIn(page);
    const found = [];
    for (const path of [...memberPages, `/pack-detail?packId=${await packId(page)}`])
      found.push(...(await violations(page, path)));
    expect(found).toEqual([]);
    await context.close();
  });
}
