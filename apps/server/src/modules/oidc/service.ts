import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  createRemoteJWKSet,
  customFetch as joseCustomFetch,
  jwtVerify,
  SignJWT,
  type JWTPayload,
} from 'jose';
import * as client from 'openid-client';
import type { Lang } from '@gacha/contract/messages';
import type { Config, OidcProviderName } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { createSocialMember, linkSocialAccount, SOCIAL_SUB_COLUMN } from '../account/service.ts';
import { normalizeMail } from '../auth/service.ts';
import { mockClientId, mockIssuer } from './mock-idp.ts';
import * as repo from './repo.ts';

/**
 * Google and Apple sign-in with openid-client (authorization code + PKCE + nonce, ID token signature checked
 * against the issuer's JWKS). Issuers come from configuration; with MOCK_IDP they are the local mock provider
 * (mock-idp.ts), reached in process.
 */

export interface ProviderRuntime {
  name: OidcProviderName;
  issuer: string;
  clientId: string;
  clientSecret: string;
  mock: boolean;
}

export function providerRuntime(config: Config, name: OidcProviderName): ProviderRuntime | null {
  if (config.mockIdp) {
    return {
      name,
      issuer: mockIssuer(config, name),
      clientId: mockClientId(config, name),
      clientSecret: '',
      mock: true,
    };
  }
  const p = config.oidc[name];
  if (!p.clientId) return null;
  return { name, issuer: p.issuer, clientId: p.clientId, clientSecret: p.clientSecret, mock: false };
}

/** fetch through the app itself (the mock provider is served by this server). */
function injectFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const u = new URL(url);
    const body = options.body;
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: u.pathname + u.search,
      headers: options.headers,
      ...(body === undefined || body === null
        ? {}
        : { payload: body instanceof URLSearchParams ? body.toString() : (body as string) }),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

export interface Oidc {
  configuration(name: OidcProviderName): Promise<{ runtime: ProviderRuntime; config: client.Configuration }>;
  /** Verifies a bare ID token (POST /user/google/login|create): signature, issuer, audience, expiry. */
  verifyIdToken(name: OidcProviderName, token: string): Promise<JWTPayload>;
}

export class ProviderUnavailable extends Error {}

