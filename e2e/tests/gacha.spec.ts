import { expect, test, type Page } from '@playwright/test';
import { appReady } from './journeys.ts';

/**
 * Journey: a guest opens a pack from Top, BUY → login, back on the pack, buys 3, watches the opening and
 * skips it, ships one card and converts two, sees the new gem balance in the header and the purchase in Buying
 * history; the same in Japanese at 375 px on another pack. The demo member (US address, 30,000 gems) buys.
 */

const DEMO = { mail: 'demo@example.com', pass: 'demo1234' };

const toNumber = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The gem balance shown in the header (the balance link's accessible name carries the amount). */
async function headerGems(page: Page, label: RegExp): Promise<number> {
  const link = page.getByRole('link', { name: label }).first();
  await expect(link).toBeVisible();
  const name = (await link.getAttribute('aria-label')) ?? '';
  const m = label.exec(name);
  return toNumber(m?.[1] ?? '');
}

/** Logs in on the login page it is on, once the app runs it (a form sent before then comes back empty). */
async function logIn(page: Page) {
  await appReady(page);
  await page.locator('input[name=mail]').fill(DEMO.mail);
  await page.locator('input[name=pass]').fill(DEMO.pass);
  await page.locator('input[name=pass]').press('Enter');
}

test('the pack page needs a pack id, and a guest is sent to login', async ({ page }) => {
  await page.goto('/pack-detail');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/gacha-animation');
  await expect(page).toHaveURL(/\/login/);
  // /buy-product is protected: a guest goes to login with the pack id
  await page.goto('/buy-product?packId=1');
  await expect(page).toHaveURL(/\/login\?packId=1$/);
});

test('buy 3, skip the opening, ship one and convert two, see the balance and the history', async ({
  page,
}) => {
  // a guest opens the pack from Top, once the app runs it (a tap while it hydrates may be lost)
  await page.goto('/');
  await appReady(page);
  await page
    .getByRole('link', { name: /Starfall Premium Pack/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/pack-detail\?packId=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Starfall Premium Pack' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Provably fair draw' })).toBeVisible();

  // BUY as a guest → login with the pack id → back on the pack
  await page.getByRole('button', { name: 'BUY', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?packId=1$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/pack-detail\?packId=1$/);
  // /buy-product?packId goes to the pack page (buying happens there); without an id to Top
  await page.goto('/buy-product?packId=1');
  await expect(page).toHaveURL(/\/pack-detail\?packId=1$/);
  await page.goto('/buy-product');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/pack-detail?packId=1');
  const before = await headerGems(page, /Gems: ([\d,]+)/);
  expect(before).toBeGreaterThanOrEqual(3000);
  const remaining = page.getByTestId('remaining');
  const remainingBefore = toNumber((await remaining.textContent())!.split('/')[0]!);

  // buy 3: the confirm modal shows count, amount and balances
  await page.getByLabel('Number of plays').selectOption('3');
  await page.getByRole('button', { name: 'BUY', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('3 plays')).toBeVisible();
  await expect(confirm.getByText(`${(before - 3000).toLocaleString('en-US')}`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, buy' }).click();

  // the opening: tap, watch the first card, then skip everything
  await expect(page).toHaveURL(/\/gacha-animation$/);
  await expect(page.locator('footer')).toHaveCount(0); // spec §2: no footer menu on the opening
  await expect(page.getByRole('navigation', { name: 'Quick menu' })).toHaveCount(0);
  await page.getByRole('button', { name: /Tap to open/ }).click();
  await expect(page.getByText('1 / 3')).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'All skip' }).click();

  // what you won: ship the first card, convert the other two
  await expect(page).toHaveURL(/\/get-card-list\?c=\d+$/);
  const items = page.getByRole('list', { name: 'Your items' });
  await expect(items.getByRole('button')).toHaveCount(3);
  const first = items.getByRole('button', { pressed: false }).first();
  await first.focus();
  await page.keyboard.press('Space'); // tiles work from the keyboard
  await expect(items.getByRole('button', { pressed: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'To final confirmation' }).click();

  // final confirmation: 1 to ship, 2 to convert, then confirm
  await expect(page).toHaveURL(/\/confirm-get-card-list\?c=\d+&ship=\d+$/);
  await expect(page.getByRole('heading', { name: 'Items to ship (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Items to convert to gems (2)' })).toBeVisible();
  const gems = toNumber((await page.getByTestId('gem-total').textContent())!);
  expect(gems).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page).toHaveURL(/\/thank-you\?c=\d+$/);
  await expect(page.getByRole('heading', { name: 'Purchase completed' })).toBeVisible();
  await expect(page.getByText('1 item will be shipped.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy the same again' })).toHaveAttribute(
    'href',
    '/pack-detail?packId=1',
  );

  // the header shows the new balance
  await expect.poll(() => headerGems(page, /Gems: ([\d,]+)/), { timeout: 10_000 }).toBe(before - 3000 + gems);

  // the counts on the pack page are fresh
  await page.getByRole('link', { name: 'Buy the same again' }).click();
  await expect(page.getByTestId('remaining')).toContainText(`${remainingBefore - 3} /`);

  // the purchase is in the buying history; its row opens the detail
  await page.getByRole('button', { name: 'Menu' }).first().click();
  await page.getByRole('menuitem', { name: 'Buying history' }).click();
  await expect(page).toHaveURL(/\/buy-product-history$/);
  const row = page.getByRole('row').filter({ hasText: 'Starfall Premium Pack' }).first();
  await expect(row).toContainText('Not yet shipped');
  await expect(row).toContainText('3,000');
  await page.getByRole('tab', { name: 'Unselected' }).click();
  await expect(page).toHaveURL(/mode=unselected/);
  await expect(page.getByRole('row').filter({ hasText: 'Starfall Premium Pack' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByRole('link', { name: 'Starfall Premium Pack' }).first().click();
  await expect(page).toHaveURL(/\/buy-product-history-detail\?packHistoryId=\d+$/);
  await expect(page.getByRole('heading', { name: 'Shipped items (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Items converted to gems (2)' })).toBeVisible();

  // entering the opening again (not from a purchase) lands on the list, which is decided
  await page.goto('/gacha-animation');
  await expect(page).toHaveURL(/\/get-card-list/);
  await expect(page.getByText('Every item of this purchase has already been decided.')).toBeVisible();
});

test.describe('in Japanese at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });

  test('the same journey on another pack', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await page.getByRole('button', { name: '日本語' }).first().click();
    await page.getByRole('tab', { name: 'TCG MIX' }).click();
    await page
      .getByRole('link', { name: /ミックスラッキー10/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/pack-detail\?packId=\d+$/);
    const packUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: 'ミックスラッキー10' })).toBeVisible();

    await page.getByRole('button', { name: '購入する', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?packId=\d+$/);
    await logIn(page);
    await expect(page).toHaveURL(packUrl);
    const before = await headerGems(page, /ジェム：([\d,]+)/);

    await page.getByLabel('購入回数').selectOption('3');
    await page.getByRole('button', { name: '購入する', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '購入内容の確認' });
    await expect(confirm.getByText('3回')).toBeVisible();
    await confirm.getByRole('button', { name: '購入する' }).click();

    await expect(page).toHaveURL(/\/gacha-animation$/);
    await page.getByRole('button', { name: /タップして開封/ }).click();
    // the opening runs: skip this step, look at the first card, then skip everything
    await page.getByRole('button', { name: 'スキップ', exact: true }).click();
    await expect(page.getByText('1 / 3')).toBeVisible();
    await page.getByRole('button', { name: 'すべてスキップ' }).click();

    await expect(page).toHaveURL(/\/get-card-list\?c=\d+$/);
    const items = page.getByRole('list', { name: '獲得したアイテム' });
    await items.getByRole('button', { pressed: false }).first().click();
    await expect(items.getByRole('button', { pressed: true })).toHaveCount(1);
    await page.getByRole('button', { name: '最終確認へ' }).click();

    await expect(page.getByRole('heading', { name: '発送するアイテム（1点）' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ジェムに交換するアイテム（2点）' })).toBeVisible();
    const gems = toNumber((await page.getByTestId('gem-total').textContent())!);
    await page.getByRole('button', { name: '確定する' }).click();
    await expect(page.getByRole('heading', { name: '購入が完了しました' })).toBeVisible();

    await expect
      .poll(() => headerGems(page, /ジェム：([\d,]+)/), { timeout: 10_000 })
      .toBe(before - 900 + gems);

    await page
      .getByRole('navigation', { name: 'クイックメニュー' })
      .getByRole('link', { name: '履歴' })
      .click();
    await expect(page).toHaveURL(/\/buy-product-history$/);
    const row = page.getByRole('row').filter({ hasText: 'ミックスラッキー10' }).first();
    await expect(row).toContainText('未発送');
    await expect(row).toContainText('900');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test('a sold-out pack: the verify page recomputes the order and every sold position of the member matches', async ({
  page,
}) => {
  // the demo's nearly sold-out pack: the member buys its last 3 lots, which sells it out and reveals the seed
  await page.goto('/');
  await appReady(page);
  // the Top shows the newest packs first and folds the rest (packs made by other journeys push this one down)
  const blaze = page.getByRole('link', { name: /Blaze Rush Pack: Last Chance/ }).first();
  const showMore = page.getByRole('button', { name: /^Show \d+ more/ });
  await expect(blaze.or(showMore).first()).toBeVisible();
  if (await showMore.isVisible()) await showMore.click();
  await blaze.click();
  await expect(page).toHaveURL(/\/pack-detail\?packId=\d+$/);
  const packUrl = page.url();
  const packId = new URL(packUrl).searchParams.get('packId')!;
  await page.getByRole('button', { name: 'BUY', exact: true }).click();
  await logIn(page);
  await expect(page).toHaveURL(packUrl);
  await expect(page.getByTestId('remaining')).toContainText('3 /');
  await page.getByLabel('Number of plays').selectOption('3');
  await page.getByRole('button', { name: 'BUY', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your purchase' })
    .getByRole('button', { name: 'Yes, buy' })
    .click();
  await expect(page).toHaveURL(/\/gacha-animation$/);

  // back on the pack: sold out, the seed revealed, the verify link
  await page.goto(packUrl);
  const panel = page.getByRole('region', { name: 'Provably fair draw' });
  await expect(panel.getByText('Seed revealed')).toBeVisible();
  await panel.getByRole('link', { name: 'Verify the draw' }).click();
  await expect(page).toHaveURL(`/pack-detail/verify?packId=${packId}`);

  // the browser recomputed the commitment and the order; every position the member bought matches
  await expect(page.getByRole('heading', { level: 1, name: 'Verify the draw' })).toBeVisible();
  await expect(page.getByText('The seed matches the commitment published during the sale.')).toBeVisible();
  await expect(page.getByText('The order of all 500 lots was recomputed in your browser.')).toBeVisible();
  await expect(page.getByText('Your draws match the recomputed order (3 of 3).')).toBeVisible();
  const rows = page
    .getByRole('table', { name: 'Your draws compared with the recomputed order' })
    .getByRole('row');
  await expect(rows).toHaveCount(4); // header + the 3 lots
  for (const [i, position] of ['#498', '#499', '#500'].entries()) {
    const row = rows.nth(i + 1);
    await expect(row.getByRole('cell').first()).toHaveText(position);
    await expect(row.getByRole('cell').last()).toHaveText('✓ Yes');
  }
  await expect(page.getByText('✗ No')).toHaveCount(0);
});

/** A short WebM (canvas picture and a tone) recorded in the page itself: there is no video file in the repo. */
async function recordWebm(page: Page, seconds: number): Promise<Buffer> {
  const b64 = await page.evaluate(async (ms) => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 180;
    const g = c.getContext('2d')!;
    const ac = new AudioContext();
    const osc = ac.createOscillator();
    const dest = ac.createMediaStreamDestination();
    osc.connect(dest);
    osc.start();
    const stream = new MediaStream([
      ...c.captureStream(30).getVideoTracks(),
      ...dest.stream.getAudioTracks(),
    ]);
    const rec = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    rec.start(100);
    const t0 = performance.now();
    await new Promise<void>((done) => {
      const draw = () => {
        const t = performance.now() - t0;
        g.fillStyle = `hsl(${(t / 5) % 360} 70% 40%)`;
        g.fillRect(0, 0, 320, 180);
        if (t < ms) requestAnimationFrame(draw);
        else done();
      };
      draw();
    });
    rec.stop();
    await new Promise((done) => (rec.onstop = done));
    osc.stop();
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let bin = '';
    for (const x of bytes) bin += String.fromCharCode(x);
    return btoa(bin);
  }, seconds * 1000);
  return Buffer.from(b64, 'base64');
}

test("a pack's own opening video plays unmuted after the tap; one that fails gives way to the built-in animation", async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/$/);
  const webm = await recordWebm(page, 1.5);
  expect(webm.length).toBeGreaterThan(1000);

  // the pack's video list as the server sends it for a pack with an uploaded video (draws-videos.test.ts covers
  // the server side); the file itself is served here
  let videoUrl = '';
  await page.route(/\/api\/user\/pack\/(buy|gache_result|buy_result)/, async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    if (Array.isArray(json.cards)) json.videos = [{ rarity: null, movie_style: null, url: videoUrl }];
    await route.fulfill({ response: res, json });
  });
  await page.route(/\/media\/packs\/1\/videos\//, (route) =>
    route.request().url().endsWith('/1.webm')
      ? route.fulfill({ status: 200, contentType: 'video/webm', body: webm })
      : route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }),
  );

  const buyOne = async () => {
    await page.goto('/pack-detail?packId=1');
    await page.getByRole('button', { name: 'BUY', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirm your purchase' })
      .getByRole('button', { name: 'Yes, buy' })
      .click();
    await expect(page).toHaveURL(/\/gacha-animation$/);
  };

  // an uploaded video: mounted before the tap, played with sound after it, then the card
  videoUrl = '/media/packs/1/videos/1.webm';
  await buyOne();
  const video = page.getByTestId('opening-video');
  await expect(video).toHaveAttribute('src', videoUrl);
  await page.getByRole('button', { name: /Tap to open/ }).click();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5000 })
    .toBeGreaterThan(0.2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await expect(page.getByText('1 / 1')).toBeVisible({ timeout: 10_000 }); // after the video ends

  // a video that cannot load: the app's own animation plays instead, then the card
  videoUrl = '/media/packs/1/videos/2.webm';
  await buyOne();
  await page.getByRole('button', { name: /Tap to open/ }).click();
  await expect(page.getByTestId('opening-video')).toHaveCount(0);
  await expect(page.getByText('1 / 1')).toBeVisible({ timeout: 10_000 });
});

test('the description sanitiser keeps the allow-list only', async ({ page }) => {
  // the pack page shows whatever description the server answers through the web's DOMPurify (the server's
  // allow-list, contract html-allowlist.ts): each case is answered as the pack's description in turn
  let detail = '';
  await page.route(/\/api\/user\/pack\/detail\/1$/, async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    json.pack.detail = detail;
    await route.fulfill({ response: res, json });
  });
  // the page arrives rendered with the pack's own description (that answer is this entry's, lib/served-answers.ts);
  // each case enters it again from within the app (to Top and back), which asks for the pack again
  await page.goto('/pack-detail?packId=1');
  await appReady(page);
  const shows = async (html: string, expected: string) => {
    detail = html;
    const answered = page.waitForResponse(/\/api\/user\/pack\/detail\/1$/);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^home$/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await answered;
    // the previous answer shows until this one is rendered
    await expect
      .poll(() => page.getByTestId('pack-description').evaluate((el) => el.innerHTML))
      .toBe(expected);
  };
  await shows(
    '<p>Hi <strong>there</strong><br></p><ul><li>one</li></ul>',
    '<p>Hi <strong>there</strong><br></p><ul><li>one</li></ul>',
  );
  await shows('<p onclick="x()">a<script>alert(1)</script><img src=x onerror=alert(1)>b</p>', '<p>ab</p>');
  await shows('<a href="javascript:alert(1)">x</a><a href="/rel">y</a>', '<a>x</a><a>y</a>');
  await shows(
    '<a href="https://example.com/" style="color:red">z</a>',
    '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">z</a>',
  );
  await shows(
    '<div><h3>T</h3><table><tr><td>cell</td></tr></table><iframe src=x></iframe></div>',
    '<h3>T</h3>cell',
  );
  await shows('<span style="x">s</span><em>e</em><svg><script>1</script></svg>', '<span>s</span><em>e</em>');
});
