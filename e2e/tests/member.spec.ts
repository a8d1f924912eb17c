import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { appReady } from './journeys.ts';

/**
 * Journey: password reissue through the dev outbox, change password, SMS verification, Google,
 * personal information, the referral box, the Apple flags and guests sent to login keeping packId.
 */

const DEMO = { mail: 'demo@example.com', pass: 'demo1234' };
/** A pack of the demo catalogue. */
const DEMO_PACK_ID = '2';

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
  await appReady(page);
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

/** The demo member's referral code, read from GET /api/user/detail in a browser context of its own. */
async function demoReferralCode(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await logIn(page, DEMO.mail, DEMO.pass);
    const res = await page.request.get('/api/user/detail');
    const body = (await res.json()) as { state: number; referral_code?: string };
    expect(body.state).toBe(200);
    expect(body.referral_code).toBeTruthy();
    return body.referral_code!;
  } finally {
    await context.close();
  }
}

test('a reissue opened as the first page of a visit: Back from its completion goes to login, not out of the shop', async ({
  page,
  browser,
}) => {
  const mail = uniqueMail();
  await register(page, mail, 'First123');
  await logOutFromMyPage(page);
  // a new tab whose first page is the reissue (a bookmark, a link in a mail), in Japanese: its mail is too
  const context = await browser.newContext({ locale: 'ja-JP' });
  const tab = await context.newPage();
  await tab.goto('/password-reissue');
  await appReady(tab);
  await tab.locator('input[name=mail]').fill(mail);
  await tab.locator('input[name=mail]').press('Enter');
  await expect(tab).toHaveURL(/\/onetime-password-reissue/);
  const codeMail = await outboxCode(tab.request, { to: mail, channel: 'email' }, () => true);
  expect(codeMail.subject).toBe('【ガチャジェム】認証コードのお知らせ'); // the page's language, not the account's
  await tab.getByLabel(/認証コード/).fill(codeMail.code!);
  await tab.getByLabel(/認証コード/).press('Enter');
  await expect(tab).toHaveURL(/\/complete-password-reissue/);
  // the page (a lazy chunk) puts /login beneath itself once shown: Back after that, as a member would
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  await tab.goBack();
  await expect(tab).toHaveURL(/\/login$/);
  await context.close();
});

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
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Does not match password confirmation').first()).toBeVisible();
  await page.locator('input[name=confirmPass]').fill('Second456');
  // the current password is asked for (a borrowed session must not take the account)
  await page.locator('input[name=currentPass]').fill('not-my-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await expect(page.locator('input[name=currentPass]')).toBeFocused();
  await page.locator('input[name=currentPass]').fill(temp.code!);
  await page.getByRole('button', { name: 'Change password' }).click();
  const done = page.getByRole('alertdialog');
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/my-page/);

  // a second change: this time a click outside the alert (on its backdrop) also goes to /my-page
  await page.goto('/change-password');
  await page.locator('input[name=currentPass]').fill('Second456');
  await page.locator('input[name=pass]').fill('Third789');
  await page.locator('input[name=confirmPass]').fill('Third789');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(done).toBeVisible();
  const box = await done.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.click(Math.max(2, box!.x / 2), Math.max(2, box!.y / 2));
  await expect(page).toHaveURL(/\/my-page/);
  await expect(done).toBeHidden();

  await logOutFromMyPage(page);
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill(temp.code!);
  await page.locator('input[name=pass]').press('Enter');
  await expect(page.getByText('Email address or password do not match.')).toBeVisible();
  await logIn(page, mail, 'Third789');
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
  await popup.getByRole('button', { name: 'Verify' }).click();
  await expect(popup.locator('[role=alert]')).toBeVisible();
  await popup.getByLabel('Verification code').fill(sms.code!);
  await popup.getByRole('button', { name: 'Verify' }).click();
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

test('guests are sent to login keeping packId, then back to the pack', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const pack = `/pack-detail?packId=${DEMO_PACK_ID}`;
  const toLogin = new RegExp(`/login\\?packId=${DEMO_PACK_ID}$`);
  const myPageLink = page
    .getByRole('navigation', { name: 'Quick menu' })
    .getByRole('link', { name: 'My Page' });
  const openPack = async () => {
    await page.goto(pack);
    // the current user has loaded as a guest: the member links point to login
    await expect(myPageLink).toHaveAttribute('href', `/login?packId=${DEMO_PACK_ID}`);
  };

  // a protected route opened directly
  await page.goto(`/my-page?packId=${DEMO_PACK_ID}`);
  await expect(page).toHaveURL(toLogin);

  // the bottom menu's My Page
  await openPack();
  await myPageLink.click();
  await expect(page).toHaveURL(toLogin);

  // the dropdown's Buy gems and Buying history
  for (const name of ['Buy gems', 'Buying history']) {
    await openPack();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page).toHaveURL(toLogin);
  }

  // logging in returns to the pack
  await page.locator('input[name=mail]').fill(DEMO.mail);
  await page.locator('input[name=pass]').fill(DEMO.pass);
  await page.locator('input[name=pass]').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pack-detail\\?packId=${DEMO_PACK_ID}$`));

  // a member's links are the pages themselves
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Buying history' }).click();
  await expect(page).toHaveURL(/\/buy-product-history$/);
});

test('coupon errors show under the input', async ({ page }) => {
  await register(page, uniqueMail(), 'Coupon123');
  await page.goto('/my-page?code=NOSUCHCOUPON');
  const field = page.getByLabel('Coupon code');
  await expect(field).toHaveValue('NOSUCHCOUPON');
  await page.getByRole('button', { name: 'Use coupon' }).click();
  await expect(page.locator('#main [role=alert]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/my-page/);
});

test('complete registration: the referral box needs a code, then takes a valid one', async ({
  page,
  browser,
}) => {
  const code = await demoReferralCode(browser);
  await register(page, uniqueMail(), 'Refer1234');

  const box = page.getByLabel('Referral code');
  const verify = page.getByRole('button', { name: 'Verify' });
  await verify.click();
  await expect(page.getByText('Please enter a referral code.')).toBeVisible();

  await box.fill(code);
  await verify.click();
  const done = page.getByRole('dialog', { name: 'Referral code completed' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
  await expect(verify).toBeDisabled();
  await expect(page.getByText('Please enter a referral code.')).toHaveCount(0);
});

test('personal information: the no-country note, then saving the tel shows Setup complete', async ({
  page,
}) => {
  await register(page, uniqueMail(), 'Tel12345');
  await page.goto('/user-menu');
  await page.getByRole('link', { name: /Personal information/ }).click();
  await expect(page).toHaveURL(/\/change-member/);
  await expect(page.getByText('Please contact us to change your personal information')).toBeVisible();
  await expect(
    page.getByText('You can enter this information when you choose to ship for the first time.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'SMS Authentication' })).toBeVisible();

  const tel = uniqueTel();
  await page.locator('input[name=tel]').fill(tel);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Setup complete');

  // the tel is kept
  await page.reload();
  await expect(page.locator('input[name=tel]')).toHaveValue(tel);
});

test('the Apple flags show their messages', async ({ page }) => {
  await page.goto('/login?Apple=1');
  await expect(page.getByText('The account could not be matched. Please log in again.')).toBeVisible();
  await expect(page.getByText('Failed to link with Apple. Please try again.')).toHaveCount(0);

  await page.goto('/user-register?apple=2');
  await expect(
    page.getByText('Please remove the link to this site in your Apple ID settings and try again.'),
  ).toBeVisible();
});
