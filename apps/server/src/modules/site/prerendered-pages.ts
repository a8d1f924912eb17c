import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { resolveLang } from '../../http/envelope.ts';

/**
 * The web build's prerendered pages (apps/web/scripts/prerender.mjs): `pages/{en,ja}/<name>.html`, the public
 * pages' first paint in each language (Top is `index`), hydrated by the app. A page request whose path names one
 * gets it in the member's language (the `lang` cookie, else Accept-Language: what the app itself starts in);
 * every other page path gets the plain `index.html`.
 */
export interface PrerenderedPages {
  /** The file (relative to the web build) to send for this page request. */
  fileFor(req: FastifyRequest): string;
  /**
   * A Link header preloading the API call a page makes first when it depends on the request (the pack of
   * /pack-detail?packId=N), so its answer is on its way with the page; the prerendered pages preload the fixed
   * ones themselves.
   */
  preloadFor(req: FastifyRequest): string | undefined;
}

export function prerenderedPages(webDist: string): PrerenderedPages {
  const names = new Map<string, Set<string>>();
  for (const lang of ['en', 'ja']) {
    const dir = join(webDist, 'pages', lang);
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.html')) : [];
    names.set(lang, new Set(files.map((f) => f.slice(0, -'.html'.length))));
  }
  return {
    fileFor(req) {
      const path = (req.url.split('?')[0] ?? '/').replace(/\/+$/, '');
      const name = path === '' ? 'index' : path.slice(1);
      const lang = resolveLang(req);
      return /^[a-z0-9-]+$/.test(name) && names.get(lang)?.has(name)
        ? `pages/${lang}/${name}.html`
        : 'index.html';
    },
    preloadFor(req) {
      const url = new URL(req.url, 'http://page');
      const packId = url.searchParams.get('packId');
      if (url.pathname !== '/pack-detail' || !packId || !/^\d{1,10}$/.test(packId)) return undefined;
      return `</api/user/pack/detail/${packId}>; rel=preload; as=fetch; crossorigin`;
    },
  };
}
