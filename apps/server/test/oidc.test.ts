import { afterAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, uniqueMail, type TestClient } from './helpers.ts';
import { createMember } from './factories.ts';
import { expectBadInputRefused, snapshot } from './member-helpers.ts';

/**
 * Google and Apple sign-in against oauth2-mock-server: the whole authorization-code flow (browser redirect →
 * provider → callback → token endpoint → ID token checks) and the ID-token posts of Google Identity Services.
 */

type Tweak = (payload: Record<string, unknown>) => void;

interface MockIdp {
  server: OAuth2Server;
  identity: Record<string, unknown>;
  tweakIdToken: Tweak | null;
}

async function startIdp(): Promise<MockIdp> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const idp: MockIdp = { server, identity: {}, tweakIdToken: null };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (typeof token.payload.aud !== 'string') return; // the access token
    Object.assign(token.payload, idp.identity);
    const tweak = idp.tweakIdToken;
    idp.tweakIdToken = null;
    tweak?.(token.payload);
  });
  afterAll(() => server.stop());
  return idp;
}

const google = await startIdp();
const apple = await startIdp();
const other = await startIdp(); // an issuer the shop does not trust
const GOOGLE_CLIENT = 'google-client-id';
const APPLE_CLIENT = 'apple-client-id';

const t = await createTestApp({
  oidc: {
    google: { issuer: google.server.issuer.url!, clientId: GOOGLE_CLIENT, clientSecret: 'google-secret' },
    apple: { issuer: apple.server.issuer.url!, clientId: APPLE_CLIENT, clientSecret: 'apple-secret-jwt' },
  },
});

let seq = 0;
function identity(overrides: Record<string, unknown> = {}) {
  const n = ++seq;
  return {
    sub: `idp-user-${n}-${Math.random().toString(36).slice(2)}`,
    email: uniqueMail(`idp${n}`),
    email_verified: true,
    given_name: 'Hanako',
    family_name: 'Suzuki',
    ...overrides,
  };
}

// --- a browser: cookies kept across raw (non-envelope) requests ---

function cookieHeader(c: TestClient) {
  return [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

function remember(c: TestClient, res: LightMyRequestResponse) {
  const set = res.headers['set-cookie'];
  for (const line of ([] as string[]).concat((set as string[] | string | undefined) ?? [])) {
    const [pair, ...attrs] = line.split(';');
    const [name, ...rest] = pair!.split('=');
    const value = rest.join('=');
    const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a));
    if (expired || value === '') c.cookies.delete(name!.trim());
    else c.cookies.set(name!.trim(), value);
  }
}

async function browse(
  c: TestClient,
  url: string,
  method: 'GET' | 'POST' = 'GET',
  form?: Record<string, string>,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      cookie: cookieHeader(c),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  remember(c, res);
  return res;
}

/** Starts a sign-in and lets the provider answer; returns the callback (path + query) the provider redirects to. */
async function authorize(c: TestClient, start: string) {
  const first = await browse(c, start);
  expect(first.statusCode).toBe(302);
  const authUrl = new URL(String(first.headers.location));
  const atIdp = await fetch(authUrl, { redirect: 'manual' });
  expect(atIdp.status).toBe(302);
  const back = new URL(atIdp.headers.get('location')!);
  return { authUrl, back };
}

