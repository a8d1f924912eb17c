import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** Issue 5 journeys: password reissue through the dev outbox, change password, SMS verification, Google. */

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const uniqueMail = () => `e2e-m-${unique()}@example.com`;
const uniqueTel = () => `+81 90 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  code: string | null;
  kind: string;
}

/** The newest dev-outbox message matching `match`, waiting for it (newer than `afterId`). */
async function outboxCode(
  request: APIRequestContext,
  query: Record<string, string>,
  match: (m: OutboxMessage) => boolean,
  afterId = 0,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?${new URLSearchParams({ limit: '50', ...query })}`);
        const body = (await res.json()) as { list?: OutboxMessage[] };
        found = (body.list ?? []).find((m) => m.id > afterId && Boolean(m.code) && match(m));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function register(page: Page, mail: string, pass: string, tel = '') {
  await page.goto('/user-register');
  await page.locator('input[name=lastName]').fill('Member');
  await page.locator('input[name=firstName]').fill('Mia');
  if (tel) await page.locator('input[name=tel]').fill(tel);
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill(pass);
  await page.locator('input[name=confirmPass]').fill(pass);
  await page.getByLabel('I agree to the terms of service').check();
  await page.getByRole('button', { name: 'Check input info' }).click();
  await expect(page).toHaveURL(/\/confirm-user-register/);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);
}

async function logIn(page: Page, mail: string, pass: string) {
  await page.goto('/login');
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill(pass);
  await page.locator('input[name=pass]').press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

async function logOutFromMyPage(page: Page) {
  await page.goto('/my-page');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('forgot password → code → temporary password → log in → change password → log in again', async ({
  page,
}) => {
  const mail = uniqueMail();
  await register(page, mail, 'First123');
  await logOutFromMyPage(page);

  // step 1: the email
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/password-reissue/);
  await page.getByLabel(/Email address/).fill(mail);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/onetime-password-reissue/);

  // step 2: the code from the dev outbox
  const codeMail = await outboxCode(page.request, { to: mail, channel: 'email' }, () => true);
  const input = page.getByLabel(/Verification code/);
  await expect(input).toHaveAttribute('maxlength', '20');
  await input.fill('WRONG-0000');
  await page.getByRole('button', { name: 'Reissue password' }).click();
  await expect(page.locator('[role=alert]').first()).toBeVisible();
  await input.fill(codeMail.code!);
  await page.getByRole('button', { name: 'Reissue password' }).click();
  await expect(page).toHaveURL(/\/complete-password-reissue/);
  await expect(page.getByRole('heading', { name: 'Temporary password sent' })).toBeVisible();

  // going back does not return to the reissue steps
  await page.goBack();
  await expect(page).not.toHaveURL(/password-reissue/);
  await page.goForward().catch(() => undefined);

  // the temporary password from the outbox logs in
  const temp = await outboxCode(
    page.request,
    { to: mail, channel: 'email' },
    (m) => m.id !== codeMail.id && m.code !== codeMail.code,
    codeMail.id,
  );
  await logIn(page, mail, temp.code!);

  // change password: the mismatch error under both fields, then the success alert → /my-page
  await page.goto('/user-menu');
  await page.getByRole('link', { name: /Password change/ }).click();
  await expect(page).toHaveURL(/\/change-password/);
  await page.locator('input[name=pass]').fill('Second456');
  await page.locator('input[name=confirmPass]').fill('Mismatch99');
  await page.getByRole('button', { name: 'Setup' }).click();
  await expect(page.getByText('Does not match password confirmation').first()).toBeVisible();
  await page.locator('input[name=confirmPass]').fill('Second456');
  await page.getByRole('button', { name: 'Setup' }).click();
  const done = page.getByRole('alertdialog');
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/my-page/);

  await logOutFromMyPage(page);
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill(temp.code!);
  await page.locator('input[name=pass]').press('Enter');
  await expect(page.getByText('Email address or password do not match.')).toBeVisible();
  await logIn(page, mail, 'Second456');
});

