import { expect, test, type Browser, type Locator } from '@playwright/test';
import { appReady, logIn } from './journeys.ts';

/**
 * What a shopper trips over: banner words in the page's language over the art,
 * the phone placeholder with its country code, no lone character at the end of a Japanese line, desktop banner
 * captions clear of the art, no expired campaign note, Japan-only payment methods marked, HEAD on pages, a real
 * robots.txt, a plain 404 for a missing asset, and the won-items bar clear of a single tile.
 */

async function open(browser: Browser, lang: 'en' | 'ja', width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript((l) => localStorage.setItem('gacha.lang', l), lang);
  const page = await context.newPage();
  return { context, page };
}

/** The characters of each rendered line of an element's text. */
function lineTexts(locator: Locator): Promise<string[]> {
  return locator.evaluate((el) => {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (!rect.width) continue;
        const top = Math.round(rect.top / 4);
        lines.set(top, (lines.get(top) ?? '') + text[i]);
      }
    }
    return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t.trim());
  });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('pack banners carry their words in the page language, over art without words', async ({ browser }) => {
  for (const [lang, perPlay, lots] of [
    ['en', 'per play', /^[\d,]+ lots$/],
    ['ja', '1回あたり', /^全[\d,]+口$/],
  ] as const) {
    const { context, page } = await open(browser, lang);
    await page.goto('/');
    const banner = page.getByRole('link', { name: /Starfall Premium Pack|スターフォール/ }).first();
    await expect(banner).toBeVisible();
    const art = banner.locator('img').first();
    const caption = banner.locator('[aria-hidden="true"]').filter({ hasText: perPlay }).first();
    await expect(caption).toBeVisible();
    await expect(caption.getByText(lots)).toBeVisible();
    // the words lie over the art
    const [artBox, captionBox] = [await art.boundingBox(), await caption.boundingBox()];
    expect(artBox && captionBox && overlaps(artBox, captionBox)).toBe(true);
    // the art itself says nothing in English
    const svg = await (await page.request.get((await art.getAttribute('src'))!)).text();
    const outsideCards = svg.replace(/<svg x=[^>]*>[\s\S]*?<\/svg>/g, '');
    expect(outsideCards).not.toMatch(/GEMS|PER PLAY|LOTS|COINS|LIMIT/);
    await context.close();
  }
});

test('the phone placeholder carries a country code in both languages', async ({ browser }) => {
  for (const lang of ['en', 'ja'] as const) {
    const { context, page } = await open(browser, lang, 375, 800);
    await page.goto('/user-register');
    await expect(page.locator('input[name=tel]')).toHaveAttribute('placeholder', /^\+81 /);
    await context.close();
  }
});

test('at 375 px no Japanese link or heading leaves one character alone on a line', async ({ browser }) => {
  const { context, page } = await open(browser, 'ja', 375, 800);
  await page.goto('/');
  const legal = page.locator('footer').getByRole('link', { name: '特定商取引法に基づく表記' });
  await expect(legal).toBeVisible();
  const lines = await lineTexts(legal);
  for (const line of lines) expect(line.length, JSON.stringify(lines)).toBeGreaterThan(1);
  await context.close();
});

test('desktop banner captions keep clear of the art at 1280 and 900 px', async ({ browser }) => {
  for (const width of [1280, 900]) {
    for (const lang of ['en', 'ja'] as const) {
      const { context, page } = await open(browser, lang, width, 800);
      await page.goto('/');
      await appReady(page); // the carousel as the app lays it out
      const slides = page
        .locator('section')
        .filter({ has: page.locator('picture') })
        .first()
        .locator('a');
      await expect(slides.first()).toBeVisible();
      for (const slide of await slides.all()) {
        const box = (await slide.boundingBox())!;
        const caption = slide.locator('p').first().locator('..');
        const text = (await caption.boundingBox())!;
        // banner 1's first card and banner 2's parcel start at half the width: the words end well before
        expect(text.x + text.width - box.x, `${lang} ${width}`).toBeLessThan(box.width * 0.47);
      }
      await context.close();
    }
  }
});

