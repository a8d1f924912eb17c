import { expect, test, type Page } from '@playwright/test';
import { logIn } from './journeys.ts';

/**
 * Journey, in Japanese at 375 px: the Silver demo member (1,200 coins, 50,000 gems) sees the 3% rank
 * discount in the purchase confirm modal and earns coins on the purchase, keeps the rank for next month for 500
 * coins, reaches the exchange counter from the header's coin balance and exchanges a card, and finds each step in
 * the coin history, reached from My page. Only this journey uses the Silver member (the e2e database is fresh per
 * run), so its balances are known.
 */

const SILVER = { mail: 'silver@example.com', pass: 'demo1234' };

/** Whole coins from the header's coin link ('コイン：1,200.9 C（交換所へ）'). */
async function headerCoins(page: Page): Promise<number> {
  const link = page.getByRole('link', { name: /^コイン：/ }).locator('visible=true');
  const name = (await link.getAttribute('aria-label')) ?? '';
  return Number(/コイン：([\d.,]+) C/.exec(name)?.[1]?.replace(/,/g, '') ?? NaN);
}

test.describe('in Japanese at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });

  test('Silver: 3% off, keeps the rank, exchanges a card and sees each step in the coin history', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '日本語' }).first().click();
    await logIn(page, SILVER.mail, SILVER.pass);
    await expect.poll(() => headerCoins(page)).toBe(1200);

    // the purchase confirm modal carries the Silver discount: 1,000 gems less 3%
    await page.goto('/pack-detail?packId=1');
    await expect(
      page.getByRole('heading', { level: 1, name: 'スターフォール プレミアムパック' }),
    ).toBeVisible();
    await page.getByRole('button', { name: '購入する', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '購入内容の確認' });
    await expect(confirm.getByText('ランク割引 3%')).toBeVisible();
    await expect(confirm.getByText('970', { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: '購入する' }).click();
    await expect(page).toHaveURL(/\/gacha-animation$/);

    // My page: the rank bar, and keeping Silver for 500 coins (0.9 coins were earned on the 970 gems paid)
    await page.goto('/my-page');
    await expect(page.getByRole('progressbar', { name: '今月のジェム購入額' })).toBeVisible();
    await expect.poll(() => headerCoins(page)).toBe(1200.9);
    const nextMonth = page.getByText('来月のランク').locator('xpath=..');
    await expect(nextMonth).toContainText('ホワイト');
    await page.getByRole('button', { name: '500コインでランクを維持' }).click();
    const keep = page.getByRole('dialog', { name: 'ランク維持' });
    await expect(keep.getByText('500コインを使って来月もシルバーランクを維持しますか？')).toBeVisible();
    await expect(keep.getByText('700.9', { exact: true })).toBeVisible();
    await keep.getByRole('button', { name: 'コインを使う' }).click();
    const kept = page.getByRole('alertdialog');
    await expect(kept.getByText('来月もランクが維持されます。')).toBeVisible();
    await kept.getByRole('button', { name: 'OK' }).click();
    await expect(nextMonth).toContainText('シルバー');
    await expect(page.getByRole('button', { name: /ランクを維持/ })).toHaveCount(0);
    await expect.poll(() => headerCoins(page)).toBe(700.9);

    // the header's coin balance leads to the exchange counter
    await page
      .getByRole('link', { name: /^コイン：/ })
      .locator('visible=true')
      .click();
    await expect(page).toHaveURL(/\/exchange-card$/);
    await expect(page.getByRole('heading', { level: 1, name: '交換所' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'ポケモン' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'ホムラドレイクexを250コインで交換する' }).click();
    const use = page.getByRole('dialog', { name: 'コインを使用' });
    await expect(use.getByText('700.9', { exact: true })).toBeVisible();
    await expect(use.getByText('450.9', { exact: true })).toBeVisible();
    await expect(use.getByText('3〜14日以内の発送を予定しています')).toBeVisible();
    await use.getByRole('button', { name: '交換を確定' }).click();
    const done = page.getByRole('dialog', { name: 'カードを交換しました。' });
    await expect(done.getByText('ホムラドレイクex')).toBeVisible();
    await expect(done.getByText('SV9a-104')).toBeVisible();
    await expect(done.getByText('RR')).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => headerCoins(page)).toBe(450.9);
    await expect(page.getByTestId('exchange-coins')).toHaveText('450.9');

    // the coin history from My page: newest first, each step with its sign
    await page.goto('/my-page');
    await page.getByRole('link', { name: 'コイン履歴' }).click();
    await expect(page).toHaveURL(/\/coin-history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'コイン履歴' })).toBeVisible();
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText('交換：ホムラドレイクex');
    await expect(rows.nth(0)).toContainText('−250');
    await expect(rows.nth(1)).toContainText(/\d{4}-\d{2}のシルバーランク維持/);
    await expect(rows.nth(1)).toContainText('−500');
    await expect(rows.nth(2)).toContainText('スターフォール プレミアムパックの購入で獲得');
    await expect(rows.nth(2)).toContainText('+0.9');
    await expect(rows.nth(3)).toContainText('運営より付与');
    await expect(rows.nth(3)).toContainText('+1,200');
    await expect(rows.nth(0)).toContainText(/\d{2}\/\d{2}\/\d{2}/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
