import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { Config, OidcProviderName } from '../../config.ts';

/**
 * A local OpenID Connect provider for development and demo (MOCK_IDP): discovery, JWKS, an authorize page
 * where the tester picks a test identity, and a token endpoint with PKCE. It lets the Google and Apple
 * buttons work on a fresh machine without network access. Never registered in production (loadConfig refuses
 * MOCK_IDP there). The server reaches it through `app.inject`, so it does not need to know its own address.
 */

export const MOCK_PROVIDERS: readonly OidcProviderName[] = ['google', 'apple'];
const CODE_TTL_MS = 60_000;

export function mockIssuer(config: Pick<Config, 'publicUrl'>, provider: OidcProviderName): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/mock-idp/${provider}`;
}

export function mockClientId(config: Pick<Config, 'oidc'>, provider: OidcProviderName): string {
  return config.oidc[provider].clientId || `mock-${provider}-client`;
}

interface Identity {
  email: string;
  given_name: string;
  family_name: string;
  /** false: the token carries no email (Apple after the first sign-in, when the link was kept). */
  share_email: boolean;
}

interface PendingCode {
  provider: OidcProviderName;
  clientId: string;
  redirectUri: string;
  nonce: string | undefined;
  challenge: string;
  scope: string;
  identity: Identity;
  expires: number;
}

const TEST_USERS: readonly Identity[] = [
  { email: 'taro.yamada@example.com', given_name: 'Taro', family_name: 'Yamada', share_email: true },
  { email: 'alice.smith@example.com', given_name: 'Alice', family_name: 'Smith', share_email: true },
];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The browser's origin as a URL origin (default ports dropped, as URL does). */
const originOf = (req: FastifyRequest) => {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return '';
  }
};

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function registerMockIdp(app: FastifyInstance, config: Config): void {
  const codes = new Map<string, PendingCode>();
  let keys: Promise<{ privateKey: CryptoKey; jwk: JWK }> | null = null;
  const signingKey = () =>
    (keys ??= (async () => {
      const pair = await generateKeyPair('RS256', { extractable: true });
      const jwk = {
        ...(await exportJWK(pair.publicKey)),
        kid: randomBytes(8).toString('hex'),
        alg: 'RS256',
        use: 'sig',
      };
      return { privateKey: pair.privateKey, jwk };
    })());

  const providerOf = (req: FastifyRequest): OidcProviderName | null => {
    const p = (req.params as { provider?: string }).provider;
    return p === 'google' || p === 'apple' ? p : null;
  };
  const bad = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

  app.get('/mock-idp/:provider/.well-known/openid-configuration', async (req, reply) => {
    const provider = providerOf(req);
    if (!provider) return bad(reply, 404, 'not_found', 'unknown provider');
    const issuer = mockIssuer(config, provider);
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile', 'name'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['sub', 'email', 'email_verified', 'given_name', 'family_name', 'name', 'nonce'],
    };
  });

  app.get('/mock-idp/:provider/jwks', async (req, reply) => {
    if (!providerOf(req)) return bad(reply, 404, 'not_found', 'unknown provider');
    return { keys: [(await signingKey()).jwk] };
  });

  /** The authorization request, checked the same way on the page and on its submission. */
  function authRequest(req: FastifyRequest, provider: OidcProviderName, q: Record<string, unknown>) {
    const str = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : '');
    const redirectUri = str('redirect_uri');
    let target: URL | null = null;
    try {
      target = new URL(redirectUri);
    } catch {
      target = null;
    }
    const expectedPath = `/api/user/${provider}/callback`;
    const sameSite =
      target &&
      target.pathname === expectedPath &&
      (target.origin === originOf(req) || target.origin === new URL(config.publicUrl).origin);
    if (!sameSite) return { error: 'redirect_uri must be this shop’s callback' } as const;
    if (str('client_id') !== mockClientId(config, provider)) return { error: 'unknown client_id' } as const;
    if (str('response_type') !== 'code') return { error: 'response_type must be code' } as const;
    if (str('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(str('code_challenge')))
      return { error: 'PKCE with S256 is required' } as const;
    return {
      ok: {
        client_id: str('client_id'),
        redirect_uri: redirectUri,
        state: str('state'),
        nonce: str('nonce'),
        code_challenge: str('code_challenge'),
        code_challenge_method: 'S256',
        scope: str('scope'),
        response_type: 'code',
      },
    } as const;
  }

  app.get('/mock-idp/:provider/authorize', async (req, reply) => {
    const provider = providerOf(req);
    if (!provider) return bad(reply, 404, 'not_found', 'unknown provider');
    const checked = authRequest(req, provider, req.query as Record<string, unknown>);
    if ('error' in checked) return bad(reply, 400, 'invalid_request', checked.error ?? 'invalid request');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderAuthorizePage(provider, checked.ok));
  });

  app.post('/mock-idp/:provider/authorize', async (req, reply) => {
    const provider = providerOf(req);
    if (!provider) return bad(reply, 404, 'not_found', 'unknown provider');
    const form = (req.body ?? {}) as Record<string, unknown>;
    const checked = authRequest(req, provider, form);
    if ('error' in checked) return bad(reply, 400, 'invalid_request', checked.error ?? 'invalid request');
    const back = new URL(checked.ok.redirect_uri);
    if (checked.ok.state) back.searchParams.set('state', checked.ok.state);
    const field = (k: string, max: number) =>
      typeof form[k] === 'string' ? (form[k] as string).trim().slice(0, max) : '';
    if (form.action === 'cancel') {
      back.searchParams.set('error', 'access_denied');
      return reply.redirect(back.href);
    }
    const pick = /^\d$/.test(field('user', 1)) ? TEST_USERS[Number(field('user', 1))] : undefined;
    const identity: Identity = pick
      ? { ...pick }
      : {
          email: field('email', 254).toLowerCase(),
          given_name: field('given_name', 50),
          family_name: field('family_name', 50),
          share_email: true,
        };
    if (form.hide_email === '1') identity.share_email = false;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(identity.email)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(renderAuthorizePage(provider, checked.ok, 'Please enter a valid email address.'));
    }
    const code = randomBytes(24).toString('base64url');
    const now = Date.now();
    for (const [k, v] of codes) if (v.expires < now) codes.delete(k);
    codes.set(code, {
      provider,
      clientId: checked.ok.client_id,
      redirectUri: checked.ok.redirect_uri,
      nonce: checked.ok.nonce || undefined,
      challenge: checked.ok.code_challenge,
      scope: checked.ok.scope,
      identity,
      expires: now + CODE_TTL_MS,
    });
    back.searchParams.set('code', code);
    return reply.redirect(back.href);
  });

  app.post('/mock-idp/:provider/token', async (req, reply) => {
    const provider = providerOf(req);
    if (!provider) return bad(reply, 404, 'not_found', 'unknown provider');
    const form = (req.body ?? {}) as Record<string, unknown>;
    const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '');
    let clientId = str('client_id');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) clientId = decodeURIComponent(Buffer.from(basic[1]!, 'base64').toString().split(':')[0] ?? '');
    if (str('grant_type') !== 'authorization_code')
      return bad(reply, 400, 'unsupported_grant_type', 'code only');
    const pending = codes.get(str('code'));
    codes.delete(str('code')); // single use, whatever happens next
    if (!pending || pending.expires < Date.now() || pending.provider !== provider)
      return bad(reply, 400, 'invalid_grant', 'unknown, used or expired code');
    if (pending.clientId !== clientId) return bad(reply, 401, 'invalid_client', 'client mismatch');
    if (pending.redirectUri !== str('redirect_uri'))
      return bad(reply, 400, 'invalid_grant', 'redirect_uri mismatch');
    if (s256(str('code_verifier')) !== pending.challenge)
      return bad(reply, 400, 'invalid_grant', 'PKCE verification failed');

    const { privateKey, jwk } = await signingKey();
    const issuer = mockIssuer(config, provider);
    const id = pending.identity;
    const sub = `mock-${createHash('sha256').update(`${provider}:${id.email}`).digest('hex').slice(0, 20)}`;
    const claims: Record<string, unknown> = {
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
      ...(id.share_email ? { email: id.email, email_verified: true } : {}),
      ...(id.given_name ? { given_name: id.given_name } : {}),
      ...(id.family_name ? { family_name: id.family_name } : {}),
      ...(id.given_name || id.family_name ? { name: `${id.given_name} ${id.family_name}`.trim() } : {}),
    };
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(sub)
      .setAudience(pending.clientId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    return reply.header('cache-control', 'no-store').send({
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: pending.scope,
      id_token: idToken,
    });
  });
}

function renderAuthorizePage(provider: OidcProviderName, params: Record<string, string>, error = ''): string {
  const name = provider === 'google' ? 'Google' : 'Apple';
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
  const users = TEST_USERS.map(
    (u, i) =>
      `<button type="submit" name="user" value="${i}">${escapeHtml(`${u.given_name} ${u.family_name}`)}<small>${escapeHtml(u.email)}</small></button>`,
  ).join('\n');
  const appleOption =
    provider === 'apple'
      ? `<label><input type="checkbox" name="hide_email" value="1"> Do not share the email (as Apple does after the first sign-in)</label>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in with ${name} (mock)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:2rem 1rem;color:#222}
