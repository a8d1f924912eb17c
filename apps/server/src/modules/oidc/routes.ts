import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { SIGN_IN_REDIRECTS } from '@gacha/contract/account';
import { State } from '@gacha/contract/envelope';
import { googleCreateRoute, googleLoginRoute } from '@gacha/contract/routes/oidc';
import type { OidcProviderName } from '../../config.ts';
import { ApiError, fieldError } from '../../http/api-error.ts';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/service.ts';
import { registerMockIdp } from './mock-idp.ts';
import {
  createOidc,
  FLOW_TTL_SECONDS,
  flowCookieName,
  flowCookiePath,
  identityFrom,
  readFlow,
  referrerIdFor,
  signFlow,
  signIn,
  type Flow,
  type SignInOutcome,
} from './service.ts';

/**
 * Google and Apple sign-in (spec §7): the browser redirects and their callbacks, and the ID-token posts of
 * Google Identity Services. Every refusal creates nothing and starts no session.
 */
export const oidcApi: ApiPlugin = async (app) => {
  const { config, db, sessions, clock } = app;
  const oidc = createOidc(app, config);

  const cookieOpts = (provider: OidcProviderName) => ({
    path: flowCookiePath(provider),
    httpOnly: true,
    secure: config.cookieSecure,
    // Apple answers with a cross-site form POST (response_mode=form_post): a Lax cookie would not come back
    sameSite: provider === 'apple' && config.cookieSecure ? ('none' as const) : ('lax' as const),
  });

  /** The callback URL registered at the provider; the mock provider follows the browser's own origin. */
  const callbackUrl = (req: FastifyRequest, provider: OidcProviderName) => {
    const origin = config.mockIdp ? `${req.protocol}://${req.host}` : config.publicUrl.replace(/\/+$/, '');
    return new URL(`${origin}/api/user/${provider}/callback`).href;
  };

  const failure = (provider: OidcProviderName, create: boolean, outcome?: SignInOutcome['kind']) => {
    if (outcome === 'suspended') return SIGN_IN_REDIRECTS.suspended;
    if (provider === 'google') {
      if (!create)
        return outcome === 'not_registered'
          ? SIGN_IN_REDIRECTS.notRegistered
          : SIGN_IN_REDIRECTS.googleLoginFailed;
      return outcome === 'already_registered'
        ? SIGN_IN_REDIRECTS.googleAlreadyRegistered
        : SIGN_IN_REDIRECTS.googleCreateFailed;
    }
    if (!create)
      return outcome === 'not_registered'
        ? SIGN_IN_REDIRECTS.notRegistered
        : SIGN_IN_REDIRECTS.appleLoginFailed;
    if (outcome === 'already_registered') return SIGN_IN_REDIRECTS.appleAlreadyRegistered;
    if (outcome === 'no_email') return SIGN_IN_REDIRECTS.appleUnlinkRetry;
    return SIGN_IN_REDIRECTS.appleCreateFailed;
  };

  const go = (reply: FastifyReply, target: string) =>
    reply.header('cache-control', 'no-store').redirect(target, 302);

  async function start(
    req: FastifyRequest,
    reply: FastifyReply,
    provider: OidcProviderName,
    create: boolean,
  ) {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const packId = typeof q.packId === 'string' && /^[1-9]\d{0,9}$/.test(q.packId) ? Number(q.packId) : null;
    const referralCode =
      typeof q.referralCode === 'string' && /^[A-Za-z0-9]{1,32}$/.test(q.referralCode)
        ? q.referralCode.toUpperCase()
        : null;
    let cfg;
    try {
      cfg = await oidc.configuration(provider);
    } catch (err) {
      req.log.warn({ err, provider }, 'sign-in provider unavailable');
      return go(reply, failure(provider, create));
    }
    const redirectUri = callbackUrl(req, provider);
    // the state carries the packId (spec §7) next to its random part; the signed cookie holds the same values
    const state = `${client.randomState()}${packId ? `.${packId}` : ''}`;
    const flow: Flow = {
      provider,
      state,
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      create,
      packId,
      referralCode: create ? referralCode : null,
      redirectUri,
    };
    const formPost =
      provider === 'apple' && !!cfg.config.serverMetadata().response_modes_supported?.includes('form_post');
    const url = client.buildAuthorizationUrl(cfg.config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: provider === 'google' ? 'openid email profile' : formPost ? 'openid email name' : 'openid email',
      state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      ...(formPost ? { response_mode: 'form_post' } : {}),
      ...(provider === 'google' ? { prompt: 'select_account' } : {}),
    });
    reply.setCookie(flowCookieName(provider), await signFlow(config.sessionSecret, flow), {
      ...cookieOpts(provider),
      maxAge: FLOW_TTL_SECONDS,
    });
    // the mock provider is this server: stay on the browser's origin whatever PUBLIC_URL says
    return go(reply, cfg.runtime.mock ? url.pathname + url.search : url.href);
  }

  async function callback(req: FastifyRequest, reply: FastifyReply, provider: OidcProviderName) {
    const flow = await readFlow(config.sessionSecret, provider, req.cookies[flowCookieName(provider)]);
    reply.clearCookie(flowCookieName(provider), cookieOpts(provider));
    const create = flow?.create ?? false;
    const refuse = (reason: string, outcome?: SignInOutcome['kind'], err?: unknown) => {
      req.log.info({ provider, reason, err: err instanceof Error ? err.message : err }, 'sign-in refused');
      return go(reply, failure(provider, create, outcome));
    };
    if (!flow) return refuse('no or invalid flow cookie');

    const raw = (req.method === 'POST' ? req.body : req.query) ?? {};
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      if (typeof v === 'string' && v.length <= 8192) params.append(k, v);
    }
    if (params.has('error')) return refuse(`provider error ${params.get('error')}`);

    let claims: Record<string, unknown>;
    try {
      const { config: cfg } = await oidc.configuration(provider);
      const current = new URL(flow.redirectUri);
      for (const [k, v] of params) current.searchParams.append(k, v);
      const tokens = await client.authorizationCodeGrant(cfg, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const c = tokens.claims();
      if (!c) return refuse('no id token');
      claims = c as Record<string, unknown>;
    } catch (err) {
      return refuse('verification failed', undefined, err);
    }

    let appleUser: unknown;
    if (provider === 'apple' && params.get('user')) {
      try {
        appleUser = JSON.parse(params.get('user')!);
      } catch {
        appleUser = undefined;
      }
    }
    const outcome = await signIn(
      db,
      {
        provider,
        identity: identityFrom(claims, appleUser),
        create,
        referrerId: await referrerIdFor(db, flow.referralCode),
        lang: req.lang,
      },
      clock.now(),
    );
    if (outcome.kind !== 'ok') return refuse(outcome.kind, outcome.kind);
    await sessions.start(req, reply, outcome.userId, false);
    return go(reply, flow.packId ? `/pack-detail?packId=${flow.packId}` : '/');
  }

  // the browser's redirects: no envelope
  const redirect = { config: { envelope: false } } as const;
  app.get('/user/google/login', redirect, (req, reply) =>
    start(req, reply, 'google', (req.query as Record<string, unknown>)?.create === '1'),
  );
  app.get('/user/apple/login', redirect, (req, reply) => start(req, reply, 'apple', false));
  app.get('/user/apple/create', redirect, (req, reply) => start(req, reply, 'apple', true));
  for (const provider of ['google', 'apple'] as const) {
    app.get(`/user/${provider}/callback`, redirect, (req, reply) => callback(req, reply, provider));
    app.post(`/user/${provider}/callback`, redirect, (req, reply) => callback(req, reply, provider));
  }

  // Google Identity Services: the page posts the ID token it got from Google
  const verified = async (token: string) => {
    try {
      return await oidc.verifyIdToken('google', token);
    } catch (err) {
      throw new ApiError(State.invalid, {
        errors: { mail: 'login_mismatch' },
        extra: { reason: reasonOf(err) },
      });
    }
  };

  await serve(app, googleLoginRoute, async (req, reply) => {
    const claims = await verified(req.body.token);
    const outcome = await signIn(
      db,
      {
        provider: 'google',
        identity: identityFrom(claims),
        create: false,
        referrerId: null,
        lang: req.lang,
      },
      clock.now(),
    );
    if (outcome.kind === 'not_registered') throw fieldError('mail', 'social_not_registered');
    if (outcome.kind === 'suspended') throw fieldError('mail', 'account_suspended');
    if (outcome.kind !== 'ok') throw fieldError('mail', 'login_mismatch');
    await sessions.start(req, reply, outcome.userId, false);
    return currentUser(db, req.user, req.lang, clock.now());
  });

  await serve(
    app,
    googleCreateRoute,
    async (req, reply) => {
      const { body, lang } = req;
      const claims = await verified(body.token);
      let referrerId: number | null = null;
      if (body.referralCode) {
        referrerId = await referrerIdFor(db, body.referralCode);
        if (referrerId === null) throw fieldError('referral_code', 'referral_invalid');
      }
      const outcome = await signIn(
        db,
        { provider: 'google', identity: identityFrom(claims), create: true, referrerId, lang },
        clock.now(),
      );
      if (outcome.kind === 'already_registered') {
        throw new ApiError(State.alreadyRegistered, { message: 'already_registered' });
      }
      if (outcome.kind !== 'ok') throw fieldError('mail', 'login_mismatch');
      await sessions.start(req, reply, outcome.userId, false);
      return currentUser(db, req.user, lang, clock.now());
    },
    { errorFields: { referralCode: 'referral_code' } },
  );
};

/** The local mock provider's pages (/mock-idp), outside the API, when it is on. */
export const oidcPages: FastifyPluginAsync = async (app) => {
  if (app.config.mockIdp) registerMockIdp(app, app.config);
};

/** A short machine-readable reason for logs and tests (never the token itself). */
function reasonOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'invalid_token';
}