test("the Top banners and notices are the shop's rows (GET /user/banners), in the page language", async ({
  browser,
}) => {
  for (const [lang, titles, notices, paragraphs] of [
    [
      'en',
      ['Fresh packs drop every week', 'Ship it, or take gems back'],
      ['Exchange rate notice', 'Customs declaration'],
      [
        'The exchange rate used for prices in foreign currencies is updated at 12:00 noon Japan time on the 1st of every month.',
        '1 gem is always ¥1. Displayed prices include 10% consumption tax.',
      ],
    ],
    [
      'ja',
      ['毎週、新パック続々登場', '発送も、ジェム還元も'],
      ['為替レート更新のお知らせ', '海外発送の税関申告について'],
      [
        '外貨での表示価格に用いる為替レートは、毎月1日の正午（日本時間）に更新されます。',
        '1ジェムは常に1円です。表示価格は消費税10%込みです。',
      ],
    ],
  ] as const) {
    const { context, page } = await open(browser, lang, 375, 800);
    await page.goto('/');
    // the seeded banners in their order, each leading where it did; the campaign's window (October 2025) is over
    const slides = page.locator('section[aria-roledescription]').getByRole('group', { includeHidden: true });
    await expect(slides).toHaveCount(2);
    for (const [i, href] of ['/?tab=2', '/?tab=-2'].entries()) {
      const link = slides.nth(i).getByRole('link', { includeHidden: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toContainText(titles[i]!);
    }
    await expect(page.getByText(/10% off gems|ジェム10%OFF/)).toHaveCount(0);
    // the notices, collapsed; the rate notice opens to its text and its note, one paragraph each
    for (const name of notices) await expect(page.getByRole('button', { name })).toBeVisible();
    const rate = page.getByRole('button', { name: notices[0] });
    await rate.click();
    const body = page.locator(`[id="${await rate.getAttribute('aria-controls')}"]`);
    await expect(body.locator('p')).toHaveText([...paragraphs]);
    await context.close();
  }
});

test('Buy gems shows no expired campaign; Japan-only methods say so', async ({ browser }) => {
  for (const [lang, badge, course] of [
    ['en', 'Japan only', /^Buy 1,000 gems for ¥1,000$/],
    ['ja', '日本国内のみ', /1,000ジェム/],
  ] as const) {
    const { context, page } = await open(browser, lang);
    await logIn(page);
    await page.goto('/buy-point');
    await expect(page.getByRole('link', { name: course }).first()).toBeVisible();
    await expect(page.getByText(/Campaign:|キャンペーン：/)).toHaveCount(0);
    await expect(page.getByText(/^(Ended|終了)$/)).toHaveCount(0);
    await page.getByRole('link', { name: course }).first().click();
    await expect(page).toHaveURL(/\/confirm-buy-point\?pointPriceId=\d+/);
    const radios = page.getByRole('radio');
    await expect(radios.first()).toBeVisible();
    for (const radio of await radios.all()) {
      const label = radio.locator('xpath=ancestor::label[1]');
      const name = (await label.textContent()) ?? '';
      const japanOnly =
        /Convenience|Bank transfer|carrier|Easy Payment|コンビニ|銀行振込|ドコモ|au|ソフトバンク/.test(name);
      expect(name.includes(badge), name).toBe(japanOnly);
    }
    await context.close();
  }
});

test('pages answer HEAD, robots.txt is real, a missing asset is a plain 404', async ({ request }) => {
  for (const path of ['/', '/login', '/buy-point', '/specific-commerce']) {
    const head = await request.head(path);
    expect(head.status(), path).toBe(200);
    expect(head.headers()['content-type'], path).toMatch(/^text\/html/);
  }
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await robots.text();
  for (const line of ['User-agent: *', 'Disallow: /api/', 'Disallow: /sandbox-pay', 'Disallow: /dev/'])
    expect(text).toContain(line);
  const missing = await request.get('/assets/gone-after-deploy-0000.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toMatch(/^text\/plain/);
});

test('on the won-items list at 375 px the summary bar leaves a single tile readable', async ({ browser }) => {
  const { context, page } = await open(browser, 'en', 375, 812);
  await logIn(page);
  await page.goto('/pack-detail?packId=1');
  await page.getByLabel('Number of plays').selectOption('1');
  await page.getByRole('button', { name: 'BUY', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, buy' }).click();
  await page.getByRole('button', { name: /Tap to open/ }).click();
  await page.getByRole('button', { name: 'All skip' }).click();
  await expect(page).toHaveURL(/\/get-card-list\?c=\d+$/);
  const tile = page.getByRole('list', { name: 'Your items' }).getByRole('button');
  await expect(tile).toHaveCount(1);
  const bar = page.getByRole('button', { name: 'To final confirmation' }).locator('..');
  await page.evaluate(() => window.scrollTo(0, 0));
  // nothing of the tile (its name, its gems) lies under the bar, with the page where it opens
  await expect(tile.getByText(/gems/)).toBeVisible();
  expect(overlaps((await tile.boundingBox())!, (await bar.boundingBox())!)).toBe(false);
  await context.close();
});
