import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './journeys.ts';
import { newStaff, signInAndEnrol } from './staff.ts';

/**
 * Issue 29 point 5 journey (money as an accountant reads it): the demo member buys 1,000 gems by card, an owner
 * refunds the payment, and the console's Accounts page shows ¥1,000 more of gross sales and of refunds than
 * before (other journeys share the database: differences, never totals), today's line in the daily CSV and the
 * payment in the refunds CSV, the prepaid-balance report; then in Japanese at tablet width and in English at
 * 1280 px with no serious axe violation; a support account has no Accounts.
 */
const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;
const todayJst = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

async function figures(page: Page) {
  const res = await page.request.get('/api/admin/accounting');
  const body = (await res.json()) as { total: { gross_yen: number; refunds_yen: number } };
  return body.total;
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
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

  // the demo member buys 1,000 gems by card, in a browser of its own
  const memberContext = await browser.newContext();
  const shop = await memberContext.newPage();
  await logIn(shop);
  await shop.goto('/buy-point');
  await shop.getByRole('link', { name: /^Buy 1,000 gems for ¥1,000$/ }).click();
  await shop.getByRole('radio', { name: /^Credit card/ }).check();
  await shop.getByRole('button', { name: 'To payment' }).click();
  const year = String(new Date().getFullYear() + 2);
  for (const [i, part] of ['4000', '0000', '0000', '3220'].entries())
    await shop.getByLabel(`Card number, digits ${i * 4 + 1} to ${i * 4 + 4}`).fill(part);
  await shop.getByLabel('Month (MM)').fill('12');
  await shop.getByLabel('Year (YYYY)').fill(year);
  await shop.getByLabel('Security code').fill('123');
  await shop.getByLabel('Cardholder name').fill('TARO DEMO');
  await shop.getByRole('button', { name: 'Pay ¥1,000' }).click();
  await shop.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(shop).toHaveURL(/\/complete-buy-point\?payment_id=/);
  const publicId = new URL(shop.url()).searchParams.get('payment_id')!;
  await memberContext.close();

  // the owner refunds it in full (the shop's fault)
  const found = await page.request.get(`/api/admin/payments?payment_id=${encodeURIComponent(publicId)}`);
  const [payment] = ((await found.json()) as { list: { id: number }[] }).list;
  const me = await page.request.get('/api/admin/me');
  const { csrf } = (await me.json()) as { csrf: { name: string; value: string } };
  const refunded = await page.request.post(`/api/admin/payments/${payment!.id}/refund`, {
    form: {
      csrf_name: csrf.name,
      csrf_value: csrf.value,
      json: JSON.stringify({ reason_kind: 'company_fault', reason: 'Charged by mistake' }),
    },
  });
  expect(await refunded.json()).toMatchObject({ state: 200, refund: { status: 'succeeded' } });

  // Accounts: ¥1,000 more gross and ¥1,000 more refunds than before
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Accounts', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const total = page
    .getByRole('region', { name: 'Sales, refunds and net' })
    .getByRole('row', { name: /All days shown/ });
  await expect(total).toContainText(yen(before.gross_yen + 1000));
  await expect(total).toContainText(yen(before.refunds_yen + 1000));
  const days = page.getByRole('region', { name: 'By day' }).getByRole('row');
  await expect(days.last()).toContainText(todayJst().replace(/-/g, '/'));

  // the CSV files
  const daily = await page.request.get(
    (await page.getByRole('link', { name: 'Daily figures (CSV)' }).getAttribute('href'))!,
  );
  const dailyText = await daily.text();
  expect(dailyText).toMatch(/^\ufeffdate,payments,gross_yen,refunds,refunds_yen,net_yen,/);
  expect(dailyText).toContain(`\r\n${todayJst()},`);
  const refunds = await page.request.get(
    (await page.getByRole('link', { name: 'Refunds (CSV)' }).getAttribute('href'))!,
  );
  expect(await refunds.text()).toContain(publicId);

  // the prepaid-balance report
  const report = page.getByRole('region', { name: 'Prepaid-balance report (Payment Services Act)' });
  await expect(report.getByLabel('Base date')).toBeVisible();
  await expect(report.getByTestId('prepaid')).toContainText('Unused balance on the base date');
  expect(await seriousViolations(page)).toEqual([]);

  // in Japanese at tablet width
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.getByRole('button', { name: '日本語' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '会計' })).toBeVisible();
  await expect(page.getByRole('region', { name: '売上・返金・純売上' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'English' }).click();

  // a support account has no Accounts
  const support = await newStaff('support', 'accounts-support');
  const other = await browser.newContext();
  const supportPage = await other.newPage();
  await signInAndEnrol(supportPage, support.email, support.password);
  await expect(
    supportPage.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Accounts' }),
  ).toHaveCount(0);
  await supportPage.goto('/admin/accounting');
  await expect(supportPage.getByText('Your role does not allow this section.')).toBeVisible();
  await other.close();
});
