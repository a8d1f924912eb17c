import { expect, test, type Page } from '@playwright/test';
import { appReady } from './journeys.ts';
import { signInAndEnrol, staffScript, uniqueSuffix } from './staff.ts';

/**
 * Journey (the console's members): a member registers on the shop; a support staff member made with
 * scripts/staff.ts signs in at /admin (password and a TOTP code computed from the key the enrolment shows), lands
 * on the dashboard, finds the member by email, grants 1,000 gems with a reason, and the member sees them in the
 * shop's header and gems history.
 */

const unique = uniqueSuffix();

/** Whole gems from the shop header's gem link ('Gems: 1,000 — buy gems'). */
async function headerGems(page: Page): Promise<number> {
  const name = await page
    .getByRole('link', { name: /^Gems: / })
    .first()
    .getAttribute('aria-label');
  return Number(/Gems: ([\d,]+)/.exec(name ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
}

test('support finds a member by email, grants 1,000 gems with a reason, and the member sees them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const mail = `e2e-members-${unique}@example.com`;

  // --- a new member, in English, with no gems ---
  const shop = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await shop.goto('/user-register');
  await appReady(shop);
  await shop.locator('input[name=lastName]').fill('Grant');
  await shop.locator('input[name=firstName]').fill('Receiver');
  await shop.locator('input[name=mail]').fill(mail);
  await shop.locator('input[name=pass]').fill('Members1234');
  await shop.locator('input[name=confirmPass]').fill('Members1234');
  await shop.getByLabel('I agree to the terms of service').check();
  await shop.getByRole('button', { name: 'Check input info' }).click();
  await shop.getByRole('button', { name: 'Register' }).click();
  await expect(shop).toHaveURL(/\/complete-user-register/);
  await shop.goto('/');
  await expect.poll(() => headerGems(shop)).toBe(0);

  // --- support signs in and lands on the dashboard ---
  const support = { email: `support-${unique}@shop.example`, password: `support-pass-${unique}` };
  await staffScript('create', '--email', support.email, '--role', 'support', '--password', support.password);
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await signInAndEnrol(page, support.email, support.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting on staff' })).toBeVisible();

  // --- finds the member by email ---
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Members', exact: true })
    .click();
  await page.getByRole('searchbox', { name: /Member number, email/ }).fill(mail);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/members\\?q=${encodeURIComponent(mail)}`));
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('1 found');
  const row = page.getByRole('row').filter({ hasText: mail });
  await row.getByRole('link', { name: 'Grant Receiver' }).click();
  await expect(page.getByRole('heading', { name: /^Member #\d+/ })).toBeVisible();
  const memberId = /\/admin\/members\/(\d+)/.exec(page.url())![1];
  await expect(page.getByTestId('member-mail')).toHaveText(mail);
  await expect(page.getByTestId('member-gems')).toHaveText('0');

  // --- grants 1,000 gems: the reason is required ---
  await page.getByRole('button', { name: 'Grant gems' }).click();
  const dialog = page.getByRole('dialog', { name: `Grant gems to member #${memberId}` });
  await dialog.getByLabel('Gems', { exact: true }).fill('1,000');
  await dialog.getByRole('button', { name: 'Grant gems' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Reason', { exact: true }).fill('Apology for the delayed shipment');
  await dialog.getByRole('button', { name: 'Grant gems' }).click();
  await expect(
    page.getByText(`1,000 gems granted to member #${memberId}. Balance: 1,000 gems.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('member-gems')).toHaveText('1,000');
  // in the member's gem ledger and lots
  await page.getByRole('tab', { name: 'Gem ledger' }).click();
  const ledger = page.getByRole('table', { name: 'Gem ledger' });
  await expect(ledger.getByRole('row').filter({ hasText: 'Granted by staff' })).toContainText('+1,000');
  await page.getByRole('tab', { name: /^Gem lots/ }).click();
  await expect(
    page
      .getByRole('table', { name: /^Gem lots/ })
      .getByRole('row')
      .filter({ hasText: 'Granted by staff' }),
  ).toContainText('Bonus');

  // --- the member sees them on the shop ---
  await shop.reload();
  await expect.poll(() => headerGems(shop)).toBe(1000);
  await shop.goto('/buy-point-history');
  const granted = shop.getByRole('row').filter({ hasText: 'Granted by the management' });
  await expect(granted).toHaveCount(1);
  await expect(granted).toContainText('1,000');
});
