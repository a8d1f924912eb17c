import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';

/**
 * The staff console's build (ADMIN_DIST) under /admin, apart from the shop's (WEB_DIST): its files, its
 * index.html for any page path below /admin (its own routes), a plain 404 for a missing asset; the shop's pages
 * stay the shop's.
 */
const web = mkdtempSync(join(tmpdir(), 'gacha-web-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>shop</title>');
const admin = mkdtempSync(join(tmpdir(), 'gacha-admin-'));
mkdirSync(join(admin, 'assets'));
writeFileSync(join(admin, 'index.html'), '<!doctype html><title>console</title>');
writeFileSync(join(admin, 'assets', 'index-abc123.js'), 'console.log(1)');
afterAll(() => {
  rmSync(web, { recursive: true, force: true });
  rmSync(admin, { recursive: true, force: true });
});

describe('the console under /admin', async () => {
  const t = await createTestApp({ webDist: web, adminDist: admin });

  it("answers the console's index.html for its page paths, HEAD like GET", async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/packs/3?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>console</title>');
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, `HEAD ${url}`).toBe(200);
    }
  });

  it('serves its assets, and a missing one as a plain 404', async () => {
    const hit = await t.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['cache-control']).toContain('immutable');
    const miss = await t.app.inject({ method: 'GET', url: '/admin/assets/old-OLDHASH.js' });
    expect(miss.statusCode).toBe(404);
    expect(miss.headers['content-type']).toMatch(/^text\/plain/);
  });

  it("leaves the shop's pages and the API alone", async () => {
    const shop = await t.app.inject({ method: 'GET', url: '/administrator' });
    expect(shop.body).toContain('<title>shop</title>');
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('<title>shop</title>');
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me' });
    expect(me.headers['content-type']).toMatch(/json/);
    expect(me.json()).toMatchObject({ state: 200, signed_in: false });
  });
});

describe('without a console build', async () => {
  const t = await createTestApp({ webDist: web, adminDist: '/nonexistent' });

  it('/admin paths are the shop’s pages (no console to serve)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/login' });
    expect(res.body).toContain('<title>shop</title>');
  });
});
