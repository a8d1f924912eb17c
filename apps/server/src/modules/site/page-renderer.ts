import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '@gacha/contract/messages';
import { cardTypeListSchema, packDetailSchema, packTypePageSchema } from '@gacha/contract/packs';
import { bannersSchema } from '@gacha/contract/site';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../http/app-deps.ts';
import { resolveLang } from '../../http/envelope.ts';
import { cardTypes, firstTopTab, packDetail, packsOfType } from '../packs/service.ts';
import { liveBanners } from './banners.ts';

/**
 * Request-time rendering of the pages whose first paint is the shop's data: Top (its banners and the
 * default tab's packs) and a pack's page. The build prerenders them with their places held (prerender.mjs), so
 * their largest picture (the LCP) waited for the app and an API answer; here the web build's prerender bundle
 * renders them with those answers, into the prerendered page's #root, with the answers and the clock beside it for
 * hydration (app/start.tsx reads them). Each page is rendered at most once per TTL per language (and pack): a
 * release storm is served from memory, the remaining counts at most TTL old until the app refreshes them.
 * Without the bundle (no web build) or for any other page, the prerendered file is sent as before.
 */

const TTL_MS = 2_000;
const MAX_ENTRIES = 200;

type Seed = [queryKey: readonly unknown[], data: unknown][];
interface Bundle {
  render(
    url: string,
    lang: Lang,
    options: { seed: Seed; now: string },
  ): Promise<{ html: string; title: string; namespaces: string[] }>;
}

interface RenderedPage {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  at: number;
}