test('SMS verification through the outbox shows the referral block', async ({ page }) => {
  const mail = uniqueMail();
  const tel = uniqueTel();
  await register(page, mail, 'Sms12345', tel);

  await page.goto('/my-page');
  await expect(page.getByText(/Member number/)).toBeVisible();
  await expect(page.locator('#referral')).toHaveCount(0);
  await page.getByRole('button', { name: 'SMS authentication' }).click();

  // the popup sends a code at once and says so
  const sent = page.getByRole('alertdialog');
  await expect(sent).toContainText('Please enter the code sent by SMS');
  await sent.getByRole('button', { name: 'OK' }).click();
  const popup = page.getByRole('dialog', { name: 'Enter the verification code' });
  await expect(popup).toBeVisible();

  const digits = tel.replace(/\D/g, '');
  const sms = await outboxCode(page.request, { channel: 'sms' }, (m) => m.to.replace(/\D/g, '') === digits);
  const wrong = sms.code === '000000' ? '111111' : '000000';
  await popup.getByLabel('Verification code').fill(wrong);
  await popup.getByRole('button', { name: 'Send code' }).click();
  await expect(popup.locator('[role=alert]')).toBeVisible();
  await popup.getByLabel('Verification code').fill(sms.code!);
  await popup.getByRole('button', { name: 'Send code' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByText('sms authentication completed')).toBeVisible();

  // the referral block appears with the code, copy works, and #referral scrolls to it
  const block = page.locator('#referral');
  await expect(block).toBeVisible();
  await expect(block.getByTestId('referral-code')).not.toBeEmpty();
  await block.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Referral Code copied');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'SMS verified' }).click();
  await expect(page.getByRole('alertdialog')).toContainText("It's already done.");
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();

  // personal information: the tel is read-only once verified
  await page.goto('/change-member');
  await expect(page.getByText('Please contact us to change your personal information')).toBeVisible();
  await expect(page.locator('input[name=tel]')).toHaveCount(0);
  await expect(page.getByText('Verified by SMS')).toBeVisible();

  await page.goto('/my-page#referral');
  await expect(page.locator('#referral')).toBeInViewport();
});

test('registration with Google through the mock identity provider', async ({ page }) => {
  await page.goto('/user-register');
  await page.getByRole('link', { name: /Google/ }).click();
  await expect(page).toHaveURL(/\/mock-idp\/google\/authorize/);
  const mail = uniqueMail();
  await page.locator('input[name=email]').fill(mail);
  await page.locator('input[name=given_name]').fill('Gina');
  await page.locator('input[name=family_name]').fill('Google');
  await page.getByRole('button', { name: 'Continue with this identity' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /Gems: 0/ }).first()).toBeVisible();

  await page.goto('/my-page');
  await expect(page.getByText(/Gina/)).toBeVisible();
  await page.goto('/change-member');
  await expect(page.getByText(mail)).toBeVisible();

  // registering the same Google account again: 'already registered', then login
  await logOutFromMyPage(page);
  await page.goto('/user-register');
  await page.getByRole('link', { name: /Google/ }).click();
  await page.locator('input[name=email]').fill(mail);
  await page.getByRole('button', { name: 'Continue with this identity' }).click();
  await expect(page).toHaveURL(/\/user-register\?google=3/);
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('This account is already registered');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('guests are sent to login keeping packId; coupon errors show under the input', async ({ page }) => {
  await page.goto('/my-page?packId=1');
  await expect(page).toHaveURL(/\/login\?packId=1/);

  await register(page, uniqueMail(), 'Coupon123');
  await page.goto('/my-page?code=NOSUCHCOUPON');
  const field = page.getByLabel('Coupon code');
  await expect(field).toHaveValue('NOSUCHCOUPON');
  await page.getByRole('button', { name: 'Use coupon' }).click();
  await expect(page.locator('#main [role=alert]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/my-page/);
});
