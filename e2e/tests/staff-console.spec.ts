import { expect, test } from '@playwright/test';
import { signInAndEnrol, staffScript, uniqueSuffix } from './staff.ts';

/**
 * Journey (staff in the console): an owner made on the command line adds a support account in the
 * console, which signs in with the temporary password shown once; the owner then makes it an operator and
 * disables it, and the audit log shows each change and the sign-in.
 */
const unique = uniqueSuffix();

test('an owner adds a staff account that signs in, changes its role, disables it; the audit log has it all', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = { email: `staff-owner-${unique}@shop.example`, password: `staff-owner-pass-${unique}` };
  await staffScript('create', '--email', owner.email, '--role', 'owner', '--password', owner.password);
  await signInAndEnrol(page, owner.email, owner.password);

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Staff', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
  const clerk = `clerk-${unique}@shop.example`;
  await page.getByLabel('Email address').fill(clerk);
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Add account' }).click();
  const created = page.getByTestId('staff-created');
  await expect(created).toContainText(`${clerk} added.`);
  const password = (await created.locator('code').textContent())!.trim();

  // the new account signs in with it, in a browser of its own
  const other = await browser.newContext();
  const clerkPage = await other.newPage();
  await signInAndEnrol(clerkPage, clerk, password);
  await other.close();

  // a role, then disabled, each after a question
  const row = page.getByRole('row').filter({ hasText: clerk });
  await page.reload();
  await row.getByRole('combobox', { name: `Role of ${clerk}` }).selectOption('operator');
  await row.getByRole('button', { name: 'Change role' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, change it' }).click();
  await expect(page.getByText(`${clerk} changed.`)).toBeVisible();
  await row.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, change it' }).click();
  await expect(row).toContainText('Disabled');

  // the audit log: the account made, its sign-in, its two changes
  await page.goto('/admin/audit');
  await page.getByLabel('Target type').fill('staff');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  for (const action of ['staff.create', 'staff.sign_in', 'staff.update'])
    await expect(page.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'staff.update' })).toHaveCount(2);
});
