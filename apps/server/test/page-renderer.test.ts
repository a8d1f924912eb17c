import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fillPage } from '../src/modules/site/page-renderer.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { changeCardType } from '../src/modules/packs/staff.ts';
import { addBanner } from '../src/modules/site/banners.ts';
import { createPack } from './factories.ts';
import { createTestApp } from './helpers.ts';

/**
 * Request-time rendering of Top and a pack's page: the web build's prerender bundle renders them with
 * the answers they ask for first, which go into the page beside the HTML for hydration. The bundle here is a
 * stand-in that shows what it was given (the real one is React: e2e/tests/fast-pages.spec.ts hydrates its pages
 * without a mismatch); what is under test is the server's part: which pages, which answers, the page it sends,
 * its caching, encodings and the fallback to the prerendered file.
 */

const web = mkdtempSync(join(tmpdir(), 'gacha-page-renderer-'));
const dist = join(web, 'dist');
const template = (lang: string, name: string) =>
  `<!doctype html><html lang="${lang}"><head><title>t</title></head><body>` +
  `<div id="root" data-page="${name}" data-ns="common" data-params="" data-preload="/assets/start.js" ` +
  `data-fetch="/api/user/point /api/user/banners /api/user/card_type /api/user/pack/all_list/2/1"><div class="held">${name} ${lang}</div></div>\n` +
  `    <noscript>enable JavaScript</noscript></body></html>`;
