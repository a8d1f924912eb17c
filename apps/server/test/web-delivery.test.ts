import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';

/**
 * How the web build is delivered: the precompressed .br / .gz beside each file as the browser's
 * Accept-Encoding asks, hashed assets cached for a year, pages revalidated, and a public page's prerendered
 * first paint in the member's language.
 */

const dist = mkdtempSync(join(tmpdir(), 'gacha-web-delivery-'));
const script = 'console.log("the app");'.repeat(50);
const file = (path: string, text: string, compressed = true) => {
  writeFileSync(join(dist, path), text);
  if (!compressed) return;
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
};
mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, 'pages', 'en'), { recursive: true });
mkdirSync(join(dist, 'pages', 'ja'), { recursive: true });
file('index.html', '<!doctype html><html lang="en"><div id="root"></div>');
file('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
file('assets/start-abc123.js', script);
for (const lang of ['en', 'ja']) {
  for (const name of ['index', 'pack-detail'])
    file(
      `pages/${lang}/${name}.html`,
      `<!doctype html><html lang="${lang}"><div id="root" data-page="${name}">`,
    );
}
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('web delivery', async () => {
  const t = await createTestApp({ webDist: dist, publicUrl: 'http://localhost:3000' });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends the brotli or gzip file the browser asks for, the plain one otherwise', async () => {
    const br = await get('/assets/start-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);

    const gz = await get('/assets/start-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/start-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year, pages never without asking, other files for a day', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const asset = await get('/assets/start-abc123.js', { 'accept-encoding': enc });
      expect(asset.headers['cache-control'], enc).toBe('public, max-age=31536000, immutable');
      const page = await get('/', { 'accept-encoding': enc });
      expect(page.headers['cache-control'], enc).toBe('no-cache');
    }
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it("answers a public page with its prerendered first paint in the member's language", async () => {
    const html = async (url: string, headers: Record<string, string> = {}) => {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers.vary, url).toMatch(/accept-language/i);
      return res.body;
    };
    expect(await html('/')).toContain('<html lang="en"><div id="root" data-page="index">');
    expect(await html('/?tab=2', { 'accept-language': 'ja-JP,ja;q=0.9' })).toContain(
      '<html lang="ja"><div id="root" data-page="index">',
    );
    // the lang cookie (the member's switch) wins over the browser's languages
    expect(await html('/', { 'accept-language': 'ja', cookie: 'lang=en' })).toContain('lang="en"');
    expect(await html('/pack-detail?packId=3', { cookie: 'lang=ja' })).toContain('data-page="pack-detail"');
    // no prerender for this page: the app's plain index.html
    expect(await html('/my-page')).toBe('<!doctype html><html lang="en"><div id="root"></div>');
    expect(await html('/pages/en/index')).toBe('<!doctype html><html lang="en"><div id="root"></div>');
  });

  it('preloads the pack of /pack-detail with the page (a Link header), nothing for other ids or pages', async () => {
    const pack = await get('/pack-detail?packId=3');
    expect(pack.headers.link).toBe('</api/user/pack/detail/3>; rel=preload; as=fetch; crossorigin');
    expect((await get('/pack-detail?packId=abc')).headers.link).toBeUndefined();
    expect((await get('/')).headers.link).toBeUndefined();
  });

  it('sends a page form posted before the app started back to its page, the API and assets untouched', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/login?packId=3',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mail=a%40b.c&pass=secret',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/login?packId=3');
    expect(form.body).not.toContain('secret');
    const asset = await t.app.inject({
      method: 'POST',
      url: '/assets/x.js',
      headers: { accept: 'text/html' },
    });
    expect(asset.statusCode).toBe(404);
  });
});
