import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appReady, logIn } from './journeys.ts';

/**
 * axe-core over every page of the member site: no serious or critical violation, and none of
 * the rules a member's screen reader or eyes trip on first, in English and Japanese, at phone and desktop width,
 * for a guest (the pages a guest reaches) and for the demo member (every page). Each page is checked once its
 * content is in (the answers it asks for at once have come).
 *
 * Besides axe's defaults: `label-content-name-mismatch` (axe ships it as experimental: a control's accessible name
 * must contain its visible text, or speech input cannot name it) and `heading-order` (moderate in axe's scale, but
 * a skipped level is how a screen-reader user loses their place in a list).
 */
const ALSO_FAILS = new Set(['label-content-name-mismatch', 'heading-order']);

async function violations(page: Page, path: string) {
  await page.goto(path);
  await appReady(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_FAILS.has(v.id))
    .map((v) => ({
      page: path,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
}

interface Ids {
  pack: number;
  purchase: number | undefined;
}

async function ids(page: Page): Promise<Ids> {
  const res = await page.request.get('/api/user/pack/list');
  const { list } = (await res.json()) as { list: { id: number; pack_count: number }[] };
  const pack = (list.find((p) => p.pack_count > 0) ?? list[0]!).id;
  // the member's latest purchase (a guest has none)
  const latest = await page.request.get('/api/user/pack/buy_result');
  const purchase = latest.ok() ? ((await latest.json()) as { purchase_id: number | null }).purchase_id : null;
  return { pack, purchase: purchase ?? undefined };
}

/** What anyone reaches: the shop, the packs, the legal pages, and the doors in. */
const publicPages = ({ pack }: Ids) => [
  '/',
  '/?tab=-2',
  '/pack-list?index=2',
  `/pack-detail?packId=${pack}`,
  `/pack-detail/odds?packId=${pack}`,
  `/pack-detail/record?packId=${pack}`,
  `/pack-detail/verify?packId=${pack}`,
  `/practice-draw?packId=${pack}`,
  '/user-guide',
  '/terms-of-service',
  '/privacy-protection',
  '/specific-commerce',
  '/contact',
];
const guestPages = (i: Ids) => [...publicPages(i), '/login', '/user-register', '/password-reissue'];
/** Every page of a signed-in member that opens from its address. */
const memberPages = (i: Ids) => [
  ...publicPages(i),
  '/my-page',
  '/user-menu',
  '/change-member',
  '/change-password',
  '/user-address',
  '/buy-point',
  '/gem-terms-of-service',
  '/fund-settlement',
  '/buy-point-history',
  '/buy-product-history',
  ...(i.purchase ? [`/buy-product-history-detail?packHistoryId=${i.purchase}`] : []),
  '/coin-history',
  '/exchange-card',
  '/get-card-list',
];

// each test loads and analyses 16 to 27 pages (axe alone takes 1–3 s a page here; the first load of a fresh
// server renders its pictures)
test.describe.configure({ timeout: 240_000 });

for (const [lang, locale] of [
  ['en', 'en-US'],
  ['ja', 'ja-JP'],
] as const) {
  for (const [width, height] of [
    [375, 800],
    [1280, 800],
  ] as const) {
    test(`no serious or critical axe violation for a guest (${lang}, ${width} px)`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport: { width, height } });
      const page = await context.newPage();
      const found = [];
      for (const path of guestPages(await ids(page))) found.push(...(await violations(page, path)));
      expect(found).toEqual([]);
      await context.close();
    });

    test(`no serious or critical axe violation for a member (${lang}, ${width} px)`, async ({ browser }) => {
      const context = await browser.newContext({ locale, viewport: { width, height } });
      const page = await context.newPage();
      await logIn(page);
      const found = [];
      for (const path of memberPages(await ids(page))) found.push(...(await violations(page, path)));
      expect(found).toEqual([]);
      await context.close();
    });
  }
}
