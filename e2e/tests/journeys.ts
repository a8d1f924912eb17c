import { expect, type Page } from '@playwright/test';

/** The demo member the demo data loads (README: Demo account). */
export const DEMO = { mail: 'demo@example.com', pass: 'demo1234' };

/** Logs in through the login page (the demo member unless told otherwise) and waits to leave it. */
export async function logIn(page: Page, mail = DEMO.mail, pass = DEMO.pass) {
  await page.goto('/login');
  await page.locator('input[name=mail]').fill(mail);
  await page.locator('input[name=pass]').fill(pass);
  await page.locator('input[name=pass]').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}
