import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, testConfig, type TestApp } from './helpers.ts';
import { createMember } from './factories.ts';
import { loggedIn, snapshot, UNSAFE_TEXTS } from './member-helpers.ts';

/** Text that no field accepts, honest client addresses, cross-site logout, the current password. */
const t = await createTestApp();

describe('text with control characters or half characters', async () => {
  const m = await createMember(t.db);
  const member = await loggedIn(t, m);
  const guest = t.client({ lang: 'ja' });
  await guest.get('/user/point');
  const posts = t.app.apiRoutes.filter((r) => r.method === 'POST');
  const withParams = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/^\/api/, '');

  it('the envelope knows every POST of the API', () => {
    expect(posts.length).toBeGreaterThan(30);
  });

  it('every POST answers 400 with the field named, in the member’s language, and writes nothing', async () => {
    const before = await snapshot(t.db);
    const takesLargeBodies = (r: (typeof posts)[number]) =>
      (r.bodyLimit ?? 0) > t.app.initialConfig.bodyLimit!;
    for (const route of posts) {
      // a staff upload refuses this guest at the headers, before any text is read (unread-bodies.test.ts)
      if (takesLargeBodies(route) && !route.auth) {
        expect((await guest.post(withParams(route.url), { note: 'a\u0000' })).body.state, route.url).toBe(
          401,
        );
        continue;
      }
      for (const text of UNSAFE_TEXTS) {
        const label = `${route.url} ${JSON.stringify(text)}`;
        const client = route.auth ? member : guest;
        const res = await client.post(withParams(route.url), { note: text, nested: { ok: 'fine' } });
        expect(res.httpStatus, label).toBe(400);
        expect(res.body.state, label).toBe(400);
        expect(Object.keys(res.body.errors), label).toEqual(['note']);
      }
      if (route.auth && takesLargeBodies(route)) continue; // a guest is refused before the text is read
      const ja = await guest.post(withParams(route.url), { list: ['ok', 'a\u0000'] });
      expect(ja.body.errors.list, route.url).toEqual(['使用できない文字（制御文字など）が含まれています。']);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('a NUL in a path parameter or a query is a 400, never a 500', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.method === 'GET')) {
      const url = route.url.replace(/:[A-Za-z_]+/g, 'a%00b');
      const withQuery = `${route.url.replace(/:[A-Za-z_]+/g, '1')}?q=%00`;
      for (const u of route.url.includes(':') ? [url, withQuery] : [withQuery]) {
        const res = await t.app.inject({ method: 'GET', url: u });
        expect(res.statusCode, u).toBe(400);
        expect(JSON.parse(res.body).state, u).toBe(400);
      }
    }
  });

  it('the sandbox payment pages answer a plain 400 in both languages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox-pay/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4242%00&cvc=123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('cannot be used');
    expect(res.body).toContain('使用できない文字');
  });
});

describe('TRUST_PROXY', () => {
  async function ipSeenBehind(trustProxy: TestApp['config']['trustProxy'], forwarded: string) {
    const app = await buildApp({ config: testConfig({ trustProxy }), db: t.db });
    app.get('/whoami', async (req) => ({ ip: req.ip }));
    await app.ready();
    const res = await app.inject({
      method: 'GET',
      url: '/whoami',
      remoteAddress: '10.0.0.5', // the proxy
      headers: { 'x-forwarded-for': forwarded },
    });
    await app.close();
    return JSON.parse(res.body).ip as string;
  }

  it('one trusted hop: a forged X-Forwarded-For cannot choose the address a limit counts', async () => {
    // the proxy appends the address it saw (203.0.113.7); what the client wrote before it is not believed
    for (const forged of ['1.2.3.4, 203.0.113.7', '127.0.0.1, 203.0.113.7', '203.0.113.7']) {
      expect(await ipSeenBehind(1, forged), forged).toBe('203.0.113.7');
      expect(await ipSeenBehind(['10.0.0.0/8'], forged), forged).toBe('203.0.113.7');
    }
    // the proxy's own address is what counts when nothing is trusted
    expect(await ipSeenBehind(false, '1.2.3.4')).toBe('10.0.0.5');
    // two trusted hops (a CDN, then the load balancer)
    expect(await ipSeenBehind(2, '9.9.9.9, 198.51.100.1, 172.16.0.1')).toBe('198.51.100.1');
  });

  it('a forged address does not spread failures over many login counters', async () => {
    const app = await buildApp({ config: testConfig({ trustProxy: 1 }), db: t.db });
    await app.ready();
    const m = await createMember(t.db);
    for (let i = 0; i < 3; i++) {
      const csrf = await app.inject({ method: 'GET', url: '/api/user/point' });
      const body = JSON.parse(csrf.body);
      const cookie = String(csrf.headers['set-cookie']).split(';')[0]!;
      await app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.0.0.5',
        headers: {
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `6.6.6.${i}, 203.0.113.8`,
        },
        payload: new URLSearchParams({
          csrf_name: body.csrf.name,
          csrf_value: body.csrf.value,
          json: JSON.stringify({ mail: m.mail, pass: 'wrong-one' }),
        }).toString(),
      });
    }
    await app.close();
    const row = await t.db
      .selectFrom('throttles')
      .select('count')
      .where('key', '=', 'login:ip:203.0.113.8')
      .executeTakeFirst();
    expect(row?.count).toBe(3);
  });
});

