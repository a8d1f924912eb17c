import { expect, test, type Page } from '@playwright/test';

/**
 * Journey: a new member links their account at the sandbox partner (partner@example.com, 20,000
 * points at the start of a run) on Buy gems, after a refused password, moves 1,000 points and sees the gems in
 * the header, the transfer in the latest transfers and the same link on My page.
 */

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const toNumber = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** A new member (0 gems), logged in. */
async function register(page: Page) {
  await page.goto('/user-register');
  await page.locator('input[name=lastName]').fill('Transfer');
  await page.locator('input[name=firstName]').fill('Tom');
  await page.locator('input[name=mail]').fill(`e2e-transfer-${unique()}@example.com`);
  await page.locator('input[name=pass]').fill('Points1234');
  await page.locator('input[name=confirmPass]').fill('Points1234');
  await page.getByLabel('I agree to the terms of service').check();
  await page.getByRole('button', { name: 'Check input info' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);
}

/** The gems in the header (the balance link's accessible name carries the amount). */
async function headerGems(page: Page): Promise<number> {
  const name = await page
    .getByRole('link', { name: /^Gems: / })
    .first()
    .getAttribute('aria-label');
  return toNumber(/Gems: ([\d,]+)/.exec(name ?? '')?.[1] ?? '');
}

test('link the sandbox partner, move 1,000 points, the gems go up', async ({ page }) => {
  await register(page);
  await page.goto('/buy-point');
  await expect.poll(() => headerGems(page)).toBe(0);

  const section = page.getByRole('region', { name: 'Point transfer' });
  await expect(section.getByText('1 point = 1 gem')).toBeVisible();
  await section.getByLabel(/^Sandbox Partner login ID/).fill('partner@example.com');
  await section.getByLabel(/^Sandbox Partner password/).fill('not-the-password');
  await section.getByRole('button', { name: 'Link account' }).click();
  await expect(section.getByText('The partner site did not accept this login ID or password.')).toBeVisible();
  await section.getByLabel(/^Sandbox Partner password/).fill('partner1234');
  await section.getByRole('button', { name: 'Link account' }).click();

  await expect(section.getByText('Hanako Partner')).toBeVisible();
  const points = section.getByTestId('partner-points');
  await expect(points).toHaveText(/^[\d,]+ pt$/);
  const before = toNumber((await points.textContent()) ?? '');
  expect(before).toBeGreaterThanOrEqual(1000);

  await section.getByLabel(/^Points to move/).fill('1000');
  await section.getByRole('button', { name: 'Move points' }).click();
  const confirm = page.getByRole('dialog', { name: 'Move points into gems' });
  await expect(confirm.getByText('1,000 pt')).toBeVisible();
  await expect(confirm.getByText('+1,000')).toBeVisible();
  await confirm.getByRole('button', { name: 'Move points' }).click();
  const done = page.getByRole('alertdialog', { name: 'Points moved' });
  await expect(done.getByText('1,000 gems have been added to your balance.')).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();

  await expect.poll(() => headerGems(page)).toBe(1000);
  await expect(points).toHaveText(`${(before - 1000).toLocaleString('en-US')} pt`);
  const latest = section.getByRole('table').locator('tbody tr');
  await expect(latest).toHaveCount(1);
  await expect(latest.first()).toContainText('1,000');
  await expect(latest.first()).toContainText('Credited');

  // My page shows the same link and balance
  await page.goto('/my-page');
  const mine = page.getByRole('region', { name: 'Point transfer' });
  await expect(mine.getByText('Hanako Partner')).toBeVisible();
  await expect(mine.getByTestId('partner-points')).toHaveText(
    `${(before - 1000).toLocaleString('en-US')} pt`,
  );
});
