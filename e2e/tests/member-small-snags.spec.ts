import { expect, test, type Page } from '@playwright/test';
import { appReady, logIn } from './journeys.ts';

/**
 * The small things a member trips over — a guest's header, dates in English, the count
 * list of a limited pack, the exchange buttons' one rule, the SMS code's error in place — and the keyboard: the
 * focus on the new page's heading after a navigation, Skip before All skip.
 */

interface PackRow {
  id: number;
  name: string;
  pack_count: number;
  is_before: boolean;
  is_end?: boolean;
  can_limit: number;
  max_buy_count: number;
}

async function packs(page: Page): Promise<PackRow[]> {
  const res = await page.request.get('/api/user/pack/list');
  return ((await res.json()) as { list: PackRow[] }).list;
}

test("a guest's header offers the login, not a balance of 0", async ({ browser }) => {
  for (const [locale, login, zero] of [
    ['en-US', 'Login / Sign up', /Gems: 0|Coins: 0/],
    ['ja-JP', 'ログイン / 新規登録', /ジェム：0|コイン：0/],
  ] as const) {
    const context = await browser.newContext({ locale, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await appReady(page);
    await expect(page.getByRole('link', { name: login }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: zero })).toHaveCount(0);
    await expect(page.getByTestId('coin-balance')).toHaveCount(0);
    await context.close();
  }
});

test('dates read 28 Dec 2026 in English and 2026/12/28 in Japanese', async ({ page }) => {
  await logIn(page);
  await page.goto('/coin-history');
  const first = page.locator('main table tbody tr td').first();
  await expect(first).toHaveText(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
  await page.getByRole('button', { name: '日本語' }).first().click();
  await expect(first).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
  await page.getByRole('button', { name: 'EN' }).first().click();
});

test("a limited pack's count list offers only the plays left, and says so", async ({ page }) => {
  await logIn(page);
  const limited = (await packs(page)).find(
    (p) => p.can_limit === 1 && p.pack_count > 0 && !p.is_before && !p.is_end,
  );
  expect(limited).toBeTruthy();
  const plays = (await (await page.request.get(`/api/user/pack/plays/${limited!.id}`)).json()) as {
    limit: number;
    left: number;
  };
  await page.goto(`/pack-detail?packId=${limited!.id}`);
  await appReady(page);
  if (plays.left === 0) {
    await expect(page.getByRole('button', { name: 'Purchase limit reached' })).toBeDisabled();
    return;
  }
  const options = page.getByLabel('Number of plays').locator('option');
  await expect(options).toHaveCount(Math.min(plays.left, limited!.max_buy_count || plays.left, 10));
  await expect(page.getByTestId('plays-left')).toContainText(`of your ${plays.limit}`);
});

test('the exchange buttons follow one rule: off when out of stock or beyond the coins held', async ({
  page,
}) => {
  await logIn(page);
  const me = (await (await page.request.get('/api/user/point')).json()) as { coin_tenths: number };
  await page.goto('/exchange-card');
  await appReady(page);
  const tiles = page.locator('main article');
  await expect(tiles.first()).toBeVisible();
  const n = await tiles.count();
  expect(n).toBeGreaterThan(1);
  let off = 0;
  for (let i = 0; i < n; i++) {
    const tile = tiles.nth(i);
    const price = Number((await tile.locator('p .num').first().textContent())!.replace(/,/g, ''));
    const soldOut = (await tile.getByText('Out of stock').count()) > 0;
    const button = tile.getByRole('button');
    const canExchange = !soldOut && price * 10 <= me.coin_tenths;
    if (canExchange) await expect(button).toBeEnabled();
    else {
      off++;
      await expect(button).toBeDisabled();
      if (!soldOut) await expect(tile.getByText(/more coins needed/)).toBeVisible();
    }
  }
  expect(off).toBeGreaterThan(0); // the demo member (120 coins) cannot afford every card
});

test('an empty SMS code is answered under the field, in the one dialog', async ({ page }) => {
  await logIn(page);
  await page.goto('/my-page');
  await page.getByRole('button', { name: 'SMS authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter the verification code' });
  // the notice that the code was sent comes once the send is answered: wait for it before the dialog beneath
  const sent = page.getByRole('alertdialog');
  await expect(dialog.or(sent).first()).toBeVisible();
  if (
    await sent.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    )
  )
    await sent.getByRole('button', { name: 'OK' }).click();
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('after a navigation the focus is on the new page’s heading', async ({ page }) => {
  await logIn(page);
  await page.goto('/my-page');
  await appReady(page);
  await page.getByRole('link', { name: 'Coin history' }).first().click();
  await expect(page).toHaveURL(/\/coin-history/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // a change of page number within one page leaves the focus alone (not a new page)
  await page.goBack();
  await expect(page).toHaveURL(/\/my-page/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('in the opening, Skip comes before All skip in the tab order', async ({ page }) => {
  const pack = (await packs(page)).find((p) => p.pack_count > 0 && !p.is_before && !p.is_end);
  await page.goto(`/pack-detail?packId=${pack!.id}`);
  await appReady(page);
  await page.getByRole('button', { name: /free practice draw/i }).click();
  await expect(page).toHaveURL(/\/practice-draw/);
  await page.getByTestId('tap-to-open').press('Enter');
  const skipAll = page.getByRole('button', { name: 'All skip' });
  await expect(skipAll).toBeVisible({ timeout: 15_000 });
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('button')].map((b) => b.textContent?.trim()).filter(Boolean),
  );
  const all = order.indexOf('All skip');
  const main = order.findIndex((x) => /^(Skip|Next|See the practice result|See what you won)$/.test(x!));
  expect(main).toBeGreaterThanOrEqual(0);
  expect(main).toBeLessThan(all);
});
