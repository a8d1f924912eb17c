import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from './draw-factories.ts';
import { createTestApp, type TestClient } from './helpers.ts';
import { staffClient } from './staff-factories.ts';

/**
 * Routes that take bodies above the server's default (uploads, imports, the board) refuse a caller who may not
 * use them at the request's headers: the answer comes while the body is still being sent, and the connection
 * closes, so the server never reads the megabytes. Those who may call them keep the large limit.
 */
const t = await createTestApp({ rateLimits: false });
let origin = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const DEFAULT_LIMIT = t.app.initialConfig.bodyLimit!;
const large = t.app.apiRoutes.filter((r) => r.method === 'POST' && (r.bodyLimit ?? 0) > DEFAULT_LIMIT);
const path = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');
const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * Starts a POST that announces `announced` bytes, sends 64 kB of them and waits for an answer: the status and
 * body when one comes within 2 s while the rest is unsent, null when the server waits for the body.
 */
function answerBeforeBody(
  url: string,
  cookie: string,
  announced: number,
): Promise<{ status: number; state: number; connection: string | undefined } | null> {
  return new Promise((resolve) => {
    const req = request(`${origin}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': announced,
        ...(cookie ? { cookie } : {}),
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, 2000);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({
          status: res.statusCode!,
          state: JSON.parse(text).state,
          connection: res.headers.connection,
        });
      });
    });
    req.on('error', () => undefined); // the server closing the connection under the unsent body
    req.write('x'.repeat(64 * 1024));
  });
}

describe('routes that take large bodies', () => {
  it('are the uploads, imports and the board', () => {
    const urls = large.map((r) => r.url);
    expect(urls).toContain('/api/user/post/save');
    expect(urls.filter((u) => u.startsWith('/api/admin/')).length).toBeGreaterThanOrEqual(4);
  });

  it('refuse a guest at the headers: the answer comes before the body, and the connection closes', async () => {
    for (const r of large) {
      const answer = await answerBeforeBody(path(r.url), '', 20 * 1024 * 1024);
      expect(answer, r.url).toEqual({ status: 401, state: 401, connection: 'close' });
    }
  });

  it('refuse a member on a staff route and a staff member without the permission, at the headers', async () => {
    const member = await memberClient(t);
    const viewer = await staffClient(t, 'viewer');
    const half = await staffClient(t, 'owner', { secondFactor: false });
    for (const r of large.filter((x) => x.url.startsWith('/api/admin/'))) {
      expect(await answerBeforeBody(path(r.url), cookieOf(member.client), 8e6), r.url).toMatchObject({
        state: 401,
      });
      expect(await answerBeforeBody(path(r.url), cookieOf(half), 8e6), r.url).toMatchObject({ state: 403 });
      expect(await answerBeforeBody(path(r.url), cookieOf(viewer), 8e6), r.url).toMatchObject({
        state: 403,
      });
    }
  });

  it('keep the large limit for those who may call them', async () => {
    const owner = await staffClient(t, 'owner');
    const member = await memberClient(t);
    const padding = { pad: 'x'.repeat(2 * DEFAULT_LIMIT) };
    for (const r of large) {
      const c = r.url.startsWith('/api/admin/') ? owner : member.client;
      const res = await c.postForm(path(r.url.replace(/^\/api/, '')), { json: '{}', ...padding });
      // read and validated as a payload: not refused as a body over the limit (malformed_json)
      expect(res.body.errors?.json, r.url).toBeUndefined();
      expect(res.body.state, r.url).not.toBe(401);
      expect(res.body.state, r.url).toBeLessThan(500);
    }
  });
});
