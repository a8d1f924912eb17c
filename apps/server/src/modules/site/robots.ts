/**
 * GET /robots.txt: the shop's public pages may be crawled; the API, the payment sandbox, the dev outbox and
 * the mock identity provider may not (they exist outside production only, but a crawler cannot tell).
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /api/',
  'Disallow: /sandbox-pay',
  'Disallow: /dev/',
  'Disallow: /mock-idp',
  '',
].join('\n');