export interface PageRenderer {
  /** Sends the page rendered now (or within TTL); false when this request is not one it renders. */
  send(req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** An answer a page asks for first: its query key in the app, the API call it answers, the answer. */
interface Answer {
  key: readonly unknown[];
  path: string;
  data: unknown;
}

/** What a page of a request asks for first: its prerendered file's name, URL and answers (null: not rendered). */
interface Wanted {
  name: string;
  url: string;
  answers(lang: Lang, now: Date): Promise<Answer[] | null>;
}

function wantedBy(req: FastifyRequest, db: Db): Wanted | null {
  const url = new URL(req.url, 'http://page');
  const keys = [...url.searchParams.keys()];
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/' && keys.length === 0) {
    return {
      name: 'index',
      url: '/',
      answers: async (lang, now) => {
        // the tabs are the card types (apps/web/src/lib/card-types.ts); Top opens on the first one's packs
        const tab = await firstTopTab(db);
        const answers: Answer[] = [
          {
            key: ['site', 'banners', lang],
            path: '/api/user/banners',
            data: bannersSchema.parse(await liveBanners(db, now, lang)),
          },
          {
            key: ['packs', 'card_type', lang],
            path: '/api/user/card_type',
            // the query's data is the list (apps/web/src/lib/card-types.ts)
            data: cardTypeListSchema.parse({ list: await cardTypes(db, lang) }).list,
          },
        ];
        if (tab !== undefined)
          answers.push({
            key: ['packs', 'all_list', tab, 1],
            path: `/api/user/pack/all_list/${tab}/1`,
            data: packTypePageSchema.parse(await packsOfType(db, tab, 1, lang, now)),
          });
        return answers;
      },
    };
  }
  const packId = url.searchParams.get('packId');
  if (path === '/pack-detail' && keys.length === 1 && packId && /^[1-9]\d{0,8}$/.test(packId)) {
    return {
      name: 'pack-detail',
      url: `/pack-detail?packId=${packId}`,
      answers: async (lang, now) => {
        const pack = await packDetail(db, Number(packId), lang, now).catch(() => null);
        // a pack that does not exist: the prerendered page, whose app says so
        if (!pack) return null;
        const path = `/api/user/pack/detail/${packId}`;
        return [{ key: ['packs', 'detail', packId], path, data: packDetailSchema.parse(pack) }];
      },
    };
  }
  return null;
}

/** `<` escaped, so the JSON cannot close its script element. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The prerendered page with #root's content replaced by `html` and the page data after it. */
export function fillPage(template: string, html: string, data: unknown): string | null {
  const open = template.match(/<div id="root"[^>]*>/);
  const end = template.indexOf('<noscript');
  if (!open || open.index === undefined || end < 0) return null;
  const start = open.index + open[0].length;
  const close = template.lastIndexOf('</div>', end);
  if (close < start) return null;
  const script = `<script type="application/json" id="page-data">${jsonForHtml(data)}</script>`;
  return `${template.slice(0, start)}${html}</div>\n    ${script}${template.slice(close + '</div>'.length)}`;
}

export function pageRenderer(webDist: string, db: Db, clock: Clock): PageRenderer | null {
  const bundleFile = resolve(webDist, '..', 'dist-prerender', 'entry-prerender.js');
  if (!existsSync(bundleFile) || !existsSync(join(webDist, 'pages'))) return null;
  let bundle: Promise<Bundle> | null = null;
  const templates = new Map<string, string>();
  const cache = new Map<string, RenderedPage>();
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  // the bundle's i18next holds one language at a time: one render after another
  let queue: Promise<unknown> = Promise.resolve();

  const templateOf = (lang: Lang, name: string) => {
    const file = join(webDist, 'pages', lang, `${name}.html`);
    let t = templates.get(file);
    if (t === undefined) {
      t = existsSync(file) ? readFileSync(file, 'utf8') : '';
      templates.set(file, t);
    }
    return t;
  };

  async function renderPage(wanted: Wanted, lang: Lang): Promise<RenderedPage | null> {
    const template = templateOf(lang, wanted.name);
    if (!template) return null;
    const now = clock.now();
    const answers = await wanted.answers(lang, now);
    if (!answers) return null;
    const seed: Seed = answers.map((a) => [a.key, a.data]);
    bundle ??= import(pathToFileURL(bundleFile).href) as Promise<Bundle>;
    const { render } = await bundle;
    const job = queue.then(() => render(wanted.url, lang, { seed, now: now.toISOString() }));
    queue = job.catch(() => undefined);
    const rendered = await job;
    // a streamed part would need an inline script, which the CSP forbids: the prerendered file then
    if (/<script|<template/.test(rendered.html)) return null;
    // React puts the resources the page asked it to preload (its largest picture) first: they belong in <head>,
    // where the browser finds them at once (and hydration does not meet them in #root)
    const hints = rendered.html.match(/^(?:<link [^>]*>)+/)?.[0] ?? '';
    let page = fillPage(template, rendered.html.slice(hints.length), { now: now.toISOString(), seed });
    if (!page) return null;
    page = page.replace('</head>', `  ${hints}\n  </head>`);
    const { namespaces } = rendered;
    // the texts the app loads before hydrating: the data shows parts the placeholders did not
    page = page.replace(/(<div id="root"[^>]*data-ns=")([^"]*)"/, (_m, head: string, held: string) => {
      const all = new Set([...held.split(','), ...namespaces].filter(Boolean));
      return `${head}${[...all].join(',')}"`;
    });
    // the answers are in the page: the app must not fetch them a second time when it starts (data-fetch)
    const seeded = answers.map((a) => a.path);
    page = page.replace(/(<div id="root"[^>]*data-fetch=")([^"]*)"/, (_m, head: string, urls: string) => {
      const kept = urls.split(' ').filter((u) => u && !seeded.includes(u));
      return `${head}${kept.join(' ')}"`;
    });
    const body = Buffer.from(page);
    return {
      body,
      // quick settings: this runs on the request path (once per TTL), and the pages are tens of kB
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(body, { level: 6 }),
      etag: `"r-${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      at: now.getTime(),
    };
  }

  async function pageFor(wanted: Wanted, lang: Lang): Promise<RenderedPage | null> {
    const key = `${lang} ${wanted.url}`;
    const held = cache.get(key);
    if (held && clock.now().getTime() - held.at < TTL_MS) return held;
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderPage(wanted, lang).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    const page = await pending;
    if (page) {
      cache.delete(key);
      cache.set(key, page);
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    return page;
  }

  return {
    async send(req, reply) {
      const wanted = wantedBy(req, db);
      if (!wanted) return false;
      let page: RenderedPage | null;
      try {
        page = await pageFor(wanted, resolveLang(req));
      } catch (err) {
        req.log.error({ err }, 'page render failed: the prerendered page is sent');
        return false;
      }
      if (!page) return false;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', page.etag)
        .header('vary', 'Accept-Encoding, Accept-Language, Cookie');
      if (req.headers['if-none-match'] === page.etag) {
        await reply.code(304).send();
        return true;
      }
      const accepts = req.headers['accept-encoding'] ?? '';
      if (/\bbr\b/.test(accepts)) await reply.header('content-encoding', 'br').send(page.br);
      else if (/\bgzip\b/.test(accepts)) await reply.header('content-encoding', 'gzip').send(page.gzip);
      else await reply.send(page.body);
      return true;
    },
  };
}
