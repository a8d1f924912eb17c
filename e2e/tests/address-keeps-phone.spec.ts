import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Journey: a member registers with a phone number and no address, saves an address on /user-address
 * (the phone field starts filled in; /confirm-user-address shows it before saving), and still has the phone on Personal information and in the SMS step;
 * reopening SMS authentication within the 60 s resend wait keeps the code entry open for the code received.
 */

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const uniqueTel = () => `+81 90 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function register(page: Page, mail: string, pass: string, tel: string) {
  await page.goto('/user-register');
  await page.locator('input[name=lastName]').fill('Ux');
  await page.locator('input[name=firstName]').fill('Tester');
  await page.locator('input[name=tel]').fill(tel);
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill(pass);
  await page.locator('input[name=confirmPass]').fill(pass);
  await page.getByLabel('I agree to the terms of service').check();
  await page.getByRole('button', { name: 'Check input info' }).click();
  await expect(page).toHaveURL(/\/confirm-user-register/);
  // one name order per language: first name first in English
  await expect(page.getByText('Tester Ux', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);
}

/** The newest SMS code sent to `tel` through the dev outbox. */
async function smsCode(request: APIRequestContext, tel: string): Promise<string> {
  const digits = tel.replace(/\D/g, '');
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/outbox?channel=sms&limit=50');
        const body = (await res.json()) as { list?: { to: string; code: string | null }[] };
        code = body.list?.find((m) => m.to.replace(/\D/g, '') === digits && m.code)?.code ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

test('saving an address keeps the phone number for Personal information and SMS authentication', async ({
  page,
}) => {
  const tel = uniqueTel();
  await register(page, `e2e-phone-${unique()}@example.com`, 'Phone1234', tel);

  // the address form starts from the stored phone number
  await page.goto('/user-address');
  await expect(page.getByRole('heading', { name: 'Address registration' })).toBeVisible();
  await expect(page.locator('input[name=tel]')).toHaveValue(tel);
  await page.locator('select[name=country_id]').selectOption({ label: 'United States' });
  await page.locator('input[name=zipcode]').fill('94105');
  await page.locator('input[name=country]').fill('CA');
  await page.locator('input[name=shiku]').fill('San Francisco');
  await page.locator('input[name=address]').fill('1 Market St');
  await page.getByLabel('Agree to the terms of use and register as a member').check();
  await page.getByRole('button', { name: 'Check input info' }).click();
  // the confirm page shows what will be saved, the phone number included
  await expect(page).toHaveURL(/\/confirm-user-address$/);
  await expect(page.getByRole('heading', { name: 'Confirm your address' })).toBeVisible();
  await expect(page.getByText('United States', { exact: true })).toBeVisible();
  await expect(page.getByText(tel, { exact: true })).toBeVisible();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/user/append_address'));
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const payload = JSON.parse(new URLSearchParams((await sent).postData() ?? '').get('json') ?? '{}') as {
    tel?: string;
  };
  expect(payload.tel).toBe(tel);
  await expect(page).toHaveURL(/\/$/);

  // Personal information still has the phone, next to the new address
  await page.goto('/change-member');
  await expect(page.locator('input[name=tel]')).toHaveValue(tel);
  await expect(page.getByText('San Francisco')).toBeVisible();

  // the SMS step sends to it instead of asking for a phone number
  await page.goto('/my-page');
  await expect(page.getByText('Tester Ux')).toBeVisible();
  await page.getByRole('button', { name: 'SMS authentication' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Please enter the code sent by SMS');
  await expect(alert).not.toContainText('Please register your phone number first.');
  await alert.getByRole('button', { name: 'OK' }).click();
  const popup = page.getByRole('dialog', { name: 'Enter the verification code' });
  await expect(popup).toBeVisible();
  const code = await smsCode(page.request, tel);

  // closed (Escape) and reopened within 60 s: the wait blocks sending, not entering the code received
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await page.getByRole('button', { name: 'SMS authentication' }).click();
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('status')).toContainText('Please wait');
  await expect(popup.getByRole('status')).toContainText('You can still enter the code you already received.');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await popup.getByLabel('Verification code').fill(code);
  await popup.getByRole('button', { name: 'Verify' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByText('sms authentication completed')).toBeVisible();

  // verified: the number is kept (however it is spaced) and read-only
  await page.goto('/change-member');
  const spaced = new RegExp(`\\+${tel.replace(/\D/g, '').split('').join('[\\s-]?')}`);
  await expect(page.getByText(spaced)).toBeVisible();
  await expect(page.locator('input[name=tel]')).toHaveCount(0);
  await expect(page.getByText('Verified by SMS')).toBeVisible();
});
