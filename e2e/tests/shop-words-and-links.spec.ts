import { expect, test, type Page } from '@playwright/test';
import { logIn } from './journeys.ts';

/**
 * What a shopper trips over. The coin balance, the menu's Exchange counter and the bottom menu's Coin
 * Lead to the exchange counter, a page of its own; the card payment page shows only the chosen course and links its legal notices;
 * words say what they do (gems, Verify, Change password, a required coupon code) in English and Japanese; one
 * date format per kind, one name order per language, and prices in the site's typeface.
 */

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** A new member (0 gems) named Tester Ux, logged in. */
async function registerTester(page: Page) {
  await page.goto('/user-register');
  await page.locator('input[name=lastName]').fill('Ux');
  await page.locator('input[name=firstName]').fill('Tester');
  await page.locator('input[name=mail]').fill(`e2e-words-${unique()}@example.com`);
  await page.locator('input[name=pass]').fill('Words1234');
  await page.locator('input[name=confirmPass]').fill('Words1234');
  await page.getByLabel('I agree to the terms of service').check();
  await page.getByRole('button', { name: 'Check input info' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);
}

/** Switches the shop to Japanese (the remembered language) and reloads. */
async function inJapanese(page: Page) {
  await page.evaluate(() => localStorage.setItem('gacha.lang', 'ja'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`the coin balance, the menu and the bottom menu lead to the exchange counter (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logIn(page);
    for (const path of ['/', '/my-page', '/buy-point', '/pack-detail?packId=1']) {
      await page.goto(path);
      // the demo member's coins grow as other journeys buy packs: any balance
      const coins = page
        .getByRole('link', { name: /^Coins: [\d.,]+ C — exchange counter$/ })
        .locator('visible=true');
      await expect(coins).toHaveAttribute('href', '/exchange-card');
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'Exchange counter' })).toHaveAttribute(
        'href',
        '/exchange-card',
      );
      await page.keyboard.press('Escape');
    }
    if (viewport.width <= 768) {
      const bottom = page.getByRole('navigation', { name: 'Quick menu' });
      await expect(bottom.getByRole('link', { name: 'Coin' })).toHaveAttribute('href', '/exchange-card');
    }
    await page
      .getByRole('link', { name: /^Coins: / })
      .locator('visible=true')
      .click();
    await expect(page).toHaveURL(/\/exchange-card$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Exchange counter' })).toBeVisible();
    await expect(page.getByText('This page is being prepared')).toHaveCount(0);
    await page.getByRole('link', { name: 'Coin history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'COIN HISTORY' })).toBeVisible();
  });
}

test('the card payment page shows only the chosen course and links its legal notices', async ({ page }) => {
  await logIn(page);
  await page.goto('/buy-point');
  await page.getByRole('link', { name: /^Buy 1,000 gems for ¥1,000$/ }).click();
  await page.getByRole('radio', { name: /^Credit card/ }).check();
  await page.getByRole('button', { name: 'To payment' }).click();
  await expect(page).toHaveURL(/\/card-input\?pointPriceId=\d+/);
  await expect(page.getByRole('button', { name: 'Pay ¥1,000' })).toBeVisible();
  await expect(page.getByText(/1,000 gems/).first()).toBeVisible();
  // the other courses are not offered again under the card form
  await expect(page.getByRole('link', { name: /^Buy [\d,]+ gems for/ })).toHaveCount(0);

  const legal = page.getByRole('navigation', { name: 'Legal notices' });
  await expect(legal.getByRole('link', { name: 'Act on Specified Commercial Transactions' })).toHaveAttribute(
    'href',
    '/specific-commerce',
  );
  await legal.getByRole('link', { name: 'Act on Payment Services' }).click();
  await expect(page).toHaveURL(/\/fund-settlement$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('words say what they do, in English and in Japanese', async ({ page }) => {
  await registerTester(page);

  const checkWords = async (w: {
    buy: string;
    notEnough: string;
    changePassword: string;
    coupon: string;
    required: string;
    optional: string;
  }) => {
    // a member without gems: the dialog speaks of gems
    await page.goto('/pack-detail?packId=1');
    await page.getByRole('button', { name: w.buy, exact: true }).click();
    await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toContainText(w.notEnough);
    await page.keyboard.press('Escape');

    await page.goto('/change-password');
    await expect(page.getByRole('button', { name: w.changePassword })).toBeVisible();

    // the coupon form's only field is required, not optional
    await page.goto('/my-page');
    const label = page.locator('label', { hasText: w.coupon });
    await expect(label).toContainText(w.required);
    await expect(label).not.toContainText(w.optional);
  };

  await checkWords({
    buy: 'BUY',
    notEnough: 'Not enough gems',
    changePassword: 'Change password',
    coupon: 'Coupon code',
    required: 'Required',
    optional: 'Optional',
  });
  await inJapanese(page);
  await checkWords({
    buy: '購入する',
    notEnough: 'ジェムが不足しています',
    changePassword: 'パスワードを変更する',
    coupon: 'クーポンコード',
    required: '必須',
    optional: '任意',
  });
});

test('one name order per language, one date format per kind, prices in the site typeface', async ({
  page,
}) => {
  await registerTester(page);
  await page.goto('/my-page');
  await expect(page.getByText(/Tester Ux/)).toBeVisible();

  // a sale start: a date nobody can misread, in Japan time
  await page.goto('/');
  const timer = page.getByRole('timer').first();
  await expect(timer).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Japan time\)/);

  // prices (and every other figure) use the typeface of the text around them
  await page.goto('/buy-point');
  const price = page.getByText('¥1,000', { exact: true }).first();
  await expect(price).toBeVisible();
  const fonts = await price.evaluate((el) => ({
    price: getComputedStyle(el).fontFamily,
    body: getComputedStyle(document.body).fontFamily,
  }));
  expect(fonts.price).toBe(fonts.body);

  await inJapanese(page);
  await page.goto('/my-page');
  await expect(page.getByText(/Ux Tester/)).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('timer').first()).toContainText(
    /\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（日本時間）/,
  );
});

test('a dialog closed with Escape opens again', async ({ page }) => {
  await registerTester(page);
  await page.goto('/pack-detail?packId=1');
  const buy = page.getByRole('button', { name: 'BUY', exact: true });
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  for (let i = 0; i < 2; i++) {
    await buy.click();
    await expect(dialog).toContainText('Not enough gems');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