mkdirSync(join(dist, 'pages', 'en'), { recursive: true });
mkdirSync(join(dist, 'pages', 'ja'), { recursive: true });
mkdirSync(join(web, 'dist-prerender'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
for (const lang of ['en', 'ja'])
  for (const name of ['index', 'pack-detail'])
    writeFileSync(join(dist, 'pages', lang, `${name}.html`), template(lang, name));
// the stand-in bundle: a resource hint first (as React puts its preloads), then what it was asked to render
writeFileSync(
  join(web, 'dist-prerender', 'entry-prerender.js'),
  `globalThis.__renders = [];
export async function render(url, lang, { seed, now }) {
  globalThis.__renders.push({ url, lang });
  if (globalThis.__renderFails) throw new Error('render failed');
  const keys = seed.map(([key]) => key.join('/')).join(' ');
  return {
    html: '<link rel="preload" as="image" href="/media/big.svg"/><main data-now="' + now + '">' + url + ' ' + lang + ' ' + keys + '</main>',
    title: 't',
    namespaces: ['common', 'packs'],
  };
}
`,
);
afterAll(() => rmSync(web, { recursive: true, force: true }));

declare global {
  var __renders: { url: string; lang: string }[];
  var __renderFails: boolean | undefined;
}

describe('request-time pages', async () => {
  const t = await createTestApp({ webDist: dist, publicUrl: 'http://localhost:3000' });
  const packId = await createPack(t.db, { name_en: 'Moon </script><script>alert(1)</script> Pack' });
  await addBanner(t.db, {
    kind: 'top',
    title_en: 'Fresh packs',
    title_ja: '新しいパック',
    sp_image_url: '/banners/b-sp.svg',
    image_url: '/banners/b.svg',
    created_at: new Date().toISOString(),
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const pageData = (html: string) =>
    JSON.parse(html.match(/<script type="application\/json" id="page-data">([^<]*)<\/script>/)![1]!) as {
      now: string;
      seed: [unknown[], Record<string, unknown>][];
    };

  it('renders Top with its banners and the default tab’s packs, and puts the answers beside it', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-language/i);
    const html = res.body;
    expect(html).toContain('<main data-now=');
    expect(html).toContain('/ en site/banners/en packs/card_type/en packs/all_list/2/1</main>');
    expect(html).not.toContain('class="held"');
    // React's resource hint goes to <head>, not into #root
    expect(html).toMatch(/<link rel="preload" as="image" href="\/media\/big.svg"\/>\s*<\/head>/);
    expect(html).toMatch(/<div id="root"[^>]*><main/);
    // the answers, as the API gives them, with the clock the page was rendered at
    const data = pageData(html);
    expect(data.now).toBe(t.clock.now().toISOString());
    expect(data.seed[0]![0]).toEqual(['site', 'banners', 'en']);
    expect(data.seed[0]![1]).toMatchObject({
      top: expect.arrayContaining([
        expect.objectContaining({ title: 'Fresh packs', sp_image_url: '/banners/b-sp.svg' }),
      ]),
    });
    // the tabs: every card type in order, as GET /user/card_type lists them
    expect(data.seed[1]![0]).toEqual(['packs', 'card_type', 'en']);
    expect(data.seed[1]![1]).toEqual(
      expect.arrayContaining([{ id: 2, name: 'Pokémon', top_tab: true, exchange_tab: true }]),
    );
    expect(data.seed[2]![0]).toEqual(['packs', 'all_list', 2, 1]);
    expect(data.seed[2]![1]).toMatchObject({
      list: expect.arrayContaining([expect.objectContaining({ id: packId })]),
      card_type: { id: 2 },
    });
    // the app starts without asking for those answers again; the member's balance it still asks for
    expect(html).toContain('data-fetch="/api/user/point"');
    // the texts the rendered parts used load before hydration
    expect(html).toContain('data-ns="common,packs"');
  });

  it('opens Top on the first card type staff show there', async () => {
    await changeCardType(commandWrite(t.db), 2, { top_tab: 0 });
    t.clock.advance(2_100);
    try {
      const data = pageData((await get('/', { cookie: 'lang=en' })).body);
      expect(data.seed[1]![1]).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 2, top_tab: false })]),
      );
      expect(data.seed[2]![0]).toEqual(['packs', 'all_list', 5, 1]);
    } finally {
      await changeCardType(commandWrite(t.db), 2, { top_tab: 1 });
      t.clock.advance(2_100);
    }
  });

  it('cannot be broken out of its JSON by a name with a closing script tag', async () => {
    const html = (await get('/', { cookie: 'lang=en' })).body;
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(pageData(html).seed[2]![1]).toMatchObject({
      list: expect.arrayContaining([expect.objectContaining({ name: expect.stringContaining('</script>') })]),
    });
  });

  it("renders in the member's language (cookie over browser)", async () => {
    const ja = (await get('/', { 'accept-language': 'ja-JP' })).body;
    expect(ja).toContain('<html lang="ja">');
    expect(ja).toContain('/ ja site/banners/ja');
    expect(pageData(ja).seed[0]![1]).toMatchObject({
      top: expect.arrayContaining([expect.objectContaining({ title: '新しいパック' })]),
    });
    expect((await get('/', { 'accept-language': 'ja', cookie: 'lang=en' })).body).toContain('/ en site/');
  });

  it("renders a pack's page with the pack; an unknown pack, another page or other parameters get the prerendered file", async () => {
    const html = (await get(`/pack-detail?packId=${packId}`)).body;
    expect(html).toContain(`/pack-detail?packId=${packId} en packs/detail/${packId}</main>`);
    expect(pageData(html).seed[0]![1]).toMatchObject({ id: packId, point: 100 });

    const unknown = await get('/pack-detail?packId=999999');
    expect(unknown.body).toContain('<div class="held">pack-detail en</div>');
    expect(unknown.body).not.toContain('page-data');
    for (const url of [
      '/?tab=3',
      `/pack-detail?packId=${packId}&x=1`,
      '/pack-detail?packId=0',
      '/pack-detail',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('page-data');
    }
  });

  it('renders a page once within its two seconds however many ask; a changed answer shows after them', async () => {
    t.clock.advance(2_100);
    globalThis.__renders.length = 0;
    const pages = await Promise.all(Array.from({ length: 20 }, () => get('/', { cookie: 'lang=en' })));
    expect(new Set(pages.map((p) => p.body)).size).toBe(1);
    expect(globalThis.__renders.filter((r) => r.url === '/' && r.lang === 'en')).toHaveLength(1);

    const etag = pages[0]!.headers.etag as string;
    expect(etag).toMatch(/^"r-/);
    const again = await get('/', { cookie: 'lang=en', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await createPack(t.db, { name_en: 'Second pack' });
    t.clock.advance(1_000);
    expect(await get('/', { cookie: 'lang=en' })).toMatchObject({ body: pages[0]!.body });
    t.clock.advance(1_100);
    const fresh = await get('/', { cookie: 'lang=en' });
    expect(globalThis.__renders.filter((r) => r.url === '/' && r.lang === 'en')).toHaveLength(2);
    expect(pageData(fresh.body).seed[2]![1]).toMatchObject({
      list: expect.arrayContaining([expect.objectContaining({ name: 'Second pack' })]),
    });
    expect(fresh.headers.etag).not.toBe(etag);
  });

  it('sends brotli or gzip as the browser asks, plain otherwise', async () => {
    const plain = (await get('/')).body;
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('falls back to the prerendered file when the render fails', async () => {
    t.clock.advance(2_100);
    globalThis.__renderFails = true;
    try {
      const res = await get('/', { cookie: 'lang=ja' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div class="held">index ja</div>');
    } finally {
      globalThis.__renderFails = undefined;
    }
  });
});

describe('fillPage', () => {
  it("replaces #root's content and adds the data after it; a page without #root is refused", () => {
    const page = fillPage(template('en', 'index'), '<p>hi</p>', { a: '</script>' });
    expect(page).toContain(
      '<p>hi</p></div>\n    <script type="application/json" id="page-data">{"a":"\\u003c/script>"}</script>',
    );
    expect(page).toContain('<noscript>');
    expect(fillPage('<html><body>no root</body></html>', '<p/>', {})).toBeNull();
  });
});
