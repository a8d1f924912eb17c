import { expect, test } from '@playwright/test';
import { appReady } from './journeys.ts';

/**
 * Login before the page's script has run: the login page is served as HTML and takes typing at once. Its Login
 * button stays disabled until the app runs the page (as BUY does on a served pack page), so neither a tap nor
 * Enter posts the form to the server, which cannot sign in from it; what was typed stays once the app runs, and
 * Login then signs in and returns to the pack.
 */

for (const [locale, login] of [
  ['en-US', 'Login'],
  ['ja-JP', 'ログイン'],
] as const) {
  test(`typed before the app runs, the login is kept and then signs in (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ locale, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    // the page's scripts are held back: the member meets the served HTML
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && !new URL(r.url()).pathname.startsWith('/api/')) posts.push(r.url());
    });

    await page.goto('/login?packId=1', { waitUntil: 'commit' });
    const mail = page.locator('input[name=mail]');
    const pass = page.locator('input[name=pass]');
    await mail.fill('demo@example.com');
    await pass.fill('demo1234');
    const button = page.getByRole('button', { name: login, exact: true });
    await expect(button).toBeDisabled();
    await pass.press('Enter');
    await button.click({ force: true });
    await page.waitForTimeout(500);
    expect(posts).toEqual([]); // nothing was posted to the server's page
    await expect(page).toHaveURL(/\/login\?packId=1$/);

    release();
    await appReady(page);
    await expect(mail).toHaveValue('demo@example.com');
    await expect(pass).toHaveValue('demo1234');
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page).toHaveURL(/\/pack-detail\?packId=1$/);
    expect(posts).toEqual([]);
    await context.close();
  });
}
