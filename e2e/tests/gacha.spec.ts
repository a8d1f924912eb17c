import { expect, test, type Page } from '@playwright/test';
import { sanitizeHtml } from '../../apps/web/src/lib/sanitize-html.ts';

/**
 * Issue 3 journey: a guest opens a pack from Top, BUY → login, back on the pack, buys 3, watches the opening and
 * skips it, ships one card and converts two, sees the new gem balance in the header and the purchase in Buying
 * history; the same in Japanese at 375 px on another pack. The demo member (US address, 30,000 gems) buys.
 */

const DEMO = { mail: 'demo@example.com', pass: 'demo1234' };

const toNumber = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The gem balance shown in the header (the balance link's accessible name carries the amount). */
async function headerGems(page: Page, label: RegExp): Promise<number> {
  const link = page.getByRole('link', { name: label }).first();
  await expect(link).toBeVisible();
  const name = (await link.getAttribute('aria-label')) ?? '';
  const m = label.exec(name);
  return toNumber(m?.[1] ?? '');
}

async function logIn(page: Page) {
  await page.locator('input[name=mail]').fill(DEMO.mail);
  await page.locator('input[name=pass]').fill(DEMO.pass);
  await page.locator('input[name=pass]').press('Enter');
}

test('the pack page needs a pack id, and a guest is sent to login', async ({ page }) => {
  await page.goto('/pack-detail');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/gacha-animation');
  await expect(page).toHaveURL(/\/login/);
});

test('buy 3, skip the opening, ship one and convert two, see the balance and the history', async ({
  page,
}) => {
  // a guest opens the pack from Top
  await page.goto('/');
  await page
    .getByRole('link', { name: /Starfall Premium Pack/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/pack-detail\?packId=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Starfall Premium Pack' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Provably fair draw' })).toBeVisible();

  // BUY as a guest → login with the pack id → back on the pack
  await page.getByRole('button', { name: 'BUY', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?packId=1$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/pack-detail\?packId=1$/);
  const before = await headerGems(page, /Gems: ([\d,]+)/);
  expect(before).toBeGreaterThanOrEqual(3000);
  const remaining = page.getByTestId('remaining');
  const remainingBefore = toNumber((await remaining.textContent())!.split('/')[0]!);

  // buy 3: the confirm modal shows count, amount and balances
  await page.getByLabel('Number of plays').selectOption('3');
  await page.getByRole('button', { name: 'BUY', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('3 plays')).toBeVisible();
  await expect(confirm.getByText(`${(before - 3000).toLocaleString('en-US')}`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, buy' }).click();

  // the opening: tap, watch the first card, then skip everything
  await expect(page).toHaveURL(/\/gacha-animation$/);
  await page.getByRole('button', { name: /Tap to open/ }).click();
  await expect(page.getByText('1 / 3')).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'All skip' }).click();

  // what you won: ship the first card, convert the other two
  await expect(page).toHaveURL(/\/get-card-list\?c=\d+$/);
  const items = page.getByRole('list', { name: 'Your items' });
  await expect(items.getByRole('button')).toHaveCount(3);
  const first = items.getByRole('button', { pressed: false }).first();
  await first.focus();
  await page.keyboard.press('Space'); // tiles work from the keyboard
  await expect(items.getByRole('button', { pressed: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'To final confirmation' }).click();

  // final confirmation: 1 to ship, 2 to convert, then confirm
  await expect(page).toHaveURL(/\/confirm-get-card-list\?c=\d+&ship=\d+$/);
  await expect(page.getByRole('heading', { name: 'Items to ship (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Items to convert to gems (2)' })).toBeVisible();
  const gems = toNumber((await page.getByTestId('gem-total').textContent())!);
  expect(gems).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page).toHaveURL(/\/thank-you\?c=\d+$/);
  await expect(page.getByRole('heading', { name: 'Purchase completed' })).toBeVisible();
  await expect(page.getByText('1 item will be shipped.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy the same again' })).toHaveAttribute(
    'href',
    '/pack-detail?packId=1',
  );

  // the header shows the new balance
  await expect.poll(() => headerGems(page, /Gems: ([\d,]+)/), { timeout: 10_000 }).toBe(before - 3000 + gems);

  // the counts on the pack page are fresh
  await page.getByRole('link', { name: 'Buy the same again' }).click();
  await expect(page.getByTestId('remaining')).toContainText(`${remainingBefore - 3} /`);

  // the purchase is in the buying history; its row opens the detail
  await page.getByRole('button', { name: 'Menu' }).first().click();
  await page.getByRole('menuitem', { name: 'Buying history' }).click();
  await expect(page).toHaveURL(/\/buy-product-history$/);
  const row = page.getByRole('row').filter({ hasText: 'Starfall Premium Pack' }).first();
  await expect(row).toContainText('Not yet shipped');
  await expect(row).toContainText('3,000');
  await page.getByRole('tab', { name: 'Unselected' }).click();
  await expect(page).toHaveURL(/mode=unselected/);
  await expect(page.getByRole('row').filter({ hasText: 'Starfall Premium Pack' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByRole('link', { name: 'Starfall Premium Pack' }).first().click();
  await expect(page).toHaveURL(/\/buy-product-history-detail\?packHistoryId=\d+$/);
  await expect(page.getByRole('heading', { name: 'Shipped items (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Items converted to gems (2)' })).toBeVisible();

  // entering the opening again (not from a purchase) lands on the list, which is decided
  await page.goto('/gacha-animation');
  await expect(page).toHaveURL(/\/get-card-list/);
  await expect(page.getByText('Every item of this purchase has already been decided.')).toBeVisible();
});

test.describe('in Japanese at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });

  test('the same journey on another pack', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '日本語' }).first().click();
    await page.getByRole('tab', { name: 'TCG MIX' }).click();
    await page
      .getByRole('link', { name: /ミックスラッキー10/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/pack-detail\?packId=\d+$/);
    const packUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: 'ミックスラッキー10' })).toBeVisible();

    await page.getByRole('button', { name: '購入する', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?packId=\d+$/);
    await logIn(page);
    await expect(page).toHaveURL(packUrl);
    const before = await headerGems(page, /ジェム：([\d,]+)/);

    await page.getByLabel('購入回数').selectOption('3');
    await page.getByRole('button', { name: '購入する', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '購入内容の確認' });
    await expect(confirm.getByText('3回')).toBeVisible();
    await confirm.getByRole('button', { name: '購入する' }).click();

    await expect(page).toHaveURL(/\/gacha-animation$/);
    await page.getByRole('button', { name: /タップして開封/ }).click();
    // the opening runs: skip this step, look at the first card, then skip everything
    await page.getByRole('button', { name: 'スキップ', exact: true }).click();
    await expect(page.getByText('1 / 3')).toBeVisible();
    await page.getByRole('button', { name: 'すべてスキップ' }).click();

    await expect(page).toHaveURL(/\/get-card-list\?c=\d+$/);
    const items = page.getByRole('list', { name: '獲得したアイテム' });
    await items.getByRole('button', { pressed: false }).first().click();
    await expect(items.getByRole('button', { pressed: true })).toHaveCount(1);
    await page.getByRole('button', { name: '最終確認へ' }).click();

    await expect(page.getByRole('heading', { name: '発送するアイテム（1点）' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ジェムに交換するアイテム（2点）' })).toBeVisible();
    const gems = toNumber((await page.getByTestId('gem-total').textContent())!);
    await page.getByRole('button', { name: '確定する' }).click();
    await expect(page.getByRole('heading', { name: '購入が完了しました' })).toBeVisible();

    await expect
      .poll(() => headerGems(page, /ジェム：([\d,]+)/), { timeout: 10_000 })
      .toBe(before - 900 + gems);

    await page
      .getByRole('navigation', { name: 'クイックメニュー' })
      .getByRole('link', { name: '履歴' })
      .click();
    await expect(page).toHaveURL(/\/buy-product-history$/);
    const row = page.getByRole('row').filter({ hasText: 'ミックスラッキー10' }).first();
    await expect(row).toContainText('未発送');
    await expect(row).toContainText('900');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test('the description sanitiser keeps the allow-list only', async ({ page }) => {
  await page.goto('/');
  const clean = (html: string) => page.evaluate(sanitizeHtml, html);
  expect(await clean('<p>Hi <strong>there</strong><br></p><ul><li>one</li></ul>')).toBe(
    '<p>Hi <strong>there</strong><br></p><ul><li>one</li></ul>',
  );
  expect(await clean('<p onclick="x()">a<script>alert(1)</script><img src=x onerror=alert(1)>b</p>')).toBe(
    '<p>ab</p>',
  );
  expect(await clean('<a href="javascript:alert(1)">x</a><a href="/rel">y</a>')).toBe('<a>x</a><a>y</a>');
  expect(await clean('<a href="https://example.com/" style="color:red">z</a>')).toBe(
    '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">z</a>',
  );
  expect(
    await clean('<div><h3>T</h3><table><tr><td>cell</td></tr></table><iframe src=x></iframe></div>'),
  ).toBe('<h3>T</h3>cell');
  expect(await clean('<span style="x">s</span><em>e</em><svg><script>1</script></svg>')).toBe(
    '<span>s</span><em>e</em>',
  );
});
