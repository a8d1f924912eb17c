import { expect, test, type Page } from '@playwright/test';
import { appReady, logIn } from './journeys.ts';
import { serverScript } from './staff.ts';

/**
 * "the exchanged card is findable": the demo member exchanges a card at the exchange counter,
 * opens the buying history and finds the card under Card exchanges with its coins, its day (Japan time) and its
 * shipping state; once the shop ships the batch, the state reads Shipped with the tracking number. In English at
 * 1280 px (reaching the view with the keyboard) and in Japanese at 375 px. The demo member holds 120 coins; each
 * test spends 30 on a Voltmouse (stock 50).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Today in Japan, as the history writes it in each language. */
function todayInJapan(lang: 'en' | 'ja'): string {
  const d = new Date(Date.now() + 9 * 3600_000);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  return lang === 'ja'
    ? `${y}/${String(m).padStart(2, '0')}/${String(day).padStart(2, '0')}`
    : `${day} ${MONTHS[m - 1]} ${y}`;
}

/** The member's open shipping batch that holds the exchange just made (the newest one's id). */
async function shipNewestExchange(code: string): Promise<void> {
  const open = (await serverScript('shipping', 'list', '--status', 'open')) as {
    id: number;
    items: { exchange_id: number | null }[];
  }[];
  const withExchange = open.filter((b) => b.items.some((i) => i.exchange_id !== null));
  const batch = withExchange.sort(
    (a, b) =>
      Math.max(...b.items.map((i) => i.exchange_id ?? 0)) -
      Math.max(...a.items.map((i) => i.exchange_id ?? 0)),
  )[0];
  expect(batch, 'an open batch with the exchanged card').toBeDefined();
  await serverScript('shipping', 'ship', String(batch!.id), code);
}

async function noSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('in English at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });

  test('the exchanged card is in the buying history, not yet shipped, then shipped with its tracking number', async ({
    page,
  }) => {
    await logIn(page);

    await page.goto('/exchange-card');
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Exchange counter' })).toBeVisible();
    await page.getByRole('button', { name: 'Exchange Voltmouse for 30 coins' }).click();
    const use = page.getByRole('dialog', { name: 'Use coin' });
    await use.getByRole('button', { name: 'Confirm exchange' }).click();
    const done = page.getByRole('dialog', { name: 'Card has been exchanged.' });
    await expect(done.getByText('Voltmouse')).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();

    // the buying history from the menu, then the Card exchanges view with the keyboard
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Buying history' }).click();
    await expect(page).toHaveURL(/\/buy-product-history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Buying history' })).toBeVisible();
    const views = page.getByRole('tablist', { name: 'What to show' });
    const packs = views.getByRole('tab', { name: 'Pack purchases' });
    await expect(packs).toHaveAttribute('aria-selected', 'true');
    await packs.focus();
    await page.keyboard.press('ArrowRight');
    const exchanges = views.getByRole('tab', { name: 'Card exchanges' });
    await expect(exchanges).toHaveAttribute('aria-selected', 'true');
    await expect(exchanges).toBeFocused();
    await expect(page).toHaveURL(/\/buy-product-history\?view=exchanges$/);

    const table = page.getByRole('table', { name: 'Cards you exchanged for coins' });
    await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Card', 'Status', 'Coins']);
    const row = table.locator('tbody tr').first();
    await expect(row).toContainText('Voltmouse');
    await expect(row).toContainText('SV9a-041');
    await expect(row).toContainText(todayInJapan('en'));
    await expect(row).toContainText('Not yet shipped');
    await expect(row.getByRole('cell').last()).toHaveText(/30\s*coins/);
    await expect(row.locator('img')).toHaveAttribute('src', /\/cards?\//);
    await noSideScroll(page, 1280);
    await page.screenshot({ path: test.info().outputPath('exchange-history-en-1280.png'), fullPage: true });

    // the shop ships the batch: the same row now reads Shipped with the tracking number
    const code = `EJ${Date.now().toString().slice(-9)}JP`;
    await shipNewestExchange(code);
    await page.reload();
    await appReady(page);
    const shipped = page
      .getByRole('table', { name: 'Cards you exchanged for coins' })
      .locator('tbody tr')
      .first();
    await expect(shipped).toContainText('Voltmouse');
    await expect(shipped).toContainText('Shipped');
    await expect(shipped).toContainText(`Tracking no. ${code}`);
    await page.screenshot({
      path: test.info().outputPath('exchange-history-en-1280-shipped.png'),
      fullPage: true,
    });

    // the pack purchases are one tab away, with their filter
    await page.getByRole('tab', { name: 'Pack purchases' }).click();
    await expect(page).toHaveURL(/\/buy-product-history$/);
    await expect(page.getByRole('tablist', { name: 'Status' })).toBeVisible();
  });
});

test.describe('in Japanese at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });

  test('交換したカードが購入履歴のカード交換に未発送で載る', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '日本語' }).first().click();
    await logIn(page);

    await page.goto('/exchange-card');
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1, name: '交換所' })).toBeVisible();
    await page.getByRole('button', { name: 'ビリネズを30コインで交換する' }).click();
    await page
      .getByRole('dialog', { name: 'コインを使用' })
      .getByRole('button', { name: '交換を確定' })
      .click();
    const done = page.getByRole('dialog', { name: 'カードを交換しました。' });
    await expect(done.getByText('ビリネズ')).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();

    await page.goto('/buy-product-history');
    await expect(page.getByRole('heading', { level: 1, name: '購入履歴' })).toBeVisible();
    await page
      .getByRole('tablist', { name: '表示する履歴' })
      .getByRole('tab', { name: 'カード交換' })
      .click();
    await expect(page).toHaveURL(/view=exchanges/);
    const row = page.getByRole('table', { name: 'コインで交換したカード' }).locator('tbody tr').first();
    await expect(row).toContainText('ビリネズ');
    await expect(row).toContainText('SV9a-041');
    await expect(row).toContainText(todayInJapan('ja'));
    await expect(row).toContainText('未発送');
    await expect(row).toContainText(/30\s*コイン/);
    await expect(row).toBeInViewport();
    await noSideScroll(page, 375);
    await page.screenshot({ path: test.info().outputPath('exchange-history-ja-375.png'), fullPage: true });
  });
});
