import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalPageRedirect } from '../src/modules/site/canonical-host.ts';
import { createTestApp } from './helpers.ts';

/**
 * What the server answers outside the API (points 2, 3 and 11): every page route answers HEAD like
 * GET, a missing asset is a plain 404 (no JSON, no HTML), /robots.txt is a real one, and outside production a
 * page opened at another loopback name than PUBLIC_URL's is moved there before a session starts.
 */

const dist = mkdtempSync(join(tmpdir(), 'gacha-web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('pages, assets and robots.txt', async () => {
  const t = await createTestApp({ webDist: dist, publicUrl: 'http://localhost:3000' });

  it('answers HEAD like GET on every page route', async () => {
    for (const url of ['/', '/login', '/user-register?mode=2', '/buy-point', '/no-such-page']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(200);
      expect(head.statusCode, `HEAD ${url}`).toBe(200);
      expect(get.headers['content-type'], url).toMatch(/^text\/html/);
      expect(head.headers['content-type'], `HEAD ${url}`).toMatch(/^text\/html/);
      expect(get.body).toContain('<div id="root">');
      expect(head.body).toBe('');
    }
  });

  it('serves an existing asset, and a missing one as a plain-text 404 without JSON', async () => {
    const hit = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['content-type']).toMatch(/javascript/);
    for (const method of ['GET', 'HEAD'] as const) {
      const miss = await t.app.inject({ method, url: '/assets/login-page-OLDHASH.js' });
      expect(miss.statusCode, method).toBe(404);
      expect(miss.headers['content-type'], method).toMatch(/^text\/plain/);
      expect(miss.headers['content-type'], method).not.toMatch(/json|html/);
      if (method === 'GET') expect(() => JSON.parse(miss.body)).toThrow();
    }
  });

  it('serves a real robots.txt: the public pages allowed, the API and the dev pages not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/sandbox-pay', '/dev/', '/mock-idp'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(res.body).not.toContain('<');
    const head = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
  });

  it('moves a page opened at 127.0.0.1 to PUBLIC_URL (localhost) before any session starts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/complete-buy-point?payment_id=p1',
      headers: { host: '127.0.0.1:3000', accept: HTML },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://localhost:3000/complete-buy-point?payment_id=p1');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('leaves the API, assets, the right host and other ports alone', async () => {
    const cases = [
      { url: '/api/user/point', host: '127.0.0.1:3000' },
      { url: '/assets/index-abc123.js', host: '127.0.0.1:3000' },
      { url: '/login', host: 'localhost:3000' },
      { url: '/login', host: '127.0.0.1:4000' },
      { url: '/login', host: '192.168.1.20:3000' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'GET', url: c.url, headers: { host: c.host, accept: HTML } });
      expect(res.statusCode, `${c.host}${c.url}`).toBe(200);
    }
  });
});

describe('canonicalPageRedirect', () => {
  const dev = { env: 'development' as const, publicUrl: 'http://localhost:3000' };
  const page = (over: Partial<Parameters<typeof canonicalPageRedirect>[0]> = {}) => ({
    method: 'GET',
    url: '/login?packId=3',
    host: '127.0.0.1:3000',
    accept: HTML,
    ...over,
  });

  it('sends a page at another loopback name to the same path on PUBLIC_URL', () => {
    expect(canonicalPageRedirect(page(), dev)).toBe('http://localhost:3000/login?packId=3');
    expect(canonicalPageRedirect(page({ host: '[::1]:3000' }), dev)).toBe(
      'http://localhost:3000/login?packId=3',
    );
    expect(canonicalPageRedirect(page({ method: 'HEAD' }), dev)).toBe('http://localhost:3000/login?packId=3');
    expect(
      canonicalPageRedirect(page({ host: 'localhost:3102' }), {
        env: 'test',
        publicUrl: 'http://127.0.0.1:3102/',
      }),
    ).toBe('http://127.0.0.1:3102/login?packId=3');
  });

  it('never in production, never for the API, assets, media, non-pages or other methods', () => {
    expect(canonicalPageRedirect(page(), { ...dev, env: 'production' })).toBeNull();
    for (const url of [
      '/api/user/point',
      '/assets/x.js',
      '/media/packs/1/banner.svg',
      '/healthz',
      '/robots.txt',
    ])
      expect(canonicalPageRedirect(page({ url }), dev), url).toBeNull();
    expect(canonicalPageRedirect(page({ method: 'POST' }), dev)).toBeNull();
    expect(canonicalPageRedirect(page({ accept: 'application/json' }), dev)).toBeNull();
    expect(canonicalPageRedirect(page({ accept: undefined }), dev)).toBeNull();
    expect(canonicalPageRedirect(page({ url: '//evil.example/x' }), dev)).toBeNull();
  });

  it('leaves the right host, other ports, other machines and a missing Host alone', () => {
    expect(canonicalPageRedirect(page({ host: 'localhost:3000' }), dev)).toBeNull();
    expect(canonicalPageRedirect(page({ host: 'LOCALHOST:3000' }), dev)).toBeNull();
    expect(canonicalPageRedirect(page({ host: '127.0.0.1:3001' }), dev)).toBeNull();
    expect(canonicalPageRedirect(page({ host: 'shop.example.com' }), dev)).toBeNull();
    expect(canonicalPageRedirect(page({ host: undefined }), dev)).toBeNull();
    expect(
      canonicalPageRedirect(page({ host: '127.0.0.1:3000' }), {
        ...dev,
        publicUrl: 'https://shop.example.com',
      }),
    ).toBeNull();
  });
});

describe('GET /user/site_info', async () => {
  const t = await createTestApp({
    seller: {
      name: 'Shop KK',
      representative: 'Hanako Yamada',
      address: '1-2-3 Shibuya, Tokyo',
      email: 'help@shop.example',
    },
  });

  it('answers the seller from configuration, the phone note and the support hours in the member’s language', async () => {
    const en = await t.client({ lang: 'en' }).get('/user/site_info');
    expect(en.body).toMatchObject({
      state: 200,
      seller_name: 'Shop KK',
      seller_representative: 'Hanako Yamada',
      seller_address: '1-2-3 Shibuya, Tokyo',
      seller_email: 'help@shop.example',
      support_hours: 'Weekdays 10:00–17:00 (Japan time)',
    });
    const ja = await t.client({ lang: 'ja' }).get('/user/siteInfo');
    expect(ja.body.support_hours).toBe('平日 10:00〜17:00（日本時間）');
  });
});