/** One per app: discovery documents and JWKS are cached; a failed discovery is retried on the next use. */
export function createOidc(app: FastifyInstance, config: Config): Oidc {
  const cache = new Map<
    OidcProviderName,
    Promise<{ runtime: ProviderRuntime; config: client.Configuration }>
  >();
  const jwks = new Map<OidcProviderName, ReturnType<typeof createRemoteJWKSet>>();
  const fetchFor = (rt: ProviderRuntime) => (rt.mock ? injectFetch(app) : undefined);

  function configuration(name: OidcProviderName) {
    const runtime = providerRuntime(config, name);
    if (!runtime) return Promise.reject(new ProviderUnavailable(`${name} sign-in is not configured`));
    let entry = cache.get(name);
    if (!entry) {
      const insecure = runtime.issuer.startsWith('http://');
      const f = fetchFor(runtime);
      entry = client
        .discovery(
          new URL(runtime.issuer),
          runtime.clientId,
          undefined,
          runtime.clientSecret ? client.ClientSecretPost(runtime.clientSecret) : client.None(),
          {
            execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
            ...(f ? { [client.customFetch]: f } : {}),
            timeout: 10,
          },
        )
        .then((cfg) => {
          if (f) cfg[client.customFetch] = f;
          return { runtime, config: cfg };
        });
      entry.catch(() => cache.delete(name));
      cache.set(name, entry);
    }
    return entry;
  }

  async function verifyIdToken(name: OidcProviderName, token: string): Promise<JWTPayload> {
    const { runtime, config: cfg } = await configuration(name);
    const meta = cfg.serverMetadata();
    if (!meta.jwks_uri) throw new ProviderUnavailable('the issuer has no jwks_uri');
    let set = jwks.get(name);
    if (!set) {
      const f = fetchFor(runtime);
      set = createRemoteJWKSet(new URL(meta.jwks_uri), f ? { [joseCustomFetch]: f as never } : {});
      jwks.set(name, set);
    }
    // Google documents both spellings of its issuer for ID tokens
    const issuers =
      meta.issuer === 'https://accounts.google.com' ? [meta.issuer, 'accounts.google.com'] : [meta.issuer];
    const { payload } = await jwtVerify(token, set, {
      issuer: issuers,
      audience: runtime.clientId,
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      clockTolerance: 30,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  }

  return { configuration, verifyIdToken };
}

// --- the flow cookie: state, nonce and PKCE verifier, signed, httpOnly, 10 minutes ---

export const FLOW_TTL_SECONDS = 600;
export const flowCookieName = (name: OidcProviderName) => `oidc_${name}`;
export const flowCookiePath = (name: OidcProviderName) => `/api/user/${name}`;

export interface Flow {
  provider: OidcProviderName;
  state: string;
  nonce: string;
  verifier: string;
  create: boolean;
  packId: number | null;
  referralCode: string | null;
  redirectUri: string;
}

const flowKey = (secret: string) => createHash('sha256').update(`oidc-flow:${secret}`).digest();

export function signFlow(secret: string, flow: Flow): Promise<string> {
  return new SignJWT({ f: flow })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
    .sign(flowKey(secret));
}

export async function readFlow(
  secret: string,
  provider: OidcProviderName,
  token: string | undefined,
): Promise<Flow | null> {
  if (!token || token.length > 4096) return null;
  // only the canonical base64url of each part: a decoder ignores the spare low bits of the last character,
  // so an altered cookie could otherwise still verify
  if (!token.split('.').every((part) => Buffer.from(part, 'base64url').toString('base64url') === part))
    return null;
  try {
    const { payload } = await jwtVerify(token, flowKey(secret), { algorithms: ['HS256'] });
    const flow = payload.f as Flow | undefined;
    return flow && flow.provider === provider ? flow : null;
  } catch {
    return null;
  }
}

// --- the identity an ID token vouches for ---

export interface Identity {
  sub: string;
  email: string | null; // only when the provider says it is verified
  givenName: string;
  familyName: string;
}

const clip = (v: unknown, max = 50) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * Names: the standard claims (Google); Apple sends the name once, in the `user` form field of the first
 * authorization, which the callback passes as `appleUser`.
 */
export function identityFrom(claims: Record<string, unknown>, appleUser?: unknown): Identity {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const email = typeof claims.email === 'string' && verified ? claims.email : null;
  let givenName = clip(claims.given_name);
  let familyName = clip(claims.family_name);
  const name = (appleUser as { name?: { firstName?: unknown; lastName?: unknown } } | undefined)?.name;
  if (name) {
    givenName ||= clip(name.firstName);
    familyName ||= clip(name.lastName);
  }
  if (!givenName && !familyName && typeof claims.name === 'string') {
    const parts = claims.name.trim().split(/\s+/);
    givenName = clip(parts[0]);
    familyName = clip(parts.slice(1).join(' '));
  }
  return { sub: String(claims.sub), email: email ? normalizeMail(email) : null, givenName, familyName };
}

// --- finding or creating the member ---

export type SignInOutcome =
  | { kind: 'ok'; userId: number; created: boolean }
  | { kind: 'already_registered' }
  | { kind: 'not_registered' }
  | { kind: 'no_email' }
  | { kind: 'mismatch' }
  | { kind: 'suspended' };

/**
 * Login: the member linked to this provider account, or the member whose mail the provider verified (then
 * linked, unless linked to another account of the provider → mismatch); a member suspended by staff →
 * suspended (nothing linked); nobody → not registered (a new account needs the registration page and its
 * terms). Create: a new member with the verified mail and names, no
 * password; an account with this provider id or mail → already registered; no verified mail → no_email.
 */
export async function signIn(
  db: Db,
  args: {
    provider: OidcProviderName;
    identity: Identity;
    create: boolean;
    referrerId: number | null;
    lang: Lang;
  },
  now: Date,
): Promise<SignInOutcome> {
  const col = SOCIAL_SUB_COLUMN[args.provider];
  const { identity } = args;
  const bySub = await repo.findBySub(db, col, identity.sub);
  const byMail = identity.email ? await repo.findByMail(db, identity.email) : undefined;

  if (!args.create) {
    if ((bySub ?? byMail)?.suspended_at) return { kind: 'suspended' }; // suspended by staff: no session
    if (bySub) return { kind: 'ok', userId: bySub.id, created: false };
    if (!byMail) return { kind: 'not_registered' };
    if (byMail[col] !== null) return { kind: 'mismatch' };
    return (await linkSocialAccount(db, byMail.id, args.provider, identity.sub, now))
      ? { kind: 'ok', userId: byMail.id, created: false }
      : { kind: 'mismatch' };
  }

  if (bySub || byMail) return { kind: 'already_registered' };
  if (!identity.email) return { kind: 'no_email' };
  const userId = await createSocialMember(
    db,
    {
      provider: args.provider,
      sub: identity.sub,
      mail: identity.email,
      familyName: identity.familyName,
      givenName: identity.givenName,
      referrerId: args.referrerId,
      lang: args.lang,
    },
    now,
  );
  return userId === null ? { kind: 'already_registered' } : { kind: 'ok', userId, created: true };
}

/** The referrer for a code given at registration; unknown codes give null. */
export async function referrerIdFor(db: Db, code: string | null | undefined): Promise<number | null> {
  if (!code) return null;
  const row = await repo.findActiveIdByReferralCode(db, code.toUpperCase());
  return row?.id ?? null;
}
