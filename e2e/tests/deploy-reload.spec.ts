import { expect, test, type Page } from '@playwright/test';

/**
 * A tab left open across a deploy. The build it runs is gone from the server, so the next lazy
 * chunk it asks for answers 404. Simulated here: once the tab has loaded, every asset it has not loaded yet
 * answers a plain 404 until the page loads a document again (the new build, which serves them). The page must
 * reload once to the new version, at the address it was going to, keep the registration form's draft, and never
 * show the error page.
 */

const uniqueMail = () => `e2e-deploy-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Records the assets the tab loaded; `deploy()` then makes every other one a 404 until the next document. */
function oldTab(page: Page) {
  const loaded = new Set<string>();
  page.on('requestfinished', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/assets/')) loaded.add(path);
  });
  const state = { missing: [] as string[], reloaded: false };
  return {
    state,
    async deploy() {
      await page.evaluate(() => Object.assign(window, { __oldBuild: true }));
      await page.route('**/*', async (route) => {
        const req = route.request();
        if (req.resourceType() === 'document') state.reloaded = true;
        const path = new URL(req.url()).pathname;
        if (!state.reloaded && path.startsWith('/assets/') && !loaded.has(path)) {
          state.missing.push(path);
          return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
        }
        return route.continue();
      });
    },
    /** True while the page is still the document of the old build. */
    isOldDocument: () => page.evaluate(() => '__oldBuild' in window),
  };
}

test.beforeEach(async ({ page }) => {
  // remembers, across reloads, whether the error page ever showed (in either language)
  await page.addInitScript(() => {
    const check = () => {
      if (/Something went wrong|エラーが発生しました/.test(document.body?.innerText ?? ''))
        sessionStorage.setItem('e2e.sawErrorPage', '1');
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  });
});

const sawErrorPage = (page: Page) => page.evaluate(() => sessionStorage.getItem('e2e.sawErrorPage') === '1');

test('a page whose code is gone after a deploy reloads to the new version instead of the error page', async ({
  page,
}) => {
  const tab = oldTab(page);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Pokémon' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await tab.deploy();

  // an in-app navigation to a page whose chunk the old tab never loaded
  await page.locator('a[href="/login"]').first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('input[name=mail]')).toBeVisible();
  expect(tab.state.missing.length).toBeGreaterThan(0);
  expect(await tab.isOldDocument()).toBe(false);
  expect(await sawErrorPage(page)).toBe(false);
});

test('mid-registration, the confirm page reloads to the new version and the registration completes', async ({
  page,
}) => {
  const tab = oldTab(page);
  const mail = uniqueMail();
  await page.goto('/user-register');
  await page.locator('input[name=lastName]').fill('Deploy');
  await page.locator('input[name=firstName]').fill('Eve');
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill('Secret123');
  await page.locator('input[name=confirmPass]').fill('Secret123');
  await page.getByLabel('I agree to the terms of service').check();
  await page.waitForLoadState('networkidle');
  await tab.deploy();

  await page.getByRole('button', { name: 'Check input info' }).click();
  await expect(page).toHaveURL(/\/confirm-user-register$/);
  await expect(page.getByText(mail)).toBeVisible();
  expect(tab.state.missing.length).toBeGreaterThan(0);
  expect(await tab.isOldDocument()).toBe(false);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);
  expect(await sawErrorPage(page)).toBe(false);
});

test('a language switch after a deploy reloads and keeps the registration form typed so far', async ({
  page,
}) => {
  const tab = oldTab(page);
  await page.goto('/user-register');
  await page.locator('input[name=lastName]').fill('Draft');
  await page.locator('input[name=firstName]').fill('Kept');
  await page.locator('input[name=mail]').fill('draft-kept@example.com');
  await page.locator('input[name=tel]').fill('+81 90-1234-5678');
  await page.waitForLoadState('networkidle');
  await tab.deploy();

  await page.getByRole('button', { name: '日本語' }).first().click();
  // the Japanese texts are chunks the old build no longer has: the page reloads, in Japanese, form kept
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('button', { name: '日本語', exact: true }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(tab.state.missing.length).toBeGreaterThan(0);
  expect(await tab.isOldDocument()).toBe(false);
  await expect(page.locator('input[name=lastName]')).toHaveValue('Draft');
  await expect(page.locator('input[name=firstName]')).toHaveValue('Kept');
  await expect(page.locator('input[name=mail]')).toHaveValue('draft-kept@example.com');
  await expect(page.locator('input[name=tel]')).toHaveValue('+81 90-1234-5678');
  expect(await sawErrorPage(page)).toBe(false);
});
