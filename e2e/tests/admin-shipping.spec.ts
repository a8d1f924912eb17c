import { expect, test } from '@playwright/test';
import { logIn } from './journeys.ts';
import { newStaff, signInAndEnrol } from './staff.ts';

/**
 * Journey (the fulfilment page): the demo member buys a play and chooses its card for shipping; a
 * fulfilment (support) staff member made with scripts/staff.ts signs in with a TOTP code, finds the member's open
 * batch, opens its packing list and customs sheet (every item with its declared value; printed, the console's
 * chrome is hidden), marks the batch shipped with a carrier and tracking code, and the member sees that code in
 * their buying history.
 */

test('a fulfilment user prints a packing list and marks the batch shipped; the member sees the code', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // --- the demo member buys one play and has its card shipped ---
  await logIn(page);
  await page.goto('/pack-detail?packId=1');
  await page.getByLabel('Number of plays').selectOption('1');
  await page.getByRole('button', { name: 'BUY', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your purchase' })
    .getByRole('button', { name: 'Yes, buy' })
    .click();
  await expect(page).toHaveURL(/\/gacha-animation$/);
  await page.getByRole('button', { name: /Tap to open/ }).click();
  await page.getByRole('button', { name: 'All skip' }).click();
  await expect(page).toHaveURL(/\/get-card-list\?c=\d+$/);
  const items = page.getByRole('list', { name: 'Your items' });
  await items.getByRole('button', { pressed: false }).first().click();
  await expect(items.getByRole('button', { pressed: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'To final confirmation' }).click();
  await expect(page.getByRole('heading', { name: 'Items to ship (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('1 item will be shipped.')).toBeVisible();

  // --- a fulfilment (support) staff member signs in ---
  const staff = await newStaff('support', 'fulfil');
  const staffContext = await browser.newContext();
  const console_ = await staffContext.newPage();
  await signInAndEnrol(console_, staff.email, staff.password);

  // the member's newest open batch
  const found = (await (await console_.request.get('/api/admin/members?q=demo@example.com')).json()) as {
    list: { id: number }[];
  };
  const memberId = found.list[0]!.id;
  const open = (await (
    await console_.request.get(`/api/admin/shipments?status=open&user_id=${memberId}`)
  ).json()) as {
    list: { id: number; item_count: number; items: { name: string; declared_value_yen: number }[] }[];
  };
  const batch = open.list.at(-1)!;
  expect(batch.item_count).toBeGreaterThanOrEqual(1);

  await console_
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Shipments' })
    .click();
  await expect(console_.getByRole('heading', { name: 'Shipments', level: 1 })).toBeVisible();
  await console_.getByRole('search').getByLabel('Member #').fill(String(memberId));
  await console_.getByRole('search').getByLabel('Member #').press('Enter');
  await expect(console_).toHaveURL(new RegExp(`user_id=${memberId}`));
  const row = console_.getByRole('row').filter({ hasText: `#${batch.id}` });
  await expect(row).toContainText(batch.items[0]!.name);

  // --- the packing list and customs sheet ---
  await row.getByRole('link', { name: 'Packing list' }).click();
  await expect(console_).toHaveURL(new RegExp(`/admin/shipments/print\\?ids=${batch.id}$`));
  const sheet = console_.getByTestId('packing-sheet');
  await expect(sheet).toHaveCount(1);
  await expect(sheet.getByRole('heading', { name: `Packing list — batch #${batch.id}` })).toBeVisible();
  await expect(sheet.getByTestId('packing-item')).toHaveCount(batch.item_count);
  for (const [i, item] of batch.items.entries()) {
    const line = sheet.getByTestId('packing-item').nth(i);
    await expect(line).toContainText(item.name);
    await expect(line).toContainText(`¥${item.declared_value_yen.toLocaleString('en-US')}`);
  }
  await expect(sheet.getByRole('heading', { name: 'Customs declaration — CN22 / CN23' })).toBeVisible();
  const total = batch.items.reduce((n, i) => n + i.declared_value_yen, 0);
  await expect(sheet.getByTestId('customs-total')).toHaveText(total.toLocaleString('en-US'));
  await expect(console_.getByRole('button', { name: 'Print' })).toBeEnabled();
  // printed: the console's header and nav and the page's controls are gone, the sheet stays
  await console_.emulateMedia({ media: 'print' });
  await expect(console_.locator('.topbar')).toBeHidden();
  await expect(console_.getByRole('navigation', { name: 'Sections' })).toBeHidden();
  await expect(console_.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();
  await console_.screenshot({
    path: test.info().outputPath('packing-list-print.png'),
    fullPage: true,
  });
  await console_.emulateMedia({ media: 'screen' });

  // --- mark the batch shipped ---
  await console_.getByRole('link', { name: '← Shipments' }).click();
  await console_.goto(`/admin/shipments?user_id=${memberId}`);
  const again = console_.getByRole('row').filter({ hasText: `#${batch.id}` });
  await again.getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = console_.getByRole('dialog', { name: `Mark batch #${batch.id} shipped` });
  const code = `EJ${Date.now().toString().slice(-9)}JP`;
  await dialog.getByLabel('Carrier').selectOption('japan_post');
  await dialog.getByLabel('Tracking code').fill(code);
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(console_.getByRole('status').filter({ hasText: 'marked shipped' })).toContainText(
    `Batch #${batch.id} marked shipped`,
  );
  await expect(console_.getByRole('row').filter({ hasText: `#${batch.id}` })).toHaveCount(0); // not open any more
  await console_.getByLabel('State').selectOption('shipped');
  await expect(console_.getByRole('row').filter({ hasText: `#${batch.id}` })).toContainText(code);
  await staffContext.close();

  // --- the member sees the delivery code in their buying history ---
  await page.goto('/buy-product-history');
  await page.getByRole('link', { name: 'Starfall Premium Pack' }).first().click();
  await expect(page).toHaveURL(/\/buy-product-history-detail\?packHistoryId=\d+$/);
  await expect(page.getByText(code).first()).toBeVisible();
});
