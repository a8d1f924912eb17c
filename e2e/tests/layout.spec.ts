import { expect, test } from '@playwright/test';
import { appReady } from './journeys.ts';

/**
 * Shared layout rules of spec §2: a pack banner click is ignored while its sale counts down; a second tap within
 * 350 ms is cancelled (no double-tap zoom). The footer hidden on /gacha-animation is checked in gacha.spec.ts.
 */

test('a pack banner that is counting down ignores the click', async ({ page }) => {
  await page.goto('/');
  await appReady(page); // before the app runs, the banner is a plain link
  const upcoming = page.getByRole('link', { name: /Aurora Night Legends Pack/ }).first();
  await expect(upcoming).toBeVisible();
  await expect(upcoming).toHaveAttribute('aria-disabled', 'true');
  await expect(upcoming.getByRole('timer')).toBeVisible();
  await upcoming.click({ force: true }); // a member can still click it: it is aria-disabled, not removed
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/$/);

  // an on-sale banner next to it does open its pack
  await page
    .getByRole('link', { name: /Starfall Premium Pack/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/pack-detail\?packId=\d+/);
});

test('a second tap within 350 ms is cancelled, a later one is not', async ({ browser }) => {
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await appReady(page); // the layout (and its guard) has mounted: the prerendered header shows before
  const cancelled = await page.evaluate(async () => {
    const tap = () => {
      const e = new TouchEvent('touchend', { cancelable: true, bubbles: true });
      document.body.dispatchEvent(e);
      return e.defaultPrevented;
    };
    const first = tap();
    const second = tap(); // at once: a double tap
    await new Promise((r) => setTimeout(r, 400));
    const third = tap(); // after 350 ms: a new tap
    return [first, second, third];
  });
  expect(cancelled).toEqual([false, true, false]);
  await context.close();
});
