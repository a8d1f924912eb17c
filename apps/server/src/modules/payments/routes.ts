import type { FastifyRequest } from 'fastify';
import { pointAppendSchema, pointBuySchema, pointPresentSchema } from '@gacha/contract/payments';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { fieldError, notFound } from '../../http/api-error.ts';
import { mailerFor } from '../mail/service.ts';
import {
  amazonButtonSignature,
  amazonCompleteCheckoutSession,
  amazonGetCheckoutSession,
  amazonSetCheckoutSession,
} from './amazon-pay.ts';
import type { PaymentsDeps } from './deps.ts';
import { presentFreeGrant } from './grants.ts';
import { pointHistory } from './history.ts';
import { appendPoints, handleNotification, pointEnd } from './notifications.ts';
import { acsRedirect, bankInfo, combiniNumber } from './pending.ts';
import { listPointPrices, pointPriceDetail } from './point-prices.ts';
import { createProviders } from './providers/registry.ts';
import { SANDBOX_SIGNATURE_HEADER } from './providers/sandbox/adapter.ts';
import { registerSandboxPages } from './providers/sandbox/pages.ts';
import { buyPoints, payStyles } from './purchase.ts';

const NOTIFY_BODY_LIMIT = 512 * 1024;

const param = (req: FastifyRequest, name: string) =>
  String((req.params as Record<string, unknown>)[name] ?? '');
const query = (req: FastifyRequest, name: string): unknown =>
  (req.query as Record<string, unknown> | null)?.[name];

/** A page number from the path ('' = 1); anything else than digits is a field error. */
function pageOf(raw: string): number {
  if (raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw)) throw fieldError('page', 'invalid');
  return Math.max(1, Number(raw));
}
function idOf(raw: unknown, missing: () => Error): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw missing();
  return Number(raw);
}
/** An optional payment id from the query (absent → undefined; malformed → 404). */
function paymentIdOf(raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(raw)) throw notFound('payment_not_found');
  return raw;
}

/**
 * Gem purchase and histories (spec §7): point prices, the free grant, payment methods, buy / append / end,
 * the pending-payment pages, Amazon Pay checkout sessions, the 3-D Secure hop, provider notifications, and
 * the sandbox provider's own pages when it is on.
 */
