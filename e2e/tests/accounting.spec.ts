import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './journeys.ts';
import { newStaff, seriousViolations, signInAndEnrol } from './staff.ts';

/**
 * Journey (money as an accountant reads it): the demo member buys 1,000 gems by card on the shop's
 * pages (the sandbox's 3-D Secure step included), an owner finds the payment in the console's Payments and refunds
 * it in full through the refund dialog (the shop's fault), and the Accounts page shows ¥1,000 more of gross sales
 * and of refunds than before (other journeys share the database: differences, never totals), today as the last
 * day, today's line in the daily CSV it downloads and the payment in the refunds CSV, and the prepaid-balance
 * report with its base date and its note. Then no serious axe violation in English at 1280 px and in Japanese at
 * tablet and phone width; a viewer reads Accounts, a support account has no Accounts.
 */

/** ¥12,000 as the console writes yen in English. */
const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;
/** Today in Japan time, YYYY-MM-DD. */
const todayJst = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Money {
  period: string;
  payments: number;
  gross_yen: number;
  refunds: number;
  refunds_yen: number;
  net_yen: number;
}

/** The Accounts API's figures (this month so far), as the signed-in staff member reads them. */
async function figures(page: Page): Promise<{ total: Money; days: Money[] }> {
  const res = await page.request.get('/api/admin/accounting');
  expect(res.ok()).toBe(true);
  return (await res.json()) as { total: Money; days: Money[] };
}

/** A section of the console's side nav. */
const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });

