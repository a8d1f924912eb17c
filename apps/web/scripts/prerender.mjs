/* global URL, console, process, Buffer */
// Build-time prerendering: the public pages' first paint in HTML, in English and Japanese, so a phone
// paints the page before any script has arrived; the app hydrates it (main.tsx). Run after the client build
// (`vite build`) and the prerender bundle (`vite build --ssr src/entry-prerender.tsx`), as `npm run build` does.
//
// Writes dist/pages/{en,ja}/<name>.html (+ .br and .gz): the built index.html with the rendered page in #root,
// its language and title, and modulepreloads for the chunks the page needs first (its route, the lazy parts it
// shows, its language's texts, the answer schemas of its first calls). The server sends the one a page path names
// in the member's language (apps/server/src/modules/site/prerendered-pages.ts).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = new URL('../', import.meta.url).pathname;
const dist = join(web, 'dist');
const { render } = await import(join(web, 'dist-prerender', 'entry-prerender.js'));
const template = readFileSync(join(dist, 'index.html'), 'utf8');
// the client build's manifest leaves the served folder (it would be public there); kept beside the prerender bundle
const manifestFile = join(web, 'dist-prerender', 'client-manifest.json');
try {
  renameSync(join(dist, '.vite', 'manifest.json'), manifestFile);
  rmSync(join(dist, '.vite'), { recursive: true, force: true });
} catch (err) {
  if (err.code !== 'ENOENT') throw err; // prerendered again without a new client build
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
// the app: what the entry (main.tsx) imports once the page is painted
const START = manifest['index.html'].dynamicImports ?? [];

const contract = (name) => `../../packages/contract/src/${name}.ts`;
const FOOTER = 'src/app/footer.tsx';
const CURRENT_USER = contract('user'); // the header's GET /user/point, on every page
const USER_POINT = '/api/user/point';
const legal = {
  chunks: ['src/features/site/pages/legal-page.tsx', FOOTER, CURRENT_USER],
  params: [],
  fetches: [USER_POINT],
};

/**
 * The pages: the URL rendered, the search parameters a request may carry and still be that page (others render
 * afresh: Top's ?tab=), the manifest entries to preload, and the API calls the page makes at once (preloaded
 * with the page, so their answers are in when the app asks; lib/api.ts fetches same-origin, as `crossorigin`).
 */
const PAGES = [
  {
    name: 'index',
    url: '/',
    params: [],
    chunks: [
      'src/features/packs/components/banner-carousel.tsx',
      'src/features/packs/components/pack-banner-list.tsx',
      FOOTER,
      CURRENT_USER,
      contract('site'), // GET /user/banners
      contract('packs'), // GET /user/pack/all_list
    ],
    fetches: [USER_POINT, '/api/user/banners', '/api/user/pack/all_list/2/1'], // top-tabs.ts DEFAULT_TAB
  },
  {
    name: 'login',
    url: '/login',
    params: ['packId'],
    chunks: ['src/features/auth/pages/login-page.tsx', FOOTER],
    fetches: [USER_POINT],
  },
  {
    name: 'pack-detail',
    url: '/pack-detail?packId=1',
    params: ['packId'],
    chunks: ['src/features/gacha/pages/pack-detail-page.tsx', FOOTER, CURRENT_USER],
    // its pack (GET /user/pack/detail/{packId}) the server preloads with a Link header: the id is the request's
    fetches: [USER_POINT],
  },
  { name: 'user-guide', url: '/user-guide', ...legal },
  { name: 'terms-of-service', url: '/terms-of-service', ...legal },
  { name: 'privacy-protection', url: '/privacy-protection', ...legal },
  { name: 'specific-commerce', url: '/specific-commerce', ...legal },
  {
    name: 'contact',
    url: '/contact',
    params: [],
    chunks: ['src/features/site/pages/contact-page.tsx', FOOTER, CURRENT_USER],
    fetches: [USER_POINT],
  },
];

const inTemplate = new Set([...template.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]));

/**
 * A manifest entry's file and the files it imports statically, those already in index.html left out; in the order
 * they can be evaluated, what a file imports before the file (main.tsx evaluates them in that order, one a task).
 */
function filesOf(key, out = new Set(), seen = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`prerender: no manifest entry ${key}`);
  if (!inTemplate.has(entry.file) && !seen.has(entry.file)) {
    seen.add(entry.file);
    for (const imported of entry.imports ?? []) filesOf(imported, out, seen);
    out.add(entry.file);
  }
  return out;
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const write = (file, text) => {
  const buf = Buffer.from(text);
  writeFileSync(file, buf);
  writeFileSync(`${file}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
};

rmSync(join(dist, 'pages'), { recursive: true, force: true });
for (const lang of ['en', 'ja']) {
  mkdirSync(join(dist, 'pages', lang), { recursive: true });
  for (const page of PAGES) {
    // a first render loads the lazy parts; the second reports every namespace the page used
    await render(page.url, lang);
    const { html, title, namespaces } = await render(page.url, lang);
    // the page must be plain HTML: a streamed segment would need an inline script, which the CSP forbids
    if (/<script|<template/.test(html))
      throw new Error(`prerender: ${page.url} (${lang}) has streamed parts`);
    const keys = [
      ...START,
      ...page.chunks,
      // the namespace `messages` is the contract's catalogue, laid out as the shop's own locale files
      ...namespaces.map((ns) =>
        ns === 'messages'
          ? `../../packages/contract/src/locales/${lang}/messages.json`
          : `src/locales/${lang}/${ns}.json`,
      ),
    ];
    const files = new Set();
    const seen = new Set();
    for (const key of keys) filesOf(key, files, seen);
    // what the app loads to start: named on #root and asked for by main.tsx after the first paint, so none of it
    // shares the network with what the paint needs (the page, its stylesheet, its largest picture)
    const modules = [...files].filter((f) => f.endsWith('.js')).map((f) => `/${f}`);
    const root = `<div id="root" data-page="${page.name}" data-ns="${namespaces.join(',')}" data-params="${page.params.join(',')}" data-preload="${modules.join(' ')}" data-fetch="${page.fetches.join(' ')}">${html}</div>`;
    const out = template
      .replace('<html lang="en">', `<html lang="${lang}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(/<div id="root">[\s\S]*?<\/div>\s*<\/div>|<div id="root">[\s\S]*?<\/div>/, () => root);
    if (!out.includes('data-page=')) throw new Error('prerender: #root not found in index.html');
    write(join(dist, 'pages', lang, `${page.name}.html`), out);
    console.log(
      `prerendered ${lang} ${page.url} → pages/${lang}/${page.name}.html (${(out.length / 1000).toFixed(1)} kB, ${modules.length} modules after paint, ns ${namespaces.join(',')})`,
    );
  }
}
// the plain index.html (every other page) preloads the app too, so it starts without a second round trip
const startSeen = new Set();
const startPreloads = [...START.reduce((out, key) => filesOf(key, out, startSeen), new Set())]
  .filter((f) => f.endsWith('.js'))
  .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
  .join('\n    ');
if (!startPreloads.split('\n').every((l) => template.includes(l.trim()))) {
  write(join(dist, 'index.html'), template.replace('</head>', `  ${startPreloads}\n  </head>`));
}
process.exit(0);
