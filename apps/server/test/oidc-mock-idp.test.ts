import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestClient } from './helpers.ts';
import { COUNTRIES, ensureCountries } from './factories.ts';
import { snapshot } from './member-helpers.ts';

/**
 * The local mock identity provider (MOCK_IDP, development and demo): the Google and Apple buttons work on a
 * fresh machine without network, through the real openid-client flow against /mock-idp/{google,apple}.
 */

const t = await createTestApp({ mockIdp: true });
await ensureCountries(t.db);

function remember(c: TestClient, res: LightMyRequestResponse) {
  const set = res.headers['set-cookie'];
  for (const line of ([] as string[]).concat((set as string[] | string | undefined) ?? [])) {
    const [pair, ...attrs] = line.split(';');
    const [name, ...rest] = pair!.split('=');
    const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()));
    if (expired || rest.join('=') === '') c.cookies.delete(name!.trim());
    else c.cookies.set(name!.trim(), rest.join('='));
  }
}

async function browse(c: TestClient, url: string, form?: Record<string, string>) {
  const res = await t.app.inject({
    method: form ? 'POST' : 'GET',
    url,
    headers: {
      host: 'shop.test:8080',
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  remember(c, res);
  return res;
}

/** Start → mock authorize page → pick → callback. Returns where the browser lands. */
async function viaMock(c: TestClient, start: string, pick: Record<string, string>) {
  const first = await browse(c, start);
  expect(first.statusCode).toBe(302);
  const authorize = String(first.headers.location);
  expect(authorize.startsWith('/mock-idp/')).toBe(true); // stays on the browser's origin
  const page = await browse(c, authorize);
  expect(page.statusCode).toBe(200);
  const params = Object.fromEntries(new URL(authorize, 'http://x').searchParams);
  const picked = await browse(c, authorize.split('?')[0]!, { ...params, ...pick });
  expect(picked.statusCode).toBe(302);
  const back = new URL(String(picked.headers.location));
  expect(back.origin).toBe('http://shop.test:8080');
  const done = await browse(c, back.pathname + back.search);
  expect(done.statusCode).toBe(302);
  return String(done.headers.location);
}

describe('the mock identity provider', () => {
  it('serves discovery and JWKS under the configured public URL', async () => {
    const d = JSON.parse(
      (await t.app.inject({ url: '/mock-idp/google/.well-known/openid-configuration' })).body,
    );
    expect(d.issuer).toBe('http://localhost:3000/mock-idp/google');
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = JSON.parse((await t.app.inject({ url: '/mock-idp/google/jwks' })).body);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined(); // no private part
  });

  it('shows a CSP-safe page to pick a test identity (no scripts)', async () => {
    const c = t.client();
    const first = await browse(c, '/api/user/google/login?create=1');
    const page = await browse(c, String(first.headers.location));
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('Taro Yamada');
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self'");
  });

  it('Google registration through the mock: a member, logged in; the country popup flow then sets the country', async () => {
    const c = t.client();
    const landed = await viaMock(c, '/api/user/google/login?create=1&packId=4', {
      user: 'custom',
      email: 'mock.member@example.com',
      given_name: 'Mock',
      family_name: 'Member',
    });
    expect(landed).toBe('/pack-detail?packId=4');
    const detail = (await c.get('/user/detail')).body;
    expect(detail).toMatchObject({
      mail: 'mock.member@example.com',
      firstName: 'Mock',
      lastName: 'Member',
      end_sms: '0',
    });

    // the Top page's country popup: logged in without a country → choose one → the check says done
    expect((await c.get('/user/country/check')).body).toMatchObject({ is_login: '1', is_country: '0' });
    const saved = await c.post('/user/changeUserInformation', { country_id: String(COUNTRIES.usa.id) });
    expect(saved.body.state).toBe(200);
    expect((await c.get('/user/country/check')).body).toMatchObject({ is_login: '1', is_country: '1' });
    expect((await t.client().get('/user/country/check')).body).toMatchObject({
      is_login: '0',
      is_country: '0',
    });
    const wrong = await c.post('/user/changeUserInformation', { country_id: 999999 });
    expect(wrong.body.errors.country_id).toEqual(['Please choose a country.']);

    // and logging in again with the same identity
    const again = t.client();
    expect(
      await viaMock(again, '/api/user/google/login', { user: 'custom', email: 'mock.member@example.com' }),
    ).toBe('/');
    expect((await again.get('/user/detail')).body.id).toBe(detail.id);
  });

  it('Apple: a test user registers; without a shared email it is flag 2; cancel is flag 1', async () => {
    const c = t.client();
    expect(await viaMock(c, '/api/user/apple/create', { user: '1' })).toBe('/');
    expect((await c.get('/user/detail')).body.mail).toBe('alice.smith@example.com');
    const before = await snapshot(t.db);
    expect(await viaMock(t.client(), '/api/user/apple/create', { user: '0', hide_email: '1' })).toBe(
      '/user-register?apple=2',
    );
    expect(await viaMock(t.client(), '/api/user/apple/create', { action: 'cancel' })).toBe(
      '/user-register?apple=1',
    );
    expect(await viaMock(t.client(), '/api/user/apple/login', { action: 'cancel' })).toBe('/login?Apple=1');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a foreign redirect_uri, a wrong client, and a token request without the PKCE verifier', async () => {
    const c = t.client();
    const first = await browse(c, '/api/user/google/login');
    const url = new URL(String(first.headers.location), 'http://shop.test:8080');
    const evil = new URL(url);
    evil.searchParams.set('redirect_uri', 'https://evil.example/api/user/google/callback');
    expect((await browse(c, evil.pathname + evil.search)).statusCode).toBe(400);
    const client = new URL(url);
    client.searchParams.set('client_id', 'other');
    expect((await browse(c, client.pathname + client.search)).statusCode).toBe(400);

    const params = Object.fromEntries(url.searchParams);
    const picked = await browse(c, url.pathname, { ...params, user: '0' });
    const code = new URL(String(picked.headers.location)).searchParams.get('code')!;
    const token = (verifier: string) =>
      t.app.inject({
        method: 'POST',
        url: '/mock-idp/google/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: params.client_id!,
          redirect_uri: params.redirect_uri!,
          code_verifier: verifier,
        }).toString(),
      });
    const res = await token('x'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error).toBe('invalid_grant');
    // the code is single use, also after a failed try
    expect((await token('y'.repeat(43))).statusCode).toBe(400);
  });
});