describe('logout', () => {
  it('refuses a cross-site request (a link or image on another site) and keeps the session', async () => {
    const m = await createMember(t.db);
    const c = await loggedIn(t, m);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      // no Fetch Metadata, Origin or Referer: nothing vouches for it (an <img> on a page that strips referrers)
      {},
      // an address typed is a navigation; a request marked 'none' that is not one is not
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'no-cors' },
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/logout',
        headers: { cookie, ...headers },
      });
      expect(JSON.parse(res.body).state, JSON.stringify(headers)).toBe(403);
      expect((await c.get('/user/detail')).body.state).toBe(200);
    }
  });

  it('logs out from the shop’s own pages (same origin, or an address typed)', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
      { host: 'shop.example', referer: 'http://shop.example/my-page' },
    ]) {
      const c = await loggedIn(t, await createMember(t.db));
      const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/logout',
        headers: { cookie, ...headers },
      });
      expect(JSON.parse(res.body).state, JSON.stringify(headers)).toBe(200);
      expect((await c.get('/user/detail')).body.state).toBe(401);
    }
  });
});

describe('changing the password needs the current one', () => {
  it('refuses without it or with a wrong one (errors.currentPass, both languages) and changes nothing', async () => {
    const m = await createMember(t.db);
    const c = await loggedIn(t, m);
    const before = await snapshot(t.db);
    const missing = await c.post('/user/change_password', { pass: 'newpass99', confirmPass: 'newpass99' });
    expect(missing.body.state).toBe(400);
    expect(missing.body.errors).toEqual({ currentPass: ['This field is required.'] });
    const wrong = await c.post('/user/change_password', {
      currentPass: 'not-mine',
      pass: 'newpass99',
      confirmPass: 'newpass99',
    });
    expect(wrong.body.errors).toEqual({ currentPass: ['Your current password is not correct.'] });
    c.cookies.set('lang', 'ja');
    const ja = await c.post('/user/change_password', {
      currentPass: 'not-mine',
      pass: 'newpass99',
      confirmPass: 'newpass99',
    });
    expect(ja.body.errors).toEqual({ currentPass: ['現在のパスワードが正しくありません。'] });
    // nothing but the attempt counter (the throttles row) was written
    const { throttles: _before, ...countsBefore } = before.counts;
    const { throttles: _after, ...countsAfter } = (await snapshot(t.db)).counts;
    expect(countsAfter).toEqual(countsBefore);
    expect((await t.client().post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
  });

  it('wrong current passwords count against the account like logins', async () => {
    const m = await createMember(t.db);
    const c = await loggedIn(t, m);
    const tries = [];
    for (let i = 0; i < 6; i++)
      tries.push(
        await c.post('/user/change_password', {
          currentPass: `x${i}`,
          pass: 'newpass99',
          confirmPass: 'newpass99',
        }),
      );
    expect(tries.map((r) => r.body.state)).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await t.client().post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(429);
  });

  it('a member without a password (Google/Apple) sets one only right after logging in', async () => {
    const m = await createMember(t.db);
    const c = await loggedIn(t, m);
    await t.db.updateTable('users').set({ pass_hash: null }).where('id', '=', m.id).execute();
    expect((await c.get('/user/detail')).body.has_password).toBe('0');
    const ok = await c.post('/user/change_password', { pass: 'first-pw1', confirmPass: 'first-pw1' });
    expect(ok.body.state).toBe(200);

    const m2 = await createMember(t.db);
    const old = await loggedIn(t, m2);
    await t.db.updateTable('users').set({ pass_hash: null }).where('id', '=', m2.id).execute();
    await t.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('user_id', '=', m2.id)
      .execute();
    const stale = await old.post('/user/change_password', { pass: 'first-pw1', confirmPass: 'first-pw1' });
    expect(stale.body.errors).toEqual({
      currentPass: ['For your security, please log in again, then set your password within 10 minutes.'],
    });
  });
});
