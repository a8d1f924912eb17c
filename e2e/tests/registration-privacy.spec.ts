import { expect, test } from '@playwright/test';
import { appReady } from './journeys.ts';

/**
 * Personal data stays out of addresses: a new member registers with a name, a mail, an address and a phone, and
 * none of them appears in any address the browser visits or asks for (the page addresses go into the history and
 * the server's logs, and every request carries the page's address as its Referer). The confirm page shows every
 * value, the prefecture / state included, and Back returns to the form as it was typed.
 */

test('registering puts no name, mail, address or phone in any address', async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const me = {
    lastName: `Privet${stamp.slice(-6)}`,
    firstName: 'Quill',
    mail: `private-${stamp}@example.com`,
    tel: `+1 555 ${stamp.slice(-7)}`,
    state: 'Vermontia',
    city: 'Burlingtown',
    address: `${stamp.slice(-4)} Hidden Lane`,
    pass: 'Secret123',
  };
  const seen: string[] = [];
  page.on('framenavigated', (f) => seen.push(f.url()));
  page.on('request', (r) => {
    seen.push(r.url());
    const referer = r.headers()['referer'];
    if (referer) seen.push(referer);
  });

  await page.goto('/user-register');
  await appReady(page);
  await page.locator('input[name=lastName]').fill(me.lastName);
  await page.locator('input[name=firstName]').fill(me.firstName);
  await page.locator('select[name=country_id]').selectOption({ label: 'United States' });
  await page.locator('input[name=country]').fill(me.state);
  await page.locator('input[name=shiku]').fill(me.city);
  await page.locator('input[name=address]').fill(me.address);
  await page.locator('input[name=tel]').fill(me.tel);
  await page.locator('input[name=mail]').fill(me.mail);
  await page.locator('input[name=pass]').fill(me.pass);
  await page.locator('input[name=confirmPass]').fill(me.pass);
  await page.getByLabel('I agree to the terms of service').check();
  await page.getByRole('button', { name: 'Check input info' }).click();

  // the confirm page: every value, the state included, and an address of its own
  await expect(page).toHaveURL(/\/confirm-user-register$/);
  for (const value of [me.mail, me.tel, me.state, me.city, me.address, `${me.firstName} ${me.lastName}`])
    await expect(page.getByText(value, { exact: true })).toBeVisible();

  // Back: the form as it was typed
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/user-register$/);
  await expect(page.locator('input[name=mail]')).toHaveValue(me.mail);
  await expect(page.locator('input[name=tel]')).toHaveValue(me.tel);
  await expect(page.locator('input[name=country]')).toHaveValue(me.state);
  await page.getByRole('button', { name: 'Check input info' }).click();

  // a reload of the confirm page keeps it (the site updated under an open tab reloads it)
  await expect(page).toHaveURL(/\/confirm-user-register$/);
  await page.reload();
  await expect(page.getByText(me.mail, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);

  await page.waitForLoadState('networkidle');

  const secrets = [me.lastName, me.mail, me.tel, me.state, me.city, me.address];
  const forms = (s: string) => [s, encodeURIComponent(s), new URLSearchParams({ v: s }).toString().slice(2)];
  const leaks = seen.filter((url) => secrets.some((s) => forms(s).some((f) => url.includes(f))));
  expect(leaks).toEqual([]);
  expect(seen.some((url) => url.includes('/confirm-user-register'))).toBe(true);
});

test('giving an address later puts no address or phone in any address', async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const me = {
    mail: `private-addr-${stamp}@example.com`,
    tel: `+1 555 ${stamp.slice(-7)}`,
    state: 'Vermontia',
    city: 'Burlingtown',
    address: `${stamp.slice(-4)} Hidden Lane`,
  };
  const seen: string[] = [];
  page.on('framenavigated', (f) => seen.push(f.url()));
  page.on('request', (r) => {
    seen.push(r.url());
    const referer = r.headers()['referer'];
    if (referer) seen.push(referer);
  });
  // registered with a phone and no address: the address comes on /user-address, confirmed on its own page
  await page.goto('/user-register');
  await appReady(page);
  await page.locator('input[name=lastName]').fill('Later');
  await page.locator('input[name=firstName]').fill('Address');
  await page.locator('input[name=tel]').fill(me.tel);
  await page.locator('input[name=mail]').fill(me.mail);
  await page.locator('input[name=pass]').fill('Secret123');
  await page.locator('input[name=confirmPass]').fill('Secret123');
  await page.getByLabel('I agree to the terms of service').check();
  await page.getByRole('button', { name: 'Check input info' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);

  await page.goto('/user-address');
  await appReady(page);
  await expect(page.locator('input[name=tel]')).toHaveValue(me.tel);
  await page.locator('select[name=country_id]').selectOption({ label: 'United States' });
  await page.locator('input[name=country]').fill(me.state);
  await page.locator('input[name=shiku]').fill(me.city);
  await page.locator('input[name=address]').fill(me.address);
  await page.getByLabel('Agree to the terms of use and register as a member').check();
  await page.getByRole('button', { name: 'Check input info' }).click();
  await expect(page).toHaveURL(/\/confirm-user-address$/);
  await expect(page.getByText(me.address, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/user-address$/);
  await expect(page.locator('input[name=address]')).toHaveValue(me.address);
  await page.getByRole('button', { name: 'Check input info' }).click();
  await expect(page).toHaveURL(/\/confirm-user-address$/);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('networkidle');

  const secrets = [me.mail, me.tel, me.state, me.city, me.address];
  const forms = (s: string) => [s, encodeURIComponent(s), new URLSearchParams({ v: s }).toString().slice(2)];
  const leaks = seen.filter((url) => secrets.some((s) => forms(s).some((f) => url.includes(f))));
  expect(leaks).toEqual([]);
  expect(seen.some((url) => url.includes('/confirm-user-address'))).toBe(true);
});
