import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { queryPaymentId } from '@gacha/contract/path';
import {
  amazonButtonRoute,
  amazonCheckoutRoute,
  amazonSessionRoute,
  appendPointsRoute,
  bankInfoRoute,
  buyPointsRoute,
  combiniInfoRoute,
  completeAmazonCheckoutRoute,
  freeGrantRoute,
  payStylesRoute,
  pointEndRoute,
  pointHistoryRoute,
  pointPriceDetailRoute,
  pointPricesRoute,
} from '@gacha/contract/routes/payments';
import { notFound } from '../../http/api-error.ts';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
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
import { appendPoints, pointEnd } from './notifications.ts';
import { acsRedirect, bankInfo, combiniNumber } from './pending.ts';
import { listPointPrices, pointPriceDetail } from './point-prices.ts';
import { createProviders } from './providers/registry.ts';
import { SANDBOX_SIGNATURE_HEADER } from './providers/sandbox/adapter.ts';
import { sandboxPages } from './providers/sandbox/pages.ts';
import { buyPoints, payStyles } from './purchase.ts';
import { handleNotification } from './webhooks.ts';

const NOTIFY_BODY_LIMIT = 512 * 1024;

/**
 * The payments module's dependencies, made once per app at its root (modules/index.ts), so the API and the
 * sandbox pages share one set of providers; the sandbox provider delivers its notifications through the app.
 */
export const paymentsDeps = fp(
  async (app: FastifyInstance) => {
    const { config, db, clock } = app;
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
    app.decorate('payments', deps);
  },
  { name: 'payments-deps' },
);

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsDeps;
  }
}

/**
 * Gem purchase and histories (spec §7): point prices, the free grant, payment methods, buy / append / end,
 * the pending-payment pages, Amazon Pay checkout sessions, the 3-D Secure hop and provider notifications.
 */
export const paymentsApi: ApiPlugin = async (app) => {
  const { db, config, clock } = app;
  const deps = app.payments;
  const fx = config.payments.fxUsdJpy;

  // --- histories and prices ---
  await serve(app, pointHistoryRoute, async (req) =>
    pointHistory(db, { userId: memberOf(req).id, page: req.params.page, lang: req.lang }),
  );

  await serve(app, pointPricesRoute, async (req) =>
    listPointPrices(db, { userId: req.user?.id ?? null, page: req.params.page }, clock.now(), fx),
  );

  await serve(app, pointPriceDetailRoute, async (req) =>
    pointPriceDetail(db, { userId: req.user?.id ?? null, id: req.params.id }, clock.now(), fx),
  );

  await serve(app, freeGrantRoute, async (req) =>
    presentFreeGrant(deps, { userId: memberOf(req).id, pointPriceId: req.body.pointPriceId }),
  );

  // --- methods and the purchase ---
  await serve(app, payStylesRoute, async (req) =>
    payStyles(deps, { userId: req.user?.id ?? null, lang: req.lang, pointPriceId: req.query.pointPriceId }),
  );

  await serve(app, bankInfoRoute, async (req) =>
    bankInfo(deps, { userId: memberOf(req).id, paymentId: req.query.payment_id }),
  );

  await serve(app, buyPointsRoute, async (req) =>
    buyPoints(deps, { userId: memberOf(req).id, lang: req.lang, input: req.body }),
  );

  await serve(app, appendPointsRoute, async (req) => {
    const paymentId = queryPaymentId.safeParse(req.body.token).data;
    if (!paymentId) throw notFound('payment_not_found');
    return appendPoints(deps, { userId: memberOf(req).id, paymentId, lang: req.lang });
  });

  await serve(app, pointEndRoute, async (req) =>
    pointEnd(deps, { userId: memberOf(req).id, paymentId: req.query.payment_id }),
  );

  await serve(app, combiniInfoRoute, async (req) =>
    combiniNumber(deps, { userId: memberOf(req).id, paymentId: req.query.payment_id }),
  );

  // --- Amazon Pay checkout session ---
  await serve(app, amazonButtonRoute, async (req) =>
    amazonButtonSignature(deps, {
      userId: memberOf(req).id,
      lang: req.lang,
      paymentId: req.query.payment_id,
    }),
  );

  await serve(app, amazonCheckoutRoute, async (req) =>
    amazonSetCheckoutSession(deps, {
      userId: memberOf(req).id,
      lang: req.lang,
      pointPriceId: req.params.id,
      productId: req.query.productId,
    }),
  );

  await serve(app, amazonSessionRoute, async (req) =>
    amazonGetCheckoutSession(deps, {
      userId: memberOf(req).id,
      lang: req.lang,
      sessionId: req.query.amazonCheckoutSessionId,
      paymentId: req.query.payment_id,
    }),
  );

  await serve(app, completeAmazonCheckoutRoute, async (req) =>
    amazonCompleteCheckoutSession(deps, {
      userId: memberOf(req).id,
      lang: req.lang,
      sessionId: req.query.amazonCheckoutSessionId,
      paymentId: req.query.payment_id,
    }),
  );

  // --- 3-D Secure: the browser is sent here (spec §4 result "7") and on to the provider's step ---
  app.get(
    '/acs/secure',
    {
      config: { envelope: false },
      schema: { querystring: z.object({ payment_id: queryPaymentId.catch(undefined) }) },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!req.user) return reply.redirect('/login', 303);
      const paymentId = req.query.payment_id;
      if (!paymentId) return reply.redirect('/buy-point', 303);
      return reply.redirect(await acsRedirect(deps, { userId: req.user.id, paymentId }), 303);
    },
  );

  // --- provider notifications: the raw body is what the signature covers ---
  const notifications: ApiPlugin = async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/payments/notify/:provider',
      { config: { envelope: false }, schema: { params: z.object({ provider: z.string() }) } },
      async (req, reply) => {
        const r = await handleNotification(deps, req.params.provider, {
          headers: req.headers,
          rawBody: typeof req.body === 'string' ? req.body : '',
        });
        return reply.code(r.status).header('cache-control', 'no-store').send(r.body);
      },
    );
  };
  await app.register(notifications);
};

/** The sandbox provider's own pages, when it is on (outside /api: it plays an external company). */
export const paymentsPages: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const sandbox = app.payments.providers.sandbox;
  if (!sandbox) return;
  await app.register(sandboxPages, {
    gateway: sandbox,
    publicUrl: config.publicUrl,
    secret: config.payments.sandboxSecret,
  });
};
