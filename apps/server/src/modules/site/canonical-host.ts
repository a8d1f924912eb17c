import type { Config } from '../../config.ts';

/** The names this machine answers to on loopback (a Host header writes IPv6 in brackets). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Paths that are not pages: the API, built assets, generated media, the health check, robots.txt. */
const NOT_PAGES = /^\/(?:api|assets|media)(?:\/|$)|^\/(?:healthz|robots\.txt|favicon\.svg)(?:[?#]|$)/;

export interface PageRequest {
  method: string;
  /** The request target: path and query. */
  url: string;
  /** The Host header. */
  host: string | undefined;
  /** The Accept header. */
  accept: string | undefined;
}

function hostAndPort(host: string, defaultPort: string): { name: string; port: string } | null {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  return m ? { name: m[1]!, port: m[2] ?? defaultPort } : null;
}

/**
 * Where a page request should go instead, or null to serve it. Outside production, a browser opening a page
 * (GET or HEAD asking for HTML, not /api, /assets or /media) at another loopback name of this machine than
 * PUBLIC_URL's (127.0.0.1 against localhost, or [::1]), on PUBLIC_URL's port, is sent to the same path on
 * PUBLIC_URL before any session starts there: the session cookie belongs to one host name, and the
 * addresses the server hands out (payment returns, mail links) all use PUBLIC_URL's. Another port or another
 * host name (a proxy, a LAN address) is left alone: it may be another server.
 */
export function canonicalPageRedirect(
  req: PageRequest,
  config: Pick<Config, 'env' | 'publicUrl'>,
): string | null {
  if (config.env === 'production') return null;
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (!req.url.startsWith('/') || req.url.startsWith('//') || NOT_PAGES.test(req.url)) return null;
  if (!req.accept?.includes('text/html')) return null;
  let target: URL;
  try {
    target = new URL(config.publicUrl);
  } catch {
    return null;
  }
  const defaultPort = target.protocol === 'https:' ? '443' : '80';
  const wanted = { name: target.hostname.toLowerCase(), port: target.port || defaultPort };
  const given = req.host ? hostAndPort(req.host, '80') : null;
  if (!given || !LOOPBACK_HOSTS.has(given.name)) return null;
  if (given.name === wanted.name || given.port !== wanted.port) return null;
  return `${target.origin}${target.pathname.replace(/\/+$/, '')}${req.url}`;
}