export async function registerPaymentsRoutes({ api, app, config, db, clock }: ModuleDeps): Promise<void> {
  const providers = createProviders({
    config,
    db,
    clock,
    deliver: async (body, signature) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/payments/notify/sandbox',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          payload: body,
        })
      ).statusCode,
    log: app.log,
  });
  const deps: PaymentsDeps = {
    db,
    config,
    clock,
    providers,
    mailer: mailerFor({ db, config, log: app.log }),
    log: app.log,
  };
  const fx = config.payments.fxUsdJpy;

  // --- histories and prices ---
  api.get(['/user/point/list/:page', '/user/point/list'], { auth: true }, async ({ req, user, lang }) =>
    pointHistory(db, { userId: user.id, page: pageOf(param(req, 'page')), lang }),
  );

  api.get(
    ['/user/point_price/:page', '/user/point_price', '/user/pointPrice/:page', '/user/pointPrice'],
    {},
    async ({ req, user }) =>
      listPointPrices(db, { userId: user?.id ?? null, page: pageOf(param(req, 'page')) }, clock.now(), fx),
  );

  api.get(['/user/point_price/detail/:id', '/user/pointPrice/detail/:id'], {}, async ({ req, user }) =>
    pointPriceDetail(
      db,
      { userId: user?.id ?? null, id: idOf(param(req, 'id'), () => notFound('point_price_not_found')) },
      clock.now(),
      fx,
    ),
  );

  api.post(
    ['/user/coupon/point/present', '/user/coupon/pointPresent'],
    { body: pointPresentSchema, auth: true },
    async ({ body, user }) => presentFreeGrant(deps, { userId: user.id, pointPriceId: body.pointPriceId }),
  );

  // --- methods and the purchase ---
  api.get(['/user/pay_style', '/user/payStyle'], {}, async ({ req, user, lang }) => {
    const raw = query(req, 'pointPriceId');
    const pointPriceId =
      raw === undefined || raw === '' ? undefined : idOf(raw, () => notFound('point_price_not_found'));
    return payStyles(deps, { userId: user?.id ?? null, lang, pointPriceId });
  });

  api.get('/user/bank', { auth: true }, async ({ req, user }) =>
    bankInfo(deps, { userId: user.id, paymentId: paymentIdOf(query(req, 'payment_id')) }),
  );

  api.post('/user/point/buy', { body: pointBuySchema, auth: true }, async ({ body, user, lang }) =>
    buyPoints(deps, { userId: user.id, lang, input: body }),
  );

  api.post('/user/point/append', { body: pointAppendSchema, auth: true }, async ({ body, user, lang }) => {
    const paymentId = paymentIdOf(body.token);
    if (!paymentId) throw notFound('payment_not_found');
    return appendPoints(deps, { userId: user.id, paymentId, lang });
  });

  api.get('/user/point/end', { auth: true }, async ({ req, user }) =>
    pointEnd(deps, { userId: user.id, paymentId: paymentIdOf(query(req, 'payment_id')) }),
  );

  api.get(
    ['/user/point/combini_number', '/user/point/combiniNumber'],
    { auth: true },
    async ({ req, user }) =>
      combiniNumber(deps, { userId: user.id, paymentId: paymentIdOf(query(req, 'payment_id')) }),
  );

  // --- Amazon Pay checkout session ---
  api.get(['/user/button_signature', '/user/buttonSignature'], { auth: true }, async ({ req, user, lang }) =>
    amazonButtonSignature(deps, { userId: user.id, lang, paymentId: paymentIdOf(query(req, 'payment_id')) }),
  );

  api.get(
    ['/user/set_checkout_session/:id', '/user/setCheckoutSession/:id'],
    { auth: true },
    async ({ req, user, lang }) => {
      const raw = query(req, 'productId');
      const productId =
        raw === undefined || raw === '' ? undefined : idOf(raw, () => fieldError('productId', 'invalid'));
      return amazonSetCheckoutSession(deps, {
        userId: user.id,
        lang,
        pointPriceId: idOf(param(req, 'id'), () => fieldError('pointPriceId', 'point_price_not_found')),
        productId,
      });
    },
  );

  const sessionArgs = (req: FastifyRequest) => {
    const sid = query(req, 'amazonCheckoutSessionId');
    return {
      sessionId: paymentIdOf(sid),
      paymentId: paymentIdOf(query(req, 'payment_id')),
    };
  };
  api.get(
    ['/user/get_checkout_session', '/user/getCheckoutSession'],
    { auth: true },
    async ({ req, user, lang }) =>
      amazonGetCheckoutSession(deps, { userId: user.id, lang, ...sessionArgs(req) }),
  );
  api.get(
    ['/user/complete_checkout_session', '/user/completeCheckoutSession'],
    { auth: true },
    async ({ req, user, lang }) =>
      amazonCompleteCheckoutSession(deps, { userId: user.id, lang, ...sessionArgs(req) }),
  );

  // --- 3-D Secure: the browser is sent here (spec §4 result "7") and on to the provider's step ---
  app.get('/api/acs/secure', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!req.user) return reply.redirect('/login', 303);
    let paymentId: string | undefined;
    try {
      paymentId = paymentIdOf(query(req, 'payment_id'));
    } catch {
      paymentId = undefined;
    }
    if (!paymentId) return reply.redirect('/buy-point', 303);
    return reply.redirect(await acsRedirect(deps, { userId: req.user.id, paymentId }), 303);
  });

  // --- provider notifications: the raw body is what the signature covers ---
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/api/payments/notify/:provider', async (req, reply) => {
      const r = await handleNotification(deps, param(req, 'provider'), {
        headers: req.headers,
        rawBody: typeof req.body === 'string' ? req.body : '',
      });
      return reply.code(r.status).header('cache-control', 'no-store').send(r.body);
    });
  });

  if (providers.sandbox)
    registerSandboxPages(app, {
      gateway: providers.sandbox,
      publicUrl: config.publicUrl,
      secret: config.payments.sandboxSecret,
    });
}
