import { expect, test, type Page } from '@playwright/test';
import { appReady, logIn, hydrationErrors } from './journeys.ts';

/**
 * Fast on a phone: the public pages paint from their HTML without JavaScript, in the member's
 * language; the app takes them over without a hydration mismatch and without moving them; assets come
 * compressed and, on a second visit, from the browser's cache.
 */

async function packId(page: Page): Promise<number> {
  const res = await page.request.get('/api/user/pack/list');
  const { list } = (await res.json()) as { list: { id: number; pack_count: number }[] };
  return (list.find((p) => p.pack_count > 0) ?? list[0]!).id;
}

/** The layout shifts of the page so far (without those right after an input). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );
}

test('the public pages paint without JavaScript, in English and in Japanese', async ({ browser }) => {
  for (const [locale, texts] of [
    ['en-US', { top: 'HOME', login: 'Login', legal: 'Terms of service' }],
    ['ja-JP', { top: 'ホーム', login: 'ログイン', legal: '利用規約' }],
  ] as const) {
    const context = await browser.newContext({
      locale,
      javaScriptEnabled: false,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    const id = await packId(page);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('tablist')).toBeVisible();
    await expect(page.getByRole('navigation').getByText(texts.top, { exact: true }).first()).toBeVisible();

    await page.goto('/login');
    await expect(page.locator('input[name=mail]')).toBeVisible();
    await expect(page.locator('input[name=pass]')).toBeVisible();
    await expect(page.locator('form[method=post]')).toHaveCount(1); // a submit before the app never puts the password in an address
    await expect(page.getByRole('button', { name: texts.login, exact: true }).first()).toBeVisible();

    await page.goto(`/pack-detail?packId=${id}`);
    await expect(page.locator('[aria-busy="true"]').first()).toBeVisible(); // the pack's places, held

    await page.goto('/terms-of-service');
    await expect(page).toHaveTitle(new RegExp(texts.legal));
    await expect(page.getByRole('contentinfo')).toBeAttached(); // the footer
    await context.close();
  }
});

test('the app takes the prerendered pages over without a mismatch or a shift', async ({ browser }) => {
  for (const locale of ['en-US', 'ja-JP']) {
    const context = await browser.newContext({ locale, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const mismatches = hydrationErrors(page);
    const id = await packId(page);
    for (const path of ['/', '/login?packId=1', `/pack-detail?packId=${id}`, '/user-guide', '/contact']) {
      await page.goto(path);
      await appReady(page);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await layoutShift(page), `${locale} ${path}`).toBeLessThan(0.1);
    }
    // the pack page is filled in: name and remaining count where the skeleton was
    await page.goto(`/pack-detail?packId=${id}`);
    await expect(page.getByTestId('remaining')).toBeVisible();
    expect(mismatches()).toEqual([]);
    await context.close();
  }
});

/** The packs on sale now (started, lots left, not ended): their page shows the count select and BUY. */
async function packsOnSale(page: Page): Promise<number[]> {
  const res = await page.request.get('/api/user/pack/list');
  const { list } = (await res.json()) as {
    list: { id: number; pack_count: number; is_before: boolean; is_end?: boolean }[];
  };
  return list.filter((p) => p.pack_count > 0 && !p.is_before && !p.is_end).map((p) => p.id);
}

test('a pack on sale hydrates without a mismatch, for a guest and for a member, in both languages', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const locale of ['en-US', 'ja-JP']) {
    const context = await browser.newContext({ locale, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const mismatches = hydrationErrors(page);
    const onSale = (await packsOnSale(page)).slice(0, 2);
    expect(onSale.length).toBeGreaterThan(0);
    // the served page is the same for everybody; the member's answer arrives while it hydrates
    for (const who of ['guest', 'member']) {
      if (who === 'member') await logIn(page);
      for (const id of onSale) {
        const before = mismatches().length;
        await page.goto(`/pack-detail?packId=${id}`);
        await appReady(page);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('select')).toBeVisible(); // on sale: the count select
        expect(mismatches().slice(before), `${locale} ${who} /pack-detail?packId=${id}`).toEqual([]);
      }
    }
    // the member's page, once running, is the member's: no note for guests
    await expect(page.getByTestId('guest-note')).toHaveCount(0);
    await context.close();
  }
});

test('a served pack page hydrates with the pack it came with, and an in-app entry asks for the pack again', async ({
  page,
}) => {
  const id = await packId(page);
  const detailCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/user/pack/detail/${id}`) detailCalls.push(r.url());
  });
  await page.goto(`/pack-detail?packId=${id}`);
  await appReady(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('remaining')).toBeVisible();
  // the page was rendered with the pack: hydrating it asks for nothing more (lib/served-answers.ts)
  expect(detailCalls).toEqual([]);

  // an entry from within the app (to Top and back, no page load) fetches the pack again (spec §2: the page
  // reloads itself on entry)
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^(home|ホーム)$/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`packId=${id}`));
  await expect.poll(() => detailCalls.length).toBe(1);
  await expect(page.getByTestId('remaining')).toBeVisible();
});

test('assets come compressed and cached; a second visit to Top downloads none of them again', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const network: {
    id: string;
    url: string;
    status: number;
    encoding?: string;
    cache?: string;
    length?: string;
    fromDisk: boolean;
  }[] = [];
  const fromMemory = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => fromMemory.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    network.push({
      id: e.requestId,
      url: e.response.url,
      status: e.response.status,
      encoding: h['content-encoding'],
      cache: h['cache-control'],
      length: h['content-length'],
      fromDisk: e.response.fromDiskCache === true,
    });
  });

  await page.goto('/');
  await appReady(page);
  await page.waitForLoadState('networkidle');
  const assets = network.filter((r) => new URL(r.url).pathname.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(3);
  for (const a of assets) {
    expect(a.cache, a.url).toBe('public, max-age=31536000, immutable');
    // the build compresses every file over 1 KB (vite.config.ts)
    if (a.encoding !== 'br') expect(Number(a.length), a.url).toBeLessThan(1024);
  }
  const document = network.find((r) => new URL(r.url).pathname === '/');
  expect(document?.cache).toBe('no-cache');
  expect(document?.encoding).toBe('br');

  const firstVisit = new Set(network.map((r) => new URL(r.url).pathname));
  network.length = 0;
  await page.goto('/');
  await appReady(page);
  await page.waitForLoadState('networkidle');
  const again = network.filter((r) => {
    const path = new URL(r.url).pathname;
    return firstVisit.has(path) && !path.startsWith('/api/') && !r.fromDisk && !fromMemory.has(r.id);
  });
  // the page itself is asked again (no-cache: 304 when unchanged); no script, style or image it had is
  expect(again.map((r) => new URL(r.url).pathname)).toEqual(['/']);
});
