import { expect, test } from '@playwright/test';
import { logIn } from './journeys.ts';
import { newStaff, signInAndEnrol, uniqueSuffix } from './staff.ts';

/**
 * Journey (the board's moderation in the console): the demo member posts a comment on
 * Everyone's Record; a moderator (support) signs in at /admin with a TOTP code, finds it waiting, approves it, and
 * the console says 500 gems were paid; the post is on Top and the reward is in the member's gems history once.
 */
test('a moderator approves a post in the console; the post is on Top and 500 gems are in the history', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const comment = `Console-approved pull ${uniqueSuffix()}`;

  await logIn(page);
  await page.goto('/?tab=-1');
  await expect(page.getByRole('tab', { name: "Everyone's Record" })).toHaveAttribute('aria-selected', 'true');
  const country = page.getByRole('dialog', { name: 'Please select your country' });
  if (await country.isVisible().catch(() => false)) {
    await country.getByLabel(/^Country of residence/).selectOption('840');
    await country.getByRole('button', { name: 'Save' }).click();
  }
  await page.getByRole('button', { name: 'Post a record' }).click();
  const form = page.getByRole('form', { name: 'New post' });
  await form.getByLabel(/^Comment/).fill(comment);
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  const done = page.getByRole('alertdialog', { name: 'Thank you for posting' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();

  const staff = await newStaff('support', 'moderator');
  const consolePage = await (await browser.newContext()).newPage();
  await signInAndEnrol(consolePage, staff.email, staff.password);
  await consolePage
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Board moderation', exact: true })
    .click();
  const post = consolePage.getByRole('article').filter({ hasText: comment });
  await expect(post).toBeVisible();
  await post.getByRole('button', { name: 'Approve' }).click();
  await expect(consolePage.getByText(/approved: 500 gems paid to/)).toBeVisible();

  await page.goto('/?tab=-1');
  await expect(page.getByRole('list', { name: 'Posts' }).getByText(comment)).toBeVisible();
  await page.goto('/buy-point-history');
  const rewards = page.getByRole('row').filter({ hasText: 'Board post reward' });
  await expect(rewards.first()).toContainText('+500');
});
