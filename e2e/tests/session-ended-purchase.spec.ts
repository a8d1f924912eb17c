import { expect, test, type Page } from '@playwright/test';
import { appReady, DEMO, logIn } from './journeys.ts';

/**
 * A purchase whose session ended while the confirm dialog was open (the cookies cleared, or the session expired):
 * the buy is a guest's buy (spec §2), so the member goes to /login?packId=, is brought back to the pack after
 * logging in, and the header's balance is the member's again — no "Please log in." under the count, no balance
 * of a session that is gone.
 */

const TEXTS = {
  'en-US': { buy: 'BUY', yes: 'Yes, buy', loginNeeded: 'Please log in.', gems: /^Gems: / },
  'ja-JP': { buy: '購入する', yes: '購入する', loginNeeded: 'ログインしてください。', gems: /^ジェム：/ },
} as const;

async function gemPackOnSale(page: Page): Promise<number> {
  const res = await page.request.get('/api/user/pack/list');
  const { list } = (await res.json()) as {
    list: { id: number; pack_count: number; is_before: boolean; is_end?: boolean; payment_method: number }[];
  };
  const pack = list.find((p) => p.pack_count > 0 && !p.is_before && !p.is_end && p.payment_method !== 2);
  expect(pack).toBeTruthy();
  return pack!.id;
}

for (const locale of ['en-US', 'ja-JP'] as const) {
  test(`a buy after the session ended goes to login and back to the pack (${locale})`, async ({
    browser,
  }) => {
    const texts = TEXTS[locale];
    const context = await browser.newContext({ locale, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const id = await gemPackOnSale(page);
    await logIn(page);
    await page.goto(`/pack-detail?packId=${id}`);
    await appReady(page);
    const gemChip = page.getByRole('link', { name: texts.gems }).first();
    const before = (await (await page.request.get('/api/user/point')).json()) as { point: number };
    const held = new Intl.NumberFormat('en-US').format(before.point);
    expect(before.point).toBeGreaterThan(0);
    await expect(gemChip).toContainText(held); // the member's balance is shown

    await page.getByRole('button', { name: texts.buy, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await context.clearCookies(); // the session ends with the dialog open
    await dialog.getByRole('button', { name: texts.yes, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/login\\?packId=${id}$`));
    await expect(page.getByText(texts.loginNeeded)).toHaveCount(0);
    // the header no longer shows the balance of the session that is gone
    const guest = await (await page.request.get('/api/user/point')).json();
    expect(guest.is_login).toBe('0');
    await expect(page.locator('input[name=mail]')).toBeVisible();
    await expect(page.getByRole('link', { name: texts.gems })).toHaveCount(0); // a guest's header has no balance

    await appReady(page);
    await page.locator('input[name=mail]').fill(DEMO.mail);
    await page.locator('input[name=pass]').fill(DEMO.pass);
    await page.locator('input[name=pass]').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/pack-detail\\?packId=${id}$`));
    await expect(page.getByRole('link', { name: texts.gems }).first()).toContainText(held);
    await expect(page.getByRole('button', { name: texts.buy, exact: true })).toBeEnabled();
    await context.close();
  });
}
