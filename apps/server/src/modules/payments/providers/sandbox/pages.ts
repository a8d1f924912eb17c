import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { message } from '@gacha/contract/messages';
import { tokenizerMessageKey } from '@gacha/contract/payments';
import { unsafeTextFields } from '@gacha/contract/text';
import { resolveLang, UnsafeTextError } from '../../../../http/envelope.ts';
import { verifyAmazonPayload, type AmazonButtonPayload } from './amazon.ts';
import { SandboxError, type SandboxGateway, type SandboxPayment } from './gateway.ts';
import { indexPage, notFoundPage, paymentPage, SANDBOX_CSS } from './html.ts';

/**
 * The sandbox provider's own pages and API, under /sandbox-pay (never under /api: it plays an external
 * company). Plain HTML, no scripts; every button is a <form method=post>.
 *
 *   GET  /sandbox-pay                                 test cards and recent sandbox payments
 *   POST /sandbox-pay/token                           card tokenizer (JSON or form) → {code, token, req_card_number}
 *   GET  /sandbox-pay/pay/{id}                        a payment's page: 3-D Secure, checkout, slip, bank details
 *   POST /sandbox-pay/pay/{id}/complete|fail|later|settle|resend|refund   the page's buttons (refund: what
 *                                                     the provider's dashboard does, the shop learns it by notification)
 *   POST /sandbox-pay/payments/{payment_id}/settle    settle a pending payment (sandbox id or the shop's payment_id)
 *   POST /sandbox-pay/payments/{payment_id}/fail      fail a pending payment
 *   GET  /sandbox-pay/amazon-pay/button?payloadJSON&signature   the Amazon Pay button: checks the shop's signature
 */
