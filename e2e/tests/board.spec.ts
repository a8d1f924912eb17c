import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { serverScript } from './staff.ts';

/**
 * Journey, in Japanese at 375 px: a new member posts a comment with 2 images on Everyone's Record (the
 * previews show each picture's size), sees it waiting for approval, staff approve it from the command line
 * (scripts/board.ts against this run's database), the post shows on the Top tab with both images (one opened
 * larger), and the 500 gems reward is in the gems history and the header.
 */

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
/** A staff command of apps/server/scripts against the e2e server's database. */
const staff = (script: string, ...args: string[]) => serverScript(script.replace(/\.ts$/, ''), ...args);

/** A PNG made here: a gradient of the given size. */
async function png(width: number, height: number, color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${color}"/><circle cx="50%" cy="50%" r="${Math.min(width, height) / 4}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Whole gems from the header's gem link ('ジェム：500（ジェム購入へ）'). */
async function headerGems(page: Page): Promise<number> {
  const name = await page
    .getByRole('link', { name: /^ジェム：/ })
    .first()
    .getAttribute('aria-label');
  return Number(/ジェム：([\d,]+)/.exec(name ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
}

async function registerInJapanese(page: Page) {
  await page.goto('/user-register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.locator('input[name=lastName]').fill('Kiroku');
  await page.locator('input[name=firstName]').fill('Hana');
  await page.locator('input[name=mail]').fill(`e2e-board-${unique()}@example.com`);
  await page.locator('input[name=pass]').fill('Board1234');
  await page.locator('input[name=confirmPass]').fill('Board1234');
  await page.getByLabel('利用規約に同意する').check();
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/\/complete-user-register/);
}

test.describe('in Japanese at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });

  test('a member posts 2 images, staff approve, the post is on Top and 500 gems are in the history', async ({
    page,
  }) => {
    await registerInJapanese(page);
    const comment = `二連続でSRが出ました！\n最高の引きです ${unique()}`;

    await page.goto('/?tab=-1');
    // Top asks a member without a country for one first
    const country = page.getByRole('dialog', { name: 'お住まいの国を選択してください' });
    await country.getByLabel(/^お住まいの国/).selectOption('840');
    await country.getByRole('button', { name: '保存する' }).click();
    await expect(country).toBeHidden();
    await expect(page.getByRole('tab', { name: 'みんなの戦績' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: '戦績を投稿する' }).click();
    const form = page.getByRole('form', { name: '新規投稿' });
    await form.getByLabel(/^コメント/).fill(comment);
    await form.getByLabel('画像を追加').setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: await png(640, 480, '#ff2e7e') },
      { name: 'second.png', mimeType: 'image/png', buffer: await png(480, 640, '#4d7cff') },
    ]);
    // each preview with its size, in a box of its own
    await expect(form.getByRole('img', { name: '画像1：first.png' })).toBeVisible();
    await expect(form.getByRole('img', { name: '画像2：second.png' })).toBeVisible();
    await expect(form.getByText('640 × 480')).toBeVisible();
    await expect(form.getByText('480 × 640')).toBeVisible();

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/post/save'));
    await form.getByRole('button', { name: '投稿する' }).click();
    const answer = (await (await saved).json()) as { state: number; post_id: number };
    expect(answer.state).toBe(200);
    const done = page.getByRole('alertdialog', { name: '投稿ありがとうございます' });
    await expect(done.getByText('掲示板への投稿が完了しました。承認後に表示されます。')).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();

    // waiting for approval: not on the board yet
    const mine = page.getByRole('region', { name: 'あなたの投稿' });
    await expect(mine.getByText('承認待ち')).toBeVisible();
    const board = page.getByRole('list', { name: '投稿一覧' });
    await expect(board.getByText(comment.split('\n')[1]!)).toHaveCount(0);

    // staff approve it from the command line
    const pending = (await staff('board.ts', 'pending')) as { id: number }[];
    expect(pending.map((p) => p.id)).toContain(answer.post_id);
    expect(await staff('board.ts', 'approve', String(answer.post_id))).toMatchObject({
      id: answer.post_id,
      approved: true,
      gems: 500,
    });

    // on Top: the comment with its line break, both images, one opened larger
    await page.goto('/?tab=-1');
    const post = board.getByRole('article', { name: 'K. Hanaさんの投稿' }).filter({
      hasText: comment.split('\n')[1]!,
    });
    await expect(post).toBeVisible();
    await expect(post.getByTestId('post-content')).toHaveText(comment);
    await expect(post.getByRole('button', { name: /を拡大する$/ })).toHaveCount(2);
    await post.getByRole('button', { name: 'K. Hanaさんの画像 2/2 を拡大する' }).click();
    const modal = page.getByRole('dialog');
    const big = modal.getByRole('img', { name: 'K. Hanaさんが投稿した画像 2/2' });
    await expect(big).toBeVisible();
    await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await page.keyboard.press('Escape');
    await expect(mine.getByText('掲載中 · 500ジェム付与済み')).toBeVisible();

    // 500 gems: in the header and in the gems history
    await expect.poll(() => headerGems(page)).toBe(500);
    await page.goto('/buy-point-history');
    const row = page.getByRole('row').filter({ hasText: '掲示板投稿特典' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('+500');
  });
});