main{max-width:26rem;margin:0 auto;background:#fff;border-radius:10px;padding:1.5rem;box-shadow:0 2px 10px #0002}
h1{font-size:1.3rem;margin:0 0 .3rem}
p.note{color:#666;font-size:.85rem;margin:0 0 1rem}
p.error{color:#b3261e}
button{display:block;width:100%;text-align:left;padding:.7rem .9rem;margin:.4rem 0;border:1px solid #ccc;border-radius:8px;background:#fafafa;font-size:1rem;cursor:pointer}
button small{display:block;color:#666;font-size:.8rem}
fieldset{border:1px solid #ddd;border-radius:8px;margin:1rem 0;padding:.6rem .9rem}
label{display:block;margin:.4rem 0;font-size:.9rem}
input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:.45rem}
button.cancel{text-align:center;background:#fff;color:#555}
</style>
</head>
<body>
<main>
<h1>Sign in with ${name}</h1>
<p class="note">Local mock identity provider for development and demo — no real ${name} account is used.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">
${hidden}
${users}
<fieldset><legend>Another test identity</legend>
<label>Email <input type="email" name="email" autocomplete="off"></label>
<label>Given name <input type="text" name="given_name" maxlength="50"></label>
<label>Family name <input type="text" name="family_name" maxlength="50"></label>
<button type="submit" name="user" value="custom">Continue with this identity</button>
</fieldset>
${appleOption}
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>
</main>
</body>
</html>`;
}
