import { expect, test, type Page } from '@playwright/test';
import { appReady, logIn } from './journeys.ts';

/**
 * The legal and information pages are the Markdown texts with the seller's details filled in. Each opens
 * from the footer in English and Japanese (its title, no raw {{placeholder}}); the Buy gems links reach the Act on
 * Payment Services and the Gems Terms of Use, and the gem purchase confirm shows the tax part of the price; the pack
 * page's link reaches the Act on Specified Commercial Transactions; the bottom menu's Contact is the shop's contact
 * page; a link to an article lands on it.
 */

const FOOTER = {
  en: [
    [
      'Specified Commercial Transaction Law',
      '/specific-commerce',
      'Act on Specified Commercial Transactions',
    ],
    ['Terms of service', '/terms-of-service', 'Terms of Service'],
    ['Privacy Statement', '/privacy-protection', 'Privacy Statement'],
    ['User Guide', '/user-guide', 'User Guide'],
    ['Contact us', '/contact', 'Contact us'],
  ],
  ja: [
    ['特定商取引法に基づく表記', '/specific-commerce', '特定商取引法に基づく表記'],
    ['利用規約', '/terms-of-service', '利用規約'],
    ['プライバシーポリシー', '/privacy-protection', 'プライバシーポリシー'],
    ['ご利用ガイド', '/user-guide', 'ご利用ガイド'],
    ['お問い合わせ', '/contact', 'お問い合わせ'],
  ],
} as const;

async function inLanguage(page: Page, lang: 'en' | 'ja') {
  await page.goto('/');
  await page.evaluate((l) => localStorage.setItem('gacha.lang', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await appReady(page); // the footer's links as the app follows them
}

/** The page's main text has no placeholder, heading id or i18n key left raw. */
async function expectNothingRaw(page: Page) {
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/\{\{|\}\}|\{#/);
  expect(text).not.toMatch(/^\s*[a-z]+\.[a-zA-Z]+\s*$/m);
}

for (const lang of ['en', 'ja'] as const) {
  test(`each footer page opens with its title and the seller's details (${lang})`, async ({ page }) => {
    await inLanguage(page, lang);
    for (const [link, path, title] of FOOTER[lang]) {
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expectNothingRaw(page);
    }
    // the seller, from the server's configuration
    await page.goto('/specific-commerce');
    await expect(page.getByText('Gacha Gems Co., Ltd.', { exact: true })).toBeVisible();
    await expect(page.getByText('support@example.com', { exact: true })).toBeVisible();
  });
}

test('Buy gems and the pack page reach the real legal pages; a link to an article lands on it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page);
  await page.goto('/buy-point');
  await page.getByRole('link', { name: 'Act on Payment Services' }).first().click();
  await expect(page).toHaveURL(/\/fund-settlement$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Notice under the Act on Payment Services' }),
  ).toBeVisible();
  await expectNothingRaw(page);
  await page.goto('/buy-point');
  await page.getByRole('link', { name: 'Gems Terms of Use' }).first().click();
  await expect(page).toHaveURL(/\/gem-terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gems Terms of Use' })).toBeVisible();
  await expectNothingRaw(page);

  // the price being confirmed carries its tax part: round(300 × 10 / 110) = 27
  await page.goto('/buy-point');
  await page.getByRole('link', { name: 'Buy 300 gems for ¥300' }).click();
  await expect(page).toHaveURL(/\/confirm-buy-point\?/);
  await expect(page.getByTestId('tax-note')).toHaveText('(incl. tax ¥27)');

  await page.goto('/pack-detail?packId=1');
  await appReady(page); // a tap while the served page hydrates can be lost
  await page.getByRole('link', { name: 'Act on Specified Commercial Transactions' }).first().click();
  await expect(page).toHaveURL(/\/specific-commerce$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Act on Specified Commercial Transactions',
  );

  // the bottom menu's Contact is the shop's page
  await page.getByRole('navigation', { name: 'Quick menu' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
    'href',
    /^mailto:support@example\.com\?/,
  );

  // a link to an article: its heading is in view and has the focus
  await page.goto('/terms-of-service#article-5');
  const article = page.getByRole('heading', { name: /^Article 5 / });
  await expect(article).toBeFocused();
  await expect(article).toBeInViewport();
  // links inside the text stay in the shop
  await article
    .locator('xpath=following-sibling::ol[1]')
    .getByRole('link', { name: 'contact form' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contact$/);
});
