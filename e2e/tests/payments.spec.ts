import { expect, test, type Page } from '@playwright/test';
import { logIn } from './journeys.ts';

/**
 * Journey: the demo member (US address, 30,000 gems) buys 1,000 gems by card with the 3-D Secure step,
 * pays 1,000 gems at a convenience store settled on the sandbox page, and fails a PayPal payment. The sandbox
 * provider's pages are served by the same server, which is told its address (PUBLIC_URL): the return
 * addresses it gives the sandbox are followed for real.
 */

const toNumber = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The gem balance in the header (the balance link's accessible name carries the amount). */
async function headerGems(page: Page): Promise<number> {
  const link = page.getByRole('link', { name: /Gems: [\d,]+/ }).first();
  await expect(link).toBeVisible();
  const name = (await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '';
  return toNumber(/Gems: ([\d,]+)/.exec(name)?.[1] ?? '');
}

/** From /buy-point to the confirm page of the 1,000 gem course, with a method chosen. */
async function chooseCourse(page: Page, method: string) {
  await page.goto('/buy-point');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy gems' })).toBeVisible();
  await expect(page.getByText(/exchange rate from/)).toBeVisible();
  await page.getByRole('link', { name: /^Buy 1,000 gems for ¥1,000$/ }).click();
  await expect(page).toHaveURL(/\/confirm-buy-point\?pointPriceId=\d+/);
  await expect(page.getByRole('heading', { name: 'Customs and shipping' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${method}`) }).check();
}

test.beforeEach(async ({ page }) => {
  await logIn(page);
});

test('buy 1,000 gems by card with the 3-D Secure step', async ({ page }) => {
  await page.goto('/');
  const before = await headerGems(page);

  await chooseCourse(page, 'Credit card');
  await page.getByRole('button', { name: 'To payment' }).click();
  await expect(page).toHaveURL(/\/card-input\?pointPriceId=\d+/);

  // client validation first (spec §5)
  await page.getByRole('button', { name: 'Pay ¥1,000' }).click();
  await expect(page.getByText('Card number is invalid')).toBeVisible();

  const year = String(new Date().getFullYear() + 2);
  const parts = ['4000', '0000', '0000', '3220'];
  for (const [i, part] of parts.entries())
    await page.getByLabel(`Card number, digits ${i * 4 + 1} to ${i * 4 + 4}`).fill(part);
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill(year);
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Cardholder name').fill('TARO DEMO');
  await page.getByRole('button', { name: 'Pay ¥1,000' }).click();

  // the sandbox 3-D Secure page
  await expect(page).toHaveURL(/\/sandbox-pay\/pay\//);
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // back through /pay-redirect to the complete page
  await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase' })).toBeVisible();
  await expect(page.getByText('1,000 gems have been added to your balance.')).toBeVisible();
  await expect.poll(() => headerGems(page)).toBe(before + 1000);

  // the purchase is in the gems history
  await page.goto('/buy-point-history');
  await expect(page.getByRole('columnheader', { name: 'About' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '¥1,000' }).first()).toBeVisible();
});

test('a convenience store payment settled on the sandbox page raises the balance', async ({ page }) => {
  await page.goto('/');
  const before = await headerGems(page);

  await chooseCourse(page, 'Convenience store');
  await expect(page.getByRole('combobox', { name: /Convenience store/ })).toHaveValue('econ');
  await page.getByRole('button', { name: 'To payment' }).click();

  await expect(page).toHaveURL(/\/confirm-combini\?payment_id=/);
  await expect(page.getByTestId('receipt-number')).not.toBeEmpty();
  expect(await headerGems(page)).toBe(before);

  await page.getByRole('link', { name: 'Open the payment slip' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/pay\//);
  await page.getByRole('button', { name: 'Mark as paid at the store' }).click();
  await page.getByRole('link', { name: 'Back to the shop' }).click();

  await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase' })).toBeVisible();
  await expect.poll(() => headerGems(page)).toBe(before + 1000);
});

test('a failed PayPal payment asks for another method', async ({ page }) => {
  await page.goto('/');
  const before = await headerGems(page);

  await chooseCourse(page, 'PayPal');
  await page.getByRole('button', { name: 'To payment' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/pay\//);
  await page.getByRole('button', { name: 'Fail the payment' }).click();

  await expect(page).toHaveURL(/\/complete-buy-point-paypal\?payment_id=/);
  await expect(page.getByText('Payment failed. Please use other payment methods.')).toBeVisible();
  expect(await headerGems(page)).toBe(before);
});