/** payments.spec.ts's course choice: from /buy-point to the confirm page of the 1,000 gem course, by card. */
async function buyThousandGemsByCard(page: Page): Promise<string> {
  await page.goto('/buy-point');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy gems' })).toBeVisible();
  await page.getByRole('link', { name: /^Buy 1,000 gems for ¥1,000$/ }).click();
  await expect(page).toHaveURL(/\/confirm-buy-point\?pointPriceId=\d+/);
  await page.getByRole('radio', { name: /^Credit card/ }).check();
  await page.getByRole('button', { name: 'To payment' }).click();
  await expect(page).toHaveURL(/\/card-input\?pointPriceId=\d+/);
  const year = String(new Date().getFullYear() + 2);
  for (const [i, part] of ['4000', '0000', '0000', '3220'].entries())
    await page.getByLabel(`Card number, digits ${i * 4 + 1} to ${i * 4 + 4}`).fill(part);
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill(year);
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Cardholder name').fill('TARO DEMO');
  await page.getByRole('button', { name: 'Pay ¥1,000' }).click();
  // the sandbox 3-D Secure page, then back through /pay-redirect to the complete page
  await expect(page).toHaveURL(/\/sandbox-pay\/pay\//);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase' })).toBeVisible();
  return new URL(page.url()).searchParams.get('payment_id')!;
}

test('a card purchase and its refund reach the accounts, the CSV files and the prepaid report', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await newStaff('owner', 'accounts-owner');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndEnrol(page, owner.email, owner.password);
  const before = await figures(page);
  const today = todayJst();
  const beforeToday = before.days.at(-1)!;
  expect(beforeToday.period).toBe(today);

  // --- the demo member buys 1,000 gems by card, in a browser of its own ---
  const memberContext = await browser.newContext();
  const shop = await memberContext.newPage();
  await logIn(shop);
  const publicId = await buyThousandGemsByCard(shop);
  await memberContext.close();

  // --- the owner finds the payment and refunds it in full (the shop's fault) ---
  await section(page, 'Payments').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await page.getByLabel('Payment id, reference, email or #id').fill(publicId);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${escape(encodeURIComponent(publicId))}`));
  const row = page.getByRole('row').filter({ hasText: publicId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('¥1,000');
  await row.getByRole('link', { name: new RegExp(escape(publicId)) }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Payment #\d+$/ })).toBeVisible();
  await expect(page.getByText(publicId, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Refund payment #\d+$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('refund-gems')).toHaveText('1,000');
  await dialog.getByRole('radio', { name: /The shop's fault/ }).check();
  await expect(dialog.getByTestId('refund-amount')).toHaveText('¥1,000');
  await dialog.getByLabel('Reason', { exact: true }).fill('Charged by mistake (e2e accounts journey)');
  await dialog.getByRole('button', { name: 'Refund ¥1,000' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'refunded' })).toHaveText(
    /^Payment #\d+: ¥1,000 refunded, 1,000 gems taken back \(Refunded\)\.$/,
  );
  await expect(page.getByRole('region', { name: 'Refund', exact: true })).toContainText('Refunded');

  // --- Accounts: ¥1,000 more gross and ¥1,000 more refunds than before; the net as it was ---
  await section(page, 'Accounts').click();
  await expect(page).toHaveURL(/\/admin\/accounting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const totalRow = page
    .getByRole('region', { name: 'Sales, refunds and net' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'All days shown', exact: true }) });
  const [, totalGross, totalRefunds, totalNet] = [0, 1, 2, 3].map((i) => totalRow.getByRole('cell').nth(i));
  await expect(totalGross!).toHaveText(yen(before.total.gross_yen + 1000));
  await expect(totalRefunds!).toHaveText(
    new RegExp(`^${escape(yen(before.total.refunds_yen + 1000))} \\(${before.total.refunds + 1}\\)$`),
  );
  await expect(totalNet!).toHaveText(yen(before.total.net_yen));

  // the last day shown is today (JST), with the same ¥1,000 more on each side
  const lastDay = page.getByRole('region', { name: 'By day' }).getByRole('row').last();
  await expect(lastDay.getByRole('rowheader')).toHaveText(today.replace(/-/g, '/'));
  await expect(lastDay.getByRole('cell').nth(1)).toHaveText(yen(beforeToday.gross_yen + 1000));
  await expect(lastDay.getByRole('cell').nth(2)).toContainText(yen(beforeToday.refunds_yen + 1000));

  // --- the CSV files: the daily one downloaded as the link does, the refunds one read from its address ---
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Daily figures (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^daily-\\d{4}-\\d\\d-01-${today}\\.csv$`));
  const daily = await readFile((await download.path())!, 'utf8');
  expect(daily).toMatch(/^\ufeffdate,payments,gross_yen,refunds,refunds_yen,net_yen,/);
  const todayLine = daily.split('\r\n').find((line) => line.startsWith(`${today},`));
  expect(todayLine, `today's line in ${daily}`).toBeDefined();
  const [, payments, gross, refunds, refundsYen, net] = todayLine!.split(',').map(Number);
  expect({ payments, gross, refunds, refundsYen, net }).toEqual({
    payments: beforeToday.payments + 1,
    gross: beforeToday.gross_yen + 1000,
    refunds: beforeToday.refunds + 1,
    refundsYen: beforeToday.refunds_yen + 1000,
    net: beforeToday.net_yen,
  });

  const refundsHref = await page.getByRole('link', { name: 'Refunds (CSV)' }).getAttribute('href');
  const refundsCsv = await page.request.get(refundsHref!);
  expect(refundsCsv.headers()['content-type']).toMatch(/^text\/csv/);
  const refundLine = (await refundsCsv.text()).split('\r\n').find((line) => line.includes(publicId));
  expect(refundLine).toBeDefined();
  expect(refundLine).toContain(',succeeded,');
  expect(refundLine).toContain(',1000,1000,');
  expect(refundLine).toContain(',company_fault,');

  // --- the prepaid-balance report: a base date to choose, and its note (or its alert above the threshold) ---
  const report = page.getByRole('region', { name: 'Prepaid-balance report (Payment Services Act)' });
  const base = report.getByRole('combobox', { name: 'Base date' });
  await expect(base).toBeVisible();
  await expect(base.locator('option')).toHaveCount(6);
  expect(await base.inputValue()).toMatch(/^\d{4}-(03-31|09-30)$/);
  await expect(report.getByTestId('prepaid')).toContainText('Unused balance on the base date');
  await expect(
    report
      .getByText('The unused balance is not above ¥10,000,000: no deposit is required for this base date.', {
        exact: true,
      })
      .or(report.getByRole('alert')),
  ).toBeVisible();

  // --- no serious axe violation: English at 1280 px ---
  expect(await seriousViolations(page, 'en, 1280 px')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('accounts-en-1280.png'), fullPage: true });

  // --- in Japanese at tablet width ---
  await page.getByRole('button', { name: '日本語' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '会計' })).toBeVisible();
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '会計' })).toBeVisible();
  await expect(page.getByRole('region', { name: '売上・返金・純売上' })).toBeVisible();
  expect(await seriousViolations(page, 'ja, 820 px')).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: '会計' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('accounts-ja-375.png'), fullPage: true });
  // at phone width the tables scroll sideways: their frames take the keyboard's focus (axe's scrollable-region-focusable)
  expect(await seriousViolations(page, 'ja, 375 px')).toEqual([]);

  // --- a viewer reads Accounts ---
  const viewer = await newStaff('viewer', 'accounts-viewer');
  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const viewerPage = await viewerContext.newPage();
  await signInAndEnrol(viewerPage, viewer.email, viewer.password);
  await section(viewerPage, 'Accounts').click();
  await expect(viewerPage.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(
    viewerPage
      .getByRole('region', { name: 'Sales, refunds and net' })
      .getByRole('rowheader', { name: 'All days shown', exact: true }),
  ).toBeVisible();
  await viewerContext.close();

  // --- a support account has no Accounts ---
  const support = await newStaff('support', 'accounts-support');
  const supportContext = await browser.newContext();
  const supportPage = await supportContext.newPage();
  await signInAndEnrol(supportPage, support.email, support.password);
  await expect(section(supportPage, 'Accounts')).toHaveCount(0);
  await supportPage.goto('/admin/accounting');
  await expect(supportPage.getByText('Your role does not allow this section.')).toBeVisible();
  expect((await supportPage.request.get('/api/admin/accounting')).status()).toBe(403);
  await supportContext.close();
});
