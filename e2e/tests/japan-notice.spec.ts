import { expect, test, type Page } from '@playwright/test';
import { appReady, logIn } from './journeys.ts';

/**
 * Point 6: a member learns that gems cannot be bought for shipping to Japan (spec §4 isJp) before the
 * card form — next to the country field at registration, and at the top of Buy gems once registered with an
 * address in Japan — and a postal code typed 150-0001 (or in full width) is taken and stored as 1500001.
 */

const SHOTS = process.env.SHOTS_DIR; // set to keep screenshots of the pages (the evidence)
const uniqueMail = () => `e2e-jp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const TEXT = {
  en: {
    notice: 'Shipping to Japan is not available, so please do not make a deposit.',
    registerLead: 'Gems cannot be bought with an address in Japan.',
    buyLead: 'Your address is in Japan.',
    check: 'Check input info',
    register: 'Register',
    city: 'Shibuya-ku',
  },
  ja: {
    notice: '日本国内への発送はできないため、ご入金はお控えください。',
    registerLead: '日本の住所ではジェムを購入できません。',
    buyLead: 'ご登録の住所は日本です。',
    check: '入力内容を確認する',
    register: '登録する',
    city: '渋谷区神宮前',
  },
} as const;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  // and the screen the member sees around the notice
  await page.getByTestId('japan-notice').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-view.png` });
}

/** The country select's polite live region: always there, so choosing Japan is announced. */
const countryStatus = (page: Page) =>
  page.locator('select[name=country_id]').locator('xpath=../../following-sibling::*[@role="status"][1]');

/** Registers through the form with a Japanese address whose zip code is typed as given; ends logged in. */
async function registerInJapan(page: Page, lang: 'en' | 'ja', zipTyped: string) {
  const text = TEXT[lang];
  await page.goto('/user-register');
  await appReady(page);
  const country = page.locator('select[name=country_id]');
  const status = countryStatus(page);
  await expect(status).toHaveCount(1);
  await expect(status).toBeEmpty();

  // Japan (first in the list) chosen with the keyboard: the notice shows next to the country field, in the
  // polite region, and the focus stays on the select
  await country.focus();
  await page.keyboard.press('ArrowDown');
  await expect(country).toHaveValue('392');
  await expect(country).toBeFocused();
  await expect(status).toContainText(text.notice);
  await expect(status).toContainText(text.registerLead);
  await expect(page.getByTestId('japan-notice')).toBeVisible();

  // another country: gone; Japan again: back
  await country.selectOption('840'); // United States
  await expect(status).toBeEmpty();
  await country.selectOption('392');
  await expect(status).toContainText(text.notice);

  // the notice sits right under the country field, above the zip code
  const noticeBox = (await page.getByTestId('japan-notice').boundingBox())!;
  const countryBox = (await country.boundingBox())!;
  const zipBox = (await page.locator('input[name=zipcode]').boundingBox())!;
  expect(noticeBox.y).toBeGreaterThanOrEqual(countryBox.y + countryBox.height);
  expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(zipBox.y);

  // the zip code typed with a hyphen (or in full width) fills prefecture and city
  await page.locator('input[name=zipcode]').fill(zipTyped);
  await expect(page.locator('input[name=shiku]')).toHaveValue(text.city);
  await expect(page.locator('select[name=pref_id]')).toHaveValue('13');
  await page.locator('input[name=address]').fill('1-2-3');
  await page.locator('input[name=lastName]').fill('Yamada');
  await page.locator('input[name=firstName]').fill('Hanako');
  const mail = uniqueMail();
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill('Secret123');
  await page.locator('input[name=confirmPass]').fill('Secret123');
  await page.locator('input[name=agree]').check();
  await shot(page, `register-japan-${lang}-${page.viewportSize()!.width}`);
  await page.getByRole('button', { name: text.check }).click();

  // the confirm page shows the zip code as it is stored
  await expect(page).toHaveURL(/\/confirm-user-register/);
  await expect(page.getByText('1500001', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: text.register, exact: true }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);
  return mail;
}

/** /buy-point and its payment choice tell a member with a Japanese address first. */
async function expectBuyPointNotice(page: Page, lang: 'en' | 'ja') {
  const text = TEXT[lang];
  await page.goto('/buy-point');
  const notice = page.getByTestId('japan-notice');
  await expect(notice).toContainText(text.buyLead);
  await expect(notice).toContainText(text.notice);
  await expect(page.getByRole('status').filter({ hasText: text.notice })).toHaveCount(1);
  // at the top: under the page title, before the first course and its Buy button
  const firstBuy = page.locator('a[href^="/confirm-buy-point"]').first();
  await expect(firstBuy).toBeVisible();
  const noticeBox = (await notice.boundingBox())!;
  const titleBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(noticeBox.y).toBeGreaterThan(titleBox.y);
  expect(noticeBox.y + noticeBox.height).toBeLessThan((await firstBuy.boundingBox())!.y);
  // and earlier in the reading (and Tab) order than any course
  const before = await notice.evaluate(
    (n, buy) => !!buy && !!(n.compareDocumentPosition(buy) & Node.DOCUMENT_POSITION_FOLLOWING),
    await firstBuy.elementHandle(),
  );
  expect(before).toBe(true);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await shot(page, `buy-point-japan-${lang}-${width}`);

  // the payment choice says it again, above the methods
  await firstBuy.click();
  await expect(page).toHaveURL(/\/confirm-buy-point/);
  const again = page.getByTestId('japan-notice');
  await expect(again).toContainText(text.notice);
  const methods = page.locator('input[name=pay_id]').first();
  await expect(methods).toBeVisible();
  expect((await again.boundingBox())!.y).toBeLessThan((await methods.boundingBox())!.y);
  await shot(page, `confirm-buy-point-japan-${lang}-${width}`);
}

test('English at 1280 px: Japan chosen at registration shows the notice; 150-0001 is taken; Buy gems says it first', async ({
  page,
}) => {
  await registerInJapan(page, 'en', '150-0001');
  await expectBuyPointNotice(page, 'en');
});

test.describe('Japanese at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });

  test('日本を選ぶと案内が出て、全角の郵便番号も使え、ジェム購入の最初に案内が出る', async ({ page }) => {
    await registerInJapan(page, 'ja', '１５０－０００１');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectBuyPointNotice(page, 'ja');
  });
});

test('a member with an address abroad sees no notice on Buy gems', async ({ page }) => {
  await logIn(page); // the demo member's address is in the United States (README: Demo accounts)
  await page.goto('/buy-point');
  await expect(page.locator('a[href^="/confirm-buy-point"]').first()).toBeVisible();
  await expect(page.getByTestId('japan-notice')).toHaveCount(0);
});
