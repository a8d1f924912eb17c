import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn } from './journeys.ts';

/**
 * Journey: the live odds change after a purchase and the member's draw is marked in the public record
 * (for them alone); a guest plays a free practice draw in Japanese at 375 px, from the keyboard, and nothing is
 * taken from the pool; a sold-out pack's record agrees with its revealed seed, in the browser and with the
 * independent verifier (tools/verify-pack.mjs) run against this server.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

interface PackSummary {
  id: number;
  name: string;
  pack_count: number;
  total_pack_count: number;
  is_sold_out: boolean;
}

async function packNamed(request: APIRequestContext, name: string): Promise<PackSummary> {
  const list = (await (await request.get('/api/user/pack/list')).json()).list as PackSummary[];
  return list.find((p) => p.name === name)!;
}

/** The live-odds panel's numbers: lots left in all, and 'left / total' per tier. */
async function oddsNow(page: Page) {
  const panel = page.getByTestId('live-odds');
  const remaining = Number((await panel.getByTestId('odds-remaining').textContent())!.replace(/,/g, ''));
  const tiers = await panel.getByTestId('odds-tier').locator('td:nth-child(2) .num').allTextContents();
  return { remaining, tiers };
}

test('the live odds change after a purchase, and the draw is marked in the public record for its buyer only', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const pack = await packNamed(request, 'Dragon Knight Figure Kuji');
  await logIn(page);
  await page.goto(`/pack-detail?packId=${pack.id}`);
  const panel = page.getByTestId('live-odds');
  await expect(panel.getByRole('heading', { name: 'Live odds' })).toBeVisible();
  await expect(panel.getByTestId('odds-remaining')).toHaveText(String(pack.pack_count));
  const before = await oddsNow(page);

  await page.getByRole('button', { name: 'BUY', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your purchase' })
    .getByRole('button', { name: 'Yes, buy' })
    .click();
  await expect(page).toHaveURL(/\/gacha-animation$/);
  await page.getByRole('button', { name: /Tap to open/ }).click();
  await page.getByRole('button', { name: 'All skip' }).click();
  await expect(page).toHaveURL(/\/get-card-list/);

  // back on the pack: one lot less in all, and in exactly one tier
  await page.goto(`/pack-detail?packId=${pack.id}`);
  await expect(panel.getByTestId('odds-remaining')).toHaveText(String(pack.pack_count - 1));
  const after = await oddsNow(page);
  const changed = after.tiers.filter((t, i) => t !== before.tiers[i]);
  expect(changed).toHaveLength(1);
  const left = (s: string) => Number(s.split('/')[0]!.replace(/,/g, ''));
  const i = after.tiers.indexOf(changed[0]!);
  expect(left(after.tiers[i]!)).toBe(left(before.tiers[i]!) - 1);

  // the public record: the newest draw is this member's, marked for them
  await panel.getByRole('link', { name: 'Public draw record' }).click();
  await expect(page).toHaveURL(new RegExp(`/pack-detail/record\\?packId=${pack.id}$`));
  const sold = pack.total_pack_count - pack.pack_count + 1;
  const newest = page.getByTestId('draw-record').getByRole('row').nth(1);
  await expect(newest.getByRole('rowheader')).toHaveText(`#${sold} Yours`);
  await expect(page.getByText('The seed is sealed')).toBeVisible();

  // a guest sees the same row, unmarked, and no one's name anywhere
  const guest = await browser.newPage();
  await guest.goto(`${baseURL}/pack-detail/record?packId=${pack.id}`);
  const row = guest.getByTestId('draw-record').getByRole('row').nth(1);
  await expect(row.getByRole('rowheader')).toHaveText(`#${sold}`);
  await expect(guest.getByText('Yours')).toHaveCount(0);
  await expect(guest.getByText(/Demo|Taro|demo@example\.com/)).toHaveCount(0);
  await guest.close();

  // the odds disclosure: fixed at publishing, every lot accounted for
  await page.goto(`/pack-detail/odds?packId=${pack.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Odds disclosure' })).toBeVisible();
  await expect(page.getByTestId('disclosure-tiers').getByRole('row').last()).toHaveText(
    `Total${pack.total_pack_count}100%`,
  );
});

test.describe('in Japanese at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });

  test('a guest plays a practice draw from the keyboard: labelled practice throughout, nothing taken', async ({
    page,
    request,
  }) => {
    const pack = await packNamed(request, 'Starfall Premium Pack');
    await page.goto('/');
    await page.getByRole('button', { name: '日本語' }).first().click();
    await page.goto(`/pack-detail?packId=${pack.id}`);
    await expect(page.getByRole('heading', { name: 'リアルタイム残数と確率' })).toBeVisible();
    const remaining = await page.getByTestId('odds-remaining').textContent();

    const button = page.getByRole('button', { name: /無料の練習ガチャ/ });
    await expect(button).toContainText('練習');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/practice-draw\\?packId=${pack.id}$`));
    await expect(page.getByTestId('practice-badge')).toHaveText('練習');
    await expect(page.getByTestId('tap-to-open')).toContainText('練習ガチャ · 1枚 · 購入にはなりません');
    await expect(page.getByTestId('tap-to-open')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('opening-card')).toBeVisible({ timeout: 15_000 });
    // the one card turns by itself; then the main action leads to the result
    const finish = page.getByRole('button', { name: '練習の結果を見る' });
    await expect(finish).toBeVisible({ timeout: 5_000 });
    await finish.focus();
    await page.keyboard.press('Enter');

    const summary = page.getByTestId('practice-summary');
    await expect(summary.getByRole('heading', { name: /練習ガチャの結果/ })).toBeFocused();
    await expect(summary.getByRole('note')).toContainText('ジェムは使われず、口も減らず、履歴にも残りません');
    await expect(summary.getByRole('listitem')).toHaveCount(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    // nothing was taken from the pool
    await summary.getByRole('link', { name: '本番で購入する' }).click();
    await expect(page.getByTestId('odds-remaining')).toHaveText(remaining!);
    expect((await packNamed(request, 'Starfall Premium Pack')).pack_count).toBe(pack.pack_count);
  });
});

test('a sold-out pack’s record agrees with its revealed seed, in the browser and with the independent verifier', async ({
  page,
  baseURL,
  request,
}) => {
  const pack = await packNamed(request, 'Red Tide Captains Pack');
  expect(pack.is_sold_out).toBe(true);
  await page.goto(`/pack-detail/record?packId=${pack.id}`);
  await expect(page.getByText('200 of 200 lots drawn')).toBeVisible();
  await page.getByRole('button', { name: 'Check the record against the seed' }).click();
  await expect(page.getByTestId('record-check')).toHaveText(
    'All 200 drawn lots match the committed sequence, and the seed matches the commitment.',
  );
  const csv = await page.request.get(`/api/user/pack/record/${pack.id}/csv`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).trim().split('\r\n')).toHaveLength(201);

  const { stdout } = await run(process.execPath, ['tools/verify-pack.mjs', String(pack.id), baseURL!], {
    cwd: repoRoot,
  });
  expect(stdout).toContain('RESULT: EVERYTHING AGREES');
});
