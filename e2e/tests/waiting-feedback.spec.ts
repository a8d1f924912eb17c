import { expect, test, type Page } from '@playwright/test';
import { appReady, logIn } from './journeys.ts';

/**
 * Feedback while waiting. On a slow network the member sees the loading overlay of spec §2 —
 * over the purchase's confirm dialog too, not beneath it — and a cold load of My page, buying history or buy
 * gems shows the page's places (a skeleton), not a blank area.
 */

async function gemPackOnSale(page: Page): Promise<number> {
  const res = await page.request.get('/api/user/pack/list');
  const { list } = (await res.json()) as {
    list: { id: number; pack_count: number; is_before: boolean; is_end?: boolean; payment_method: number }[];
  };
  const pack = list.find((p) => p.pack_count > 0 && !p.is_before && !p.is_end && p.payment_method !== 2);
  expect(pack).toBeTruthy();
  return pack!.id;
}

for (const [locale, texts] of [
  ['en-US', { buy: 'BUY', yes: 'Yes, buy', loading: 'Loading…' }],
  ['ja-JP', { buy: '購入する', yes: '購入する', loading: '読み込み中…' }],
] as const) {
  test(`a slow purchase shows the loading overlay over its confirm dialog (${locale}, 375 px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const id = await gemPackOnSale(page);
    await logIn(page);
    await page.goto(`/pack-detail?packId=${id}`);
    await appReady(page);
    // the buy answers after 3 s
    await page.route('**/api/user/pack/buy', async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue();
    });
    await page.getByRole('button', { name: texts.buy, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: texts.yes, exact: true }).click();
    // the overlay is shown in the top layer, after (so above) the open dialog
    await expect(page.locator('[popover]:popover-open')).toHaveCount(1, { timeout: 2000 });
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await expect(page.locator('[popover]:popover-open').getByText(texts.loading)).toBeAttached();
    await page.screenshot({ path: test.info().outputPath('overlay-over-dialog.png') });
    await expect(page).toHaveURL(/\/gacha-animation/, { timeout: 15_000 });
    await expect(page.locator('[popover]:popover-open')).toHaveCount(0);
    await context.close();
  });
}

for (const [width, locale] of [
  [375, 'ja-JP'],
  [1280, 'en-US'],
] as const) {
  test(`a cold load of My page, buying history and buy gems shows their places, not a blank (${locale}, ${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale, viewport: { width, height: 800 } });
    const page = await context.newPage();
    await logIn(page);
    for (const [path, call] of [
      ['/my-page', '**/api/user/detail'],
      ['/buy-product-history', '**/api/user/history/list**'],
      ['/buy-point', '**/api/user/point_price/**'],
    ] as const) {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(call, async (route) => {
        await held;
        // a request of a page the test has already left is handled by Playwright on unroute
        await route.continue().catch(() => undefined);
      });
      await page.goto(path);
      // while the page's data is held back: the skeleton's places are drawn in the main region
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const busy = document.querySelector('main [aria-busy="true"]');
              if (!busy) return 'nothing busy';
              const tall = busy.getBoundingClientRect().height > 120;
              const drawn = [...busy.querySelectorAll('*')].filter(
                (c) => c.getBoundingClientRect().height > 8,
              );
              return tall && drawn.length > 2 ? 'drawn' : `blank (${drawn.length} shapes)`;
            }),
          { message: path },
        )
        .toBe('drawn');
      release();
      await page.unroute(call);
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    }
    await context.close();
  });
}
