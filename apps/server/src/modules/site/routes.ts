import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bannersRoute, siteInfoRoute } from '@gacha/contract/routes/site';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { text } from '../../i18n/texts.ts';
import { liveBanners } from './banners.ts';
import type { PrerenderedPages } from './prerendered-pages.ts';
import { canonicalPageRedirect } from './canonical-host.ts';
import { ROBOTS_TXT } from './robots.ts';

/**
 * What the site serves outside the API (its hook on every request of the app, so registered at the root with
 * fastify-plugin): /robots.txt, and outside production the move of a page request
 * from another loopback name of this machine to PUBLIC_URL (canonical-host.ts), before the page loads and
 * starts a session on the wrong host name.
 */
export const sitePages = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    if (config.env !== 'production') {
      app.addHook('onRequest', async (req, reply) => {
        const to = canonicalPageRedirect(
          { method: req.method, url: req.url, host: req.headers.host, accept: req.headers.accept },
          config,
        );
        if (to) return reply.header('cache-control', 'no-store').redirect(to, 302);
      });
    }

    app.get('/robots.txt', async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(ROBOTS_TXT),
    );
  },
  { name: 'site-pages' },
);

/**
 * The answer for a path no route serves, outside /api: a page of the web app (GET and HEAD alike, the client
 * router decides what it shows), or a plain-text 404 — for a missing hashed asset too (an old tab after a
 * deploy), which must fail as a 404 a script loader recognises, never as HTML or JSON under a script's name.
 */
export function sendPageOrNotFound(
  req: FastifyRequest,
  reply: FastifyReply,
  hasWeb: boolean,
  pages?: PrerenderedPages,
) {
  const isPage =
    (req.method === 'GET' || req.method === 'HEAD') && !/^\/(?:assets|media)(?:\/|$)/.test(req.url);
  // a prerendered page's form (method="post") sent by the browser itself, before the app had started: back to
  // the page (its fields are the app's business; nothing was read)
  if (
    hasWeb &&
    req.method === 'POST' &&
    !/^\/(?:api|assets|media|admin)(?:\/|$)/.test(req.url) &&
    /\btext\/html\b/.test(req.headers.accept ?? '')
  ) {
    return reply.code(303).header('location', req.url).header('cache-control', 'no-store').send();
  }
  if (hasWeb && isPage) {
    const preload = pages?.preloadFor(req);
    if (preload) reply.header('link', preload);
    // the page differs by the language (cookie, Accept-Language) and the encoding a browser takes
    return reply
      .type('text/html; charset=utf-8')
      .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
      .sendFile(pages ? pages.fileFor(req) : 'index.html');
  }
  return reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send('Not Found');
}

/**
 * The seller's details from configuration (the legal and contact pages) with the support hours and the phone note
 * in the member's language (locales/<lang>/site.json), and the banners live now (Top).
 */
export const siteApi: ApiPlugin = async (app) => {
  const { seller } = app.config;
  await serve(app, siteInfoRoute, async (req) => ({
    seller_name: seller.name,
    seller_representative: seller.representative,
    seller_address: seller.address,
    seller_email: seller.email,
    seller_phone_note: text('site', 'phoneNote', req.lang),
    support_hours: text('site', 'supportHours', req.lang),
  }));

  await serve(app, bannersRoute, async (req) => liveBanners(app.db, app.clock.now(), req.lang));
};
