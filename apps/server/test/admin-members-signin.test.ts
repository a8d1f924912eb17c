import { afterAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { SIGN_IN_FLAG_MESSAGES, SIGN_IN_REDIRECTS } from '@gacha/contract/account';
import { message } from '@gacha/contract/messages';
import { createTestApp, uniqueMail, type TestClient } from './helpers.ts';
import { createMember } from './factories.ts';
import { auditCount, staffClient } from './staff-factories.ts';

/**
 * A member suspended by staff cannot sign in with Google or Apple either (oauth2-mock-server as the
 * providers): the ID-token post answers errors.mail account_suspended in the member's language, the redirect
 * flows land on /login?login_error=3; no session starts and no provider account is linked.
 */

async function startIdp() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const idp = { server, identity: {} as Record<string, unknown> };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (typeof token.payload.aud === 'string') Object.assign(token.payload, idp.identity);
  });
  afterAll(() => server.stop());
  return idp;
}

const google = await startIdp();
const apple = await startIdp();
const t = await createTestApp({
  oidc: {
    google: {
      issuer: google.server.issuer.url!,
      clientId: 'google-client-id',
      clientSecret: 'google-secret',
    },
    apple: {
      issuer: apple.server.issuer.url!,
      clientId: 'apple-client-id',
      clientSecret: 'apple-secret-jwt',
    },
  },
});
const db = t.db;

let seq = 0;
const identity = (email: string) => ({
  sub: `idp-${++seq}-${Math.random().toString(36).slice(2)}`,
  email,
  email_verified: true,
  given_name: 'Hanako',
  family_name: 'Suzuki',
});

const idToken = (id: Record<string, unknown>) =>
  google.server.issuer.buildToken({
    expiresIn: 3600,
    scopesOrTransform: (_h: unknown, p: Record<string, unknown>) =>
      Object.assign(p, { aud: 'google-client-id', ...id }),
  });

/** The browser side of a redirect sign-in: cookies kept, the provider asked, the callback followed. */
async function redirectSignIn(c: TestClient, start: string): Promise<string> {
  const browse = async (url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of ([] as string[]).concat((res.headers['set-cookie'] as string[] | string) ?? [])) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      c.cookies.set(name!.trim(), rest.join('='));
    }
    return res;
  };
  const first = await browse(start);
  expect(first.statusCode).toBe(302);
  const atIdp = await fetch(String(first.headers.location), { redirect: 'manual' });
  const back = new URL(atIdp.headers.get('location')!);
  const res = await browse(back.pathname + back.search);
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

const isLoggedIn = async (c: TestClient) => (await c.get('/user/point')).body.is_login === '1';
const subsOf = (id: number) =>
  db.selectFrom('users').select(['google_sub', 'apple_sub']).where('id', '=', id).executeTakeFirstOrThrow();

async function suspended(fields: { google_sub?: string; apple_sub?: string } = {}) {
  const m = await createMember(db, { mail: uniqueMail('suspended'), ...fields });
  const support = await staffClient(t, 'support');
  const res = await support.post(`/admin/members/${m.id}/suspend`, { reason: 'Fraud' });
  expect(res.body).toMatchObject({ state: 200, changed: true });
  return { m, support };
}

describe('a suspended member signing in with Google or Apple', () => {
  it('the Google ID-token post: errors.mail account_suspended in English and Japanese, no session, nothing linked', async () => {
    const linked = identity(uniqueMail('g-linked'));
    const { m: byLink } = await suspended({ google_sub: linked.sub });
    const { m: byMail, support } = await suspended();
    const unlinked = identity(byMail.mail);
    for (const [id, member] of [
      [linked, byLink],
      [unlinked, byMail],
    ] as const) {
      for (const lang of ['en', 'ja'] as const) {
        const c = t.client({ lang });
        const res = await c.post('/user/google/login', { token: await idToken(id) });
        expect(res.body).toMatchObject({
          state: 400,
          errors: { mail: [message('account_suspended', lang)] },
        });
        expect(await isLoggedIn(c)).toBe(false);
      }
      expect(await db.selectFrom('sessions').selectAll().where('user_id', '=', member.id).execute()).toEqual(
        [],
      );
    }
    expect((await subsOf(byMail.id)).google_sub).toBeNull(); // a suspended account is not linked

    const before = await auditCount(db);
    await support.post(`/admin/members/${byMail.id}/unsuspend`, { reason: 'Cleared' });
    expect(await auditCount(db)).toBe(before + 1);
    const c = t.client();
    expect((await c.post('/user/google/login', { token: await idToken(unlinked) })).body).toMatchObject({
      state: 200,
      is_login: '1',
    });
  });

  it('the Google and Apple redirect flows land on /login?login_error=3 (account_suspended), no session', async () => {
    expect(SIGN_IN_REDIRECTS.suspended).toBe('/login?login_error=3');
    expect(SIGN_IN_FLAG_MESSAGES.login_error['3']).toBe('account_suspended');
    const g = identity(uniqueMail('g-redirect'));
    const a = identity(uniqueMail('a-redirect'));
    const { m: gm } = await suspended({ google_sub: g.sub });
    const { m: am } = await suspended({ apple_sub: a.sub });
    google.identity = g;
    apple.identity = a;
    for (const [start, member] of [
      ['/api/user/google/login', gm],
      ['/api/user/apple/login', am],
    ] as const) {
      const c = t.client();
      expect(await redirectSignIn(c, start)).toBe('/login?login_error=3');
      expect(await isLoggedIn(c)).toBe(false);
      expect(await db.selectFrom('sessions').selectAll().where('user_id', '=', member.id).execute()).toEqual(
        [],
      );
    }
  });
});
