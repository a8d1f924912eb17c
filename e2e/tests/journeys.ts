import { expect, type Page } from '@playwright/test';

/** The demo member the demo data loads (README: Demo account). */
export const DEMO = { mail: 'demo@example.com', pass: 'demo1234' };

/** Logs in through the login page (the demo member unless told otherwise) and waits to leave it. */
export async function logIn(page: Page, mail = DEMO.mail, pass = DEMO.pass) {
  await page.goto('/login');
  await appReady(page);
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill(pass);
  await page.locator('input[name=pass]').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Waits until the app runs on the page: a prerendered page (Top, login, pack detail, the legal pages) shows its
 * form and buttons before its script has started, and a form sent before then goes back to the page.
 */
export async function appReady(page: Page) {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

/**
 * Collects what a page logs as an error and answers those that are React's hydration mismatches (in a production
 * build: minified errors #418, #423 and #425), to expect empty once the page has been taken over.
 */
export function hydrationErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return () => errors.filter((e) => /hydrat|#418|#423|#425/i.test(e));
}
