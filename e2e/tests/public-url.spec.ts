import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { appReady } from './journeys.ts';

/**
 * The shop opened at another name of this machine than PUBLIC_URL's. The server under test has
 * PUBLIC_URL http://127.0.0.1:PORT; the member types http://localhost:PORT. The 3-D Secure sandbox page and the
 * return from it use PUBLIC_URL, so a session started on localhost would come back logged out: the server moves
 * the first page to PUBLIC_URL before any session starts, and the purchase ends logged in with the gems shown.
 */

const DEMO = { mail: 'demo@example.com', pass: 'demo1234' };
const otherName = baseURL.replace('//127.0.0.1:', '//localhost:');
const toNumber = (text: string) => Number(text.replace(/[^\d]/g, ''));

test('opened at localhost, a 3-D Secure card purchase ends logged in on the completion page', async ({
  page,
}) => {
  expect(otherName).not.toBe(baseURL);
  await page.goto(`${otherName}/login`);
  // moved to PUBLIC_URL before the page (and a session) started
  await expect(page).toHaveURL(`${baseURL}/login`);
  await appReady(page);
  await page.locator('input[name=mail]').fill(DEMO.mail);
  await page.locator('input[name=pass]').fill(DEMO.pass);
  await page.locator('input[name=pass]').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);

  const balance = page.getByRole('link', { name: /Gems: [\d,]+/ }).first();
  await expect(balance).toBeVisible();
  const before = toNumber(/Gems: ([\d,]+)/.exec((await balance.getAttribute('aria-label')) ?? '')?.[1] ?? '');

  // a page typed at the other name again, once logged in: still moved, still logged in
  await page.goto(`${otherName}/buy-point`);
  await expect(page).toHaveURL(`${baseURL}/buy-point`);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy gems' })).toBeVisible();
  await page.getByRole('link', { name: /^Buy 1,000 gems for ¥1,000$/ }).click();
  await page.getByRole('radio', { name: /^Credit card/ }).check();
  await page.getByRole('button', { name: 'To payment' }).click();
  await expect(page).toHaveURL(/\/card-input\?pointPriceId=\d+/);

  const parts = ['4000', '0000', '0000', '3220']; // the sandbox's 3-D Secure test card
  for (const [i, part] of parts.entries())
    await page.getByLabel(`Card number, digits ${i * 4 + 1} to ${i * 4 + 4}`).fill(part);
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Cardholder name').fill('TARO DEMO');
  await page.getByRole('button', { name: 'Pay ¥1,000' }).click();

  await expect(page).toHaveURL(/\/sandbox-pay\/pay\//);
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // back on the shop, logged in: the completion page and the new balance, not the login page
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/complete-buy-point\\?payment_id=`));
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase' })).toBeVisible();
  await expect(page.getByText('1,000 gems have been added to your balance.')).toBeVisible();
  await expect
    .poll(async () =>
      toNumber(/Gems: ([\d,]+)/.exec((await balance.getAttribute('aria-label')) ?? '')?.[1] ?? ''),
    )
    .toBe(before + 1000);
});