export const sandboxPages: FastifyPluginAsync<{
  gateway: SandboxGateway;
  publicUrl: string;
  secret: string;
}> = async (app, deps) => {
  const { gateway } = deps;
  const shopOrigin = new URL(deps.publicUrl).origin;
  const csp = [
    "default-src 'self'",
    "script-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self' ${shopOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

  const html = (reply: FastifyReply, body: string, code = 200) =>
    reply
      .code(code)
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(body);

  // a form field with control characters is refused like a path or a query (app.ts): a plain 400, both languages
  app.addHook('preValidation', async (req) => {
    if (!req.body || typeof req.body !== 'object') return;
    const fields = unsafeTextFields(req.body as Record<string, unknown>);
    if (fields.length) throw new UnsafeTextError(fields);
  });

  const idParam = (req: FastifyRequest) => String((req.params as { id?: string }).id ?? '');
  const form = (req: FastifyRequest) =>
    req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const wantsHtml = (req: FastifyRequest) =>
    String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
    !String(req.headers.accept ?? '').includes('application/json');

  /** Where the buyer goes after a final choice: back to the shop (Amazon Pay adds its session id). */
  function backUrl(p: SandboxPayment, ok: boolean): string {
    const url = new URL(ok ? p.return_url : p.cancel_url);
    if (url.origin !== shopOrigin) return `/sandbox-pay/pay/${encodeURIComponent(p.id)}`; // never an open redirect
    if (p.method === 'amazon_pay') url.searchParams.set('amazonCheckoutSessionId', p.id);
    return url.toString();
  }

  app.get('/sandbox-pay/sandbox.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(SANDBOX_CSS),
  );

  app.get('/sandbox-pay', async (req, reply) =>
    html(reply, indexPage(await gateway.recent(), resolveLang(req))),
  );
  app.get('/sandbox-pay/', async (req, reply) =>
    html(reply, indexPage(await gateway.recent(), resolveLang(req))),
  );

  app.post('/sandbox-pay/token', async (req, reply) => {
    const lang = resolveLang(req);
    const body = form(req);
    const input = {
      card_number: body.card_number,
      card_expire: body.card_expire,
      security_code: body.security_code,
      cardholder_name: body.cardholder_name,
    };
    const r = await gateway.tokenize(input);
    reply.header('cache-control', 'no-store');
    if (r.ok) return reply.send({ code: 'success', token: r.token, req_card_number: r.masked });
    const status = r.code === '8000' || r.code === '7001' ? 503 : 400;
    return reply.code(status).send({ code: r.code, message: message(tokenizerMessageKey(r.code), lang) });
  });

  app.get('/sandbox-pay/pay/:id', async (req, reply) => {
    const lang = resolveLang(req);
    const p = await gateway.find(idParam(req));
    if (!p) return html(reply, notFoundPage(lang), 404);
    return html(reply, paymentPage(p, lang));
  });

  const actions = ['complete', 'fail', 'later', 'settle', 'resend', 'refund'] as const;
  app.post('/sandbox-pay/pay/:id/:action', async (req, reply) => {
    const lang = resolveLang(req);
    const id = idParam(req);
    const action = String((req.params as { action?: string }).action);
    if (!(actions as readonly string[]).includes(action)) return html(reply, notFoundPage(lang), 404);
    try {
      const p = await run(action as (typeof actions)[number], id, form(req));
      if (action === 'complete') return reply.redirect(backUrl(p, true), 303);
      if (action === 'fail' && p.method !== 'combini' && p.method !== 'bank')
        return reply.redirect(backUrl(p, false), 303);
      if (action === 'later') return reply.redirect(backUrl(p, true), 303);
      return reply.redirect(`/sandbox-pay/pay/${encodeURIComponent(p.id)}`, 303);
    } catch (err) {
      if (!(err instanceof SandboxError)) throw err;
      const p = await gateway.find(id);
      if (!p) return html(reply, notFoundPage(lang), 404);
      return html(reply, paymentPage(p, lang, err.code), err.httpStatus);
    }
  });

  for (const action of ['settle', 'fail'] as const) {
    app.post(`/sandbox-pay/payments/:id/${action}`, async (req, reply) => {
      const id = idParam(req);
      try {
        const p = await run(action, id, form(req));
        if (wantsHtml(req)) return reply.redirect(`/sandbox-pay/pay/${encodeURIComponent(p.id)}`, 303);
        return reply.send({ id: p.id, payment_id: p.merchant_reference, status: p.status });
      } catch (err) {
        if (!(err instanceof SandboxError)) throw err;
        return reply.code(err.httpStatus).send({ error: err.code });
      }
    });
  }

  app.get('/sandbox-pay/amazon-pay/button', async (req, reply) => {
    const lang = resolveLang(req);
    const q = (req.query ?? {}) as Record<string, unknown>;
    const payloadJSON = typeof q.payloadJSON === 'string' ? q.payloadJSON : '';
    const signature = typeof q.signature === 'string' ? q.signature : '';
    if (
      !payloadJSON ||
      payloadJSON.length > 4000 ||
      !verifyAmazonPayload(deps.secret, payloadJSON, signature)
    )
      return html(reply, notFoundPage(lang), 400);
    let ref = '';
    try {
      ref = (JSON.parse(payloadJSON) as AmazonButtonPayload).merchantMetadata.merchantReferenceId;
    } catch {
      return html(reply, notFoundPage(lang), 400);
    }
    const p = await gateway.find(ref);
    if (!p) return html(reply, notFoundPage(lang), 404);
    return reply.redirect(`/sandbox-pay/pay/${encodeURIComponent(p.id)}`, 303);
  });

  async function run(
    action: (typeof actions)[number],
    id: string,
    body: Record<string, unknown>,
  ): Promise<SandboxPayment> {
    switch (action) {
      case 'complete':
        return gateway.complete(id);
      case 'fail':
        return gateway.fail(id);
      case 'later':
        return gateway.payLater(id);
      case 'settle': {
        const amount =
          typeof body.amount === 'string' && /^\d{1,9}$/.test(body.amount.trim())
            ? Number(body.amount.trim())
            : typeof body.amount === 'number'
              ? body.amount
              : undefined;
        if (body.amount !== undefined && amount === undefined) throw new SandboxError('amount_mismatch');
        const holderName = typeof body.holder_name === 'string' ? body.holder_name : undefined;
        return gateway.settle(id, { holderName, amount });
      }
      case 'resend':
        await gateway.resend(id);
        return gateway.get(id);
      case 'refund': {
        const r = await gateway.refund(id, {});
        if (r.status === 'failed') throw new SandboxError(r.failure_code ?? 'refund_failed');
        return gateway.get(id);
      }
    }
  }
};
