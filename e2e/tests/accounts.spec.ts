import { expect, test, type Page } from '@playwright/test';
import { appReady } from './journeys.ts';

/** Journey: register, log out, log in, header balances, Japanese, guard. */

const uniqueMail = () => `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function openMenu(page: Page) {
  await page
    .getByRole('button', { name: /menu|メニュー/i })
    .first()
    .click();
}

test('a guest opening a protected route lands on /login', async ({ page }) => {
  await page.goto('/my-page');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/buy-product-history');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('register, log out, log in, see the balances, switch to Japanese', async ({ page }) => {
  const cspErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) cspErrors.push(msg.text());
  });
  const mail = uniqueMail();
  const pass = 'Secret123';

  await page.goto('/user-register');
  await page.locator('input[name=lastName]').fill('Tester');
  await page.locator('input[name=firstName]').fill('Eve');
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill(pass);
  await page.locator('input[name=confirmPass]').fill(pass);
  // the button appears only once the terms box is ticked
  await expect(page.getByRole('button', { name: 'Check input info' })).toHaveCount(0);
  await page.getByLabel('I agree to the terms of service').check();
  await page.getByRole('button', { name: 'Check input info' }).click();

  await expect(page).toHaveURL(/\/confirm-user-register/);
  await expect(page.getByText(mail)).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);

  // logged in right away: the header shows the balances and the rank
  await page.goto('/');
  const gems = page.getByRole('link', { name: /Gems: 0/ }).first();
  await expect(gems).toBeVisible();
  await expect(page.getByText('White').first()).toBeVisible();

  // a member without a country is asked for one, and the choice is saved
  const popup = page.getByRole('dialog', { name: 'Please select your country' });
  await expect(popup).toBeVisible();
  await popup.getByLabel('Country of residence').selectOption({ label: 'United States' });
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(popup).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: /Gems: 0/ }).first()).toBeVisible();
  await expect(popup).toBeHidden();

  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill('wrong-password');
  await page.locator('input[name=pass]').press('Enter');
  await expect(page.getByText('Email address or password do not match.')).toBeVisible();
  await page.locator('input[name=pass]').fill(pass);
  await page.locator('input[name=pass]').press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /Gems: 0/ }).first()).toBeVisible();

  await page.getByRole('button', { name: '日本語' }).first().click();
  await expect(page.getByRole('tab', { name: 'ポケモン' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'ポケモン' })).toBeVisible();
  expect(cspErrors).toEqual([]);
});

test('the demo member sees 30,000 gems and 120 coins in the header', async ({ page }) => {
  await page.goto('/login?packId=1');
  await appReady(page); // the prerendered form works once the app runs
  await page.locator('input[name=mail]').fill('demo@example.com');
  await page.locator('input[name=pass]').fill('demo1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/pack-detail\?packId=1/);
  await expect(page.getByRole('link', { name: /Gems: 30,000/ }).first()).toBeVisible();
  // the coin balance leads to the exchange counter (spec §2 header)
  const coins = page.getByRole('link', { name: 'Coins: 120 C — exchange counter' }).first();
  await expect(coins).toBeVisible();
  await expect(coins).toHaveAttribute('href', '/exchange-card');
});

test.describe('at phone width in Japanese', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });

  test('the bottom menu leads a guest to login, and the demo member logs in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '日本語' }).first().click();
    await page
      .getByRole('navigation', { name: 'クイックメニュー' })
      .getByRole('link', { name: 'マイページ' })
      .click();
    await expect(page).toHaveURL(/\/login/);
    await page.locator('input[name=mail]').fill('demo@example.com');
    await page.locator('input[name=pass]').fill('wrong');
    await page.locator('input[name=pass]').press('Enter');
    await expect(page.getByText('メールアドレスまたはパスワードが一致しません。')).toBeVisible();
    await page.locator('input[name=pass]').fill('demo1234');
    await page.locator('input[name=pass]').press('Enter');
    await expect(page.getByRole('link', { name: /30,000/ }).first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test('a Japanese zip code fills prefecture and city, in the language of the page', async ({ page }) => {
  await page.goto('/user-register');
  await page.getByLabel('Country').first().selectOption({ label: 'Japan' });
  await page.getByLabel('Zip code').first().fill('1000001');
  await expect(page.getByLabel('City').first()).toHaveValue('Chiyoda-ku');

  await page.getByRole('button', { name: 'Japanese (日本語)' }).click();
  await page.getByLabel('郵便番号').first().fill('1000002');
  await page.getByLabel('郵便番号').first().fill('1000001');
  await expect(page.getByLabel('市区町村').first()).toHaveValue('千代田区千代田');
});

test('an address form sent empty puts the focus on its first field, and the keyboard moves on from there', async ({
  page,
}) => {
  await page.goto('/user-address');
  await page.getByRole('button', { name: 'Check input info' }).click();
  // the first field the form shows with an error, not the terms box registered before the address block
  const country = page.locator('select[name=country_id]');
  await expect(country).toBeFocused();
  await expect(country).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('input[name=zipcode]')).toBeFocused();
  // what the form requires is marked required: country, city and the first address line
  for (const name of ['country_id', 'shiku', 'address']) {
    await expect(page.locator(`[name=${name}]`)).toHaveAttribute('aria-required', 'true');
  }
  await expect(page.locator('input[name=zipcode]')).not.toHaveAttribute('aria-required', 'true');
});