/** The whole flow; returns where the browser lands. */
async function signInFlow(c: TestClient, start: string, opts: { tamper?: (back: URL) => void } = {}) {
  const { back } = await authorize(c, start);
  opts.tamper?.(back);
  const res = await browse(c, back.pathname + back.search);
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

const userBySub = (col: 'google_sub' | 'apple_sub', sub: string) =>
  t.db.selectFrom('users').selectAll().where(col, '=', sub).executeTakeFirst();

async function isLoggedIn(c: TestClient) {
  return (await c.get('/user/point')).body.is_login === '1';
}

describe('Google sign-in: the authorization-code flow', () => {
  it('starts with PKCE, state (carrying packId) and nonce in a signed httpOnly cookie', async () => {
    const c = t.client();
    const { authUrl } = await authorize(c, '/api/user/google/login?create=1&packId=7');
    expect(authUrl.origin).toBe(new URL(google.server.issuer.url!).origin);
    const q = authUrl.searchParams;
    expect(q.get('client_id')).toBe(GOOGLE_CLIENT);
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/api/user/google/callback');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    expect(q.get('state')).toMatch(/\.7$/);
    expect(q.get('scope')).toBe('openid email profile');
    const flow = c.cookies.get('oidc_google')!;
    expect(flow.split('.')).toHaveLength(3);
    expect(flow).not.toContain(q.get('code_challenge'));
  });

  it('registration (create=1): a member with the verified mail and names, no password, logged in, back to the pack', async () => {
    const id = identity();
    google.identity = id;
    const c = t.client({ lang: 'ja' });
    const landed = await signInFlow(c, '/api/user/google/login?create=1&packId=7');
    expect(landed).toBe('/pack-detail?packId=7');
    const u = await userBySub('google_sub', id.sub);
    expect(u).toMatchObject({
      mail: id.email,
      first_name: 'Hanako',
      last_name: 'Suzuki',
      pass_hash: null,
      lang: 'ja',
    });
    expect(u!.referral_code).toMatch(/^[A-Z2-7]{8}$/);
    expect(await isLoggedIn(c)).toBe(true);
    expect(c.cookies.has('oidc_google')).toBe(false);

    // registering again: already registered, nothing created, not logged in
    const before = await snapshot(t.db);
    const again = t.client();
    expect(await signInFlow(again, '/api/user/google/login?create=1')).toBe('/user-register?google=3');
    expect(await snapshot(t.db)).toEqual(before);
    expect(await isLoggedIn(again)).toBe(false);

    // logging in: to / without a packId
    const later = t.client();
    expect(await signInFlow(later, '/api/user/google/login')).toBe('/');
    expect(await isLoggedIn(later)).toBe(true);
  });

  it('registration carries a referral code given with the button', async () => {
    const referrer = await createMember(t.db);
    const id = identity();
    google.identity = id;
    await signInFlow(
      t.client(),
      `/api/user/google/login?create=1&referralCode=${referrer.referralCode.toLowerCase()}`,
    );
    expect((await userBySub('google_sub', id.sub))!.referred_by).toBe(referrer.id);
  });

  it('login links a password account whose mail Google verified; an unverified mail is not linked', async () => {
    const m = await createMember(t.db);
    google.identity = identity({ email: m.mail, email_verified: false });
    const before = await snapshot(t.db);
    expect(await signInFlow(t.client(), '/api/user/google/login')).toBe('/login?login_error=2');
    expect(await snapshot(t.db)).toEqual(before);

    const id = identity({ email: m.mail.toUpperCase() });
    google.identity = id;
    const c = t.client();
    expect(await signInFlow(c, '/api/user/google/login?packId=3')).toBe('/pack-detail?packId=3');
    expect((await userBySub('google_sub', id.sub))!.id).toBe(m.id);
    expect((await c.get('/user/detail')).body.id).toBe(m.id);
  });

  it('login with a Google account nobody registered: /login?login_error=2, nothing created', async () => {
    google.identity = identity();
    const before = await snapshot(t.db);
    const c = t.client();
    expect(await signInFlow(c, '/api/user/google/login')).toBe('/login?login_error=2');
    expect(await snapshot(t.db)).toEqual(before);
    expect(await isLoggedIn(c)).toBe(false);
  });

  describe('refusals: the spec’s message flag, nothing created, no session', () => {
    const cases: { name: string; arrange?: () => void; tamper?: (back: URL) => void }[] = [
      { name: 'state mismatch', tamper: (back) => back.searchParams.set('state', 'forged-state') },
      { name: 'state missing', tamper: (back) => back.searchParams.delete('state') },
      {
        name: 'nonce mismatch',
        arrange: () => (google.tweakIdToken = (p) => void (p.nonce = 'another-nonce')),
      },
      { name: 'nonce missing', arrange: () => (google.tweakIdToken = (p) => void delete p.nonce) },
      {
        name: 'expired ID token',
        arrange: () =>
          (google.tweakIdToken = (p) => {
            const now = Math.floor(Date.now() / 1000);
            Object.assign(p, { iat: now - 7200, nbf: now - 7200, exp: now - 3600 });
          }),
      },
      {
        name: 'unknown issuer',
        arrange: () => (google.tweakIdToken = (p) => void (p.iss = 'https://evil.example.com')),
      },
      {
        name: 'audience of another client',
        arrange: () => (google.tweakIdToken = (p) => void (p.aud = 'someone-else')),
      },
      {
        name: 'wrong signature',
        arrange: () =>
          google.server.service.once('beforeResponse', (response: { body: Record<string, unknown> }) => {
            const [h, p, s] = String(response.body.id_token).split('.');
            const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
            payload.email = 'attacker@example.com';
            response.body.id_token = [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join(
              '.',
            );
          }),
      },
      {
        name: 'provider error (cancelled)',
        tamper: (back) => back.searchParams.set('error', 'access_denied'),
      },
      { name: 'code from elsewhere', tamper: (back) => back.searchParams.set('code', 'made-up-code') },
    ];
    for (const mode of ['login', 'create'] as const) {
      for (const kase of cases) {
        it(`${mode}: ${kase.name}`, async () => {
          google.identity = identity();
          const c = t.client();
          const before = await snapshot(t.db);
          kase.arrange?.();
          const landed = await signInFlow(
            c,
            `/api/user/google/login${mode === 'create' ? '?create=1' : ''}`,
            kase.tamper ? { tamper: kase.tamper } : {},
          );
          google.tweakIdToken = null;
          expect(landed).toBe(mode === 'create' ? '/user-register?google=1' : '/login?login_error=1');
          expect(await snapshot(t.db)).toEqual(before);
          expect(await isLoggedIn(c)).toBe(false);
          expect(c.cookies.has('sid')).toBe(false);
        });
      }

      it(`${mode}: ID token signed by a key outside the issuer’s JWKS`, async () => {
        google.identity = identity();
        const c = t.client();
        const before = await snapshot(t.db);
        const { back } = await authorize(c, `/api/user/google/login${mode === 'create' ? '?create=1' : ''}`);
        const nonce = JSON.parse(
          Buffer.from(c.cookies.get('oidc_google')!.split('.')[1]!, 'base64url').toString(),
        ).f.nonce;
        const forged = await other.server.issuer.buildToken({
          scopesOrTransform: (_h: unknown, p: Record<string, unknown>) =>
            Object.assign(p, {
              iss: google.server.issuer.url,
              aud: GOOGLE_CLIENT,
              nonce,
              ...google.identity,
            }),
        });
        google.server.service.once('beforeResponse', (response: { body: Record<string, unknown> }) => {
          response.body.id_token = forged;
        });
        const res = await browse(c, back.pathname + back.search);
        expect(res.headers.location).toBe(
          mode === 'create' ? '/user-register?google=1' : '/login?login_error=1',
        );
        expect(await snapshot(t.db)).toEqual(before);
        expect(await isLoggedIn(c)).toBe(false);
      });
    }

    it('a callback without a started flow (no cookie), and a replayed callback', async () => {
      google.identity = identity();
      const c = t.client();
      const { back } = await authorize(c, '/api/user/google/login?create=1');
      const stranger = t.client();
      const before = await snapshot(t.db);
      expect(String((await browse(stranger, back.pathname + back.search)).headers.location)).toBe(
        '/login?login_error=1',
      );
      expect(await snapshot(t.db)).toEqual(before);
      // the real browser completes it once; the same callback again is refused
      const saved = new Map(c.cookies);
      expect(String((await browse(c, back.pathname + back.search)).headers.location)).toBe('/');
      const replay = t.client();
      replay.cookies = saved;
      const after = await snapshot(t.db);
      expect(String((await browse(replay, back.pathname + back.search)).headers.location)).toMatch(
        /google=1|google=3/,
      );
      expect((await snapshot(t.db)).counts.users).toBe(after.counts.users);
    });

    it('a flow cookie from another provider or a forged one is refused', async () => {
      google.identity = identity();
      const c = t.client();
      const { back } = await authorize(c, '/api/user/google/login?create=1');
      // the hardest alteration: flip a spare low bit of the signature's last base64url character, which a
      // lenient decoder maps to the same bytes
      const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const cookie = c.cookies.get('oidc_google')!;
      const last = B64URL.indexOf(cookie.at(-1)!);
      c.cookies.set('oidc_google', cookie.slice(0, -1) + B64URL[last ^ 1]);
      const before = await snapshot(t.db);
      expect(String((await browse(c, back.pathname + back.search)).headers.location)).toBe(
        '/login?login_error=1',
      );
      expect(await snapshot(t.db)).toEqual(before);
    });
  });
});

describe('Apple sign-in', () => {
  it('registration: names from the `user` field Apple posts once (form_post), the Apple id kept; then login', async () => {
    const id = identity({ email_verified: 'true', given_name: undefined, family_name: undefined });
    apple.identity = id;
    const c = t.client();
    const { authUrl, back } = await authorize(c, '/api/user/apple/create?packId=12');
    expect(authUrl.searchParams.get('client_id')).toBe(APPLE_CLIENT);
    expect(c.cookies.has('oidc_apple')).toBe(true);
    // Apple's form_post: the same answer as a POST form, with the name the first time only
    const form = Object.fromEntries(back.searchParams);
    const res = await browse(c, back.pathname, 'POST', {
      ...form,
      user: JSON.stringify({ name: { firstName: 'Ichiro', lastName: 'Tanaka' }, email: id.email }),
    });
    expect(String(res.headers.location)).toBe('/pack-detail?packId=12');
    expect(await userBySub('apple_sub', id.sub)).toMatchObject({
      mail: id.email,
      first_name: 'Ichiro',
      last_name: 'Tanaka',
    });
    expect(await isLoggedIn(c)).toBe(true);

    const again = t.client();
    expect(await signInFlow(again, '/api/user/apple/login')).toBe('/');
    expect(await isLoggedIn(again)).toBe(true);
    // registering the same Apple account again: flag 3
    const before = await snapshot(t.db);
    expect(await signInFlow(t.client(), '/api/user/apple/create')).toBe('/user-register?apple=3');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('registration without an email from Apple: flag 2 (remove the link and retry), nothing created', async () => {
    apple.identity = identity();
    apple.tweakIdToken = (p) => {
      delete p.email;
      delete p.email_verified;
    };
    const before = await snapshot(t.db);
    expect(await signInFlow(t.client(), '/api/user/apple/create')).toBe('/user-register?apple=2');
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refusals: flag 1 on registration, Apple=1 on login, nothing created', async () => {
    for (const [start, flag] of [
      ['/api/user/apple/create', '/user-register?apple=1'],
      ['/api/user/apple/login', '/login?Apple=1'],
    ] as const) {
      for (const tweak of [
        (p: Record<string, unknown>) => void (p.nonce = 'forged'),
        (p: Record<string, unknown>) => void (p.iss = 'https://appleid.evil.example'),
        (p: Record<string, unknown>) => void (p.exp = Math.floor(Date.now() / 1000) - 600),
      ]) {
        apple.identity = identity();
        apple.tweakIdToken = tweak;
        const before = await snapshot(t.db);
        const c = t.client();
        expect(await signInFlow(c, start)).toBe(flag);
        expect(await snapshot(t.db)).toEqual(before);
        expect(await isLoggedIn(c)).toBe(false);
      }
      const c = t.client();
      expect(await signInFlow(c, start, { tamper: (b) => b.searchParams.set('state', 'x') })).toBe(flag);
    }
  });

  it('a provider that cannot be reached: the failure flag, nothing created', async () => {
    const stopped = await startIdp();
    const url = stopped.server.issuer.url!;
    await stopped.server.stop();
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp({
      config: {
        ...t.config,
        oidc: { ...t.config.oidc, google: { issuer: url, clientId: 'x', clientSecret: '' } },
      },
      db: t.db,
      clock: t.clock,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/user/google/login?create=1' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/user-register?google=1');
    } finally {
      await app.close();
      await stopped.server.start(0, '127.0.0.1'); // afterAll stops it again
    }
  });
});

describe('POST /user/google/login and /user/google/create (ID token from Google Identity Services)', () => {
  const token = (
    id: Record<string, unknown>,
    opts: { idp?: MockIdp; tweak?: Tweak; expiresIn?: number } = {},
  ) =>
    (opts.idp ?? google).server.issuer.buildToken({
      expiresIn: opts.expiresIn ?? 3600,
      scopesOrTransform: (_h: unknown, p: Record<string, unknown>) => {
        Object.assign(p, { aud: GOOGLE_CLIENT, ...id });
        opts.tweak?.(p);
      },
    });

  it('create: a new member, logged in; again → state 999 with the spec’s message, nothing created', async () => {
    const id = identity();
    const c = t.client();
    const res = await c.post('/user/google/create', { token: await token(id) });
    expect(res.body).toMatchObject({ state: 200, is_login: '1' });
    expect(await userBySub('google_sub', id.sub)).toMatchObject({ mail: id.email, pass_hash: null });
    const before = await snapshot(t.db);
    const again = await t.client().post('/user/google/create', { token: await token(id) });
    expect(again.httpStatus).toBe(409);
    expect(again.body).toMatchObject({
      state: 999,
      message: 'This account is already registered. Please log in and enjoy.',
    });
    expect(await snapshot(t.db)).toEqual(before);

    const login = await t.client().post('/user/google/login', { token: await token(id) });
    expect(login.body).toMatchObject({ state: 200, is_login: '1' });
  });

  it('create with a referral code: attached; an unknown one → errors.referral_code, nothing created', async () => {
    const referrer = await createMember(t.db);
    const id = identity();
    const before = await snapshot(t.db);
    const bad = await t
      .client()
      .post('/user/google/create', { token: await token(id), referralCode: 'NOPE2345' });
    expect(bad.body.errors.referral_code).toEqual(['This referral code does not exist.']);
    expect(await snapshot(t.db)).toEqual(before);
    await t
      .client()
      .post('/user/google/create', { token: await token(id), referralCode: referrer.referralCode });
    expect((await userBySub('google_sub', id.sub))!.referred_by).toBe(referrer.id);
  });

  it('login of an account nobody registered: errors.mail, nothing created', async () => {
    const before = await snapshot(t.db);
    const res = await t.client().post('/user/google/login', { token: await token(identity()) });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.mail).toEqual([
      'No account is registered for this sign-in yet. Please register first.',
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses expired, wrongly signed, foreign-issuer and wrong-audience tokens: nothing created, no session', async () => {
    const id = identity();
    const good = await token(id);
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = [
      h,
      Buffer.from(JSON.stringify({ ...payload, email: 'x@evil.example' })).toString('base64url'),
      s,
    ].join('.');
    const bad: [string, string][] = [
      ['expired', await token(id, { expiresIn: -600 })],
      ['wrong signature', tampered],
      ['signed by an unknown issuer', await token(id, { idp: other })],
      [
        'issuer claim of another',
        await token(id, { tweak: (x) => void (x.iss = 'https://accounts.evil.example') }),
      ],
      ['another audience', await token(id, { tweak: (x) => void (x.aud = 'someone-else') })],
      ['not a JWT', 'abc.def'],
      ['alg none', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`],
    ];
    for (const [name, tok] of bad) {
      for (const path of ['/user/google/create', '/user/google/login']) {
        const before = await snapshot(t.db);
        const c = t.client();
        const res = await c.post(path, { token: tok });
        expect(res.body.state, `${path} ${name}`).toBe(400);
        expect(res.body.errors.mail, `${path} ${name}`).toEqual([
          'The account could not be matched. Please log in again.',
        ]);
        expect(await snapshot(t.db), `${path} ${name}`).toEqual(before);
        expect(c.cookies.has('sid'), `${path} ${name}`).toBe(false);
      }
    }
  });
});

describe('bad input', async () => {
  const guest = t.client();
  await guest.get('/user/point');
  it('POST /user/google/login refuses every bad shape and writes nothing', async () => {
    await expectBadInputRefused(
      t,
      { path: '/user/google/login', valid: () => ({ token: 'a.b.c' }), kinds: { token: 'text' } },
      guest,
    );
  });
  it('POST /user/google/create refuses every bad shape and writes nothing', async () => {
    await expectBadInputRefused(
      t,
      {
        path: '/user/google/create',
        valid: () => ({ token: 'a.b.c', referralCode: 'ABCDEFGH' }),
        kinds: { token: 'text', referralCode: 'text' },
        wire: { referralCode: 'referral_code' },
      },
      guest,
    );
  });
});
