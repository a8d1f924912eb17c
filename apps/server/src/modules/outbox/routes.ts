import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxListSchema, type OutboxMessage } from '@gacha/contract/account';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { formatJst } from '../../db/time.ts';
import { listOutbox } from './service.ts';

/** ?to, ?channel and ?limit of both outbox routes; a value that does not fit is ignored. */
const outboxQuery = z.object({
  to: z.string().max(254).optional().catch(undefined),
  channel: z.enum(['email', 'sms']).optional().catch(undefined),
  limit: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});

/**
 * The dev outbox: GET /dev/outbox (a server-rendered page, no scripts) and GET /api/dev/outbox (JSON, for tests
 * and Playwright). Registered only when config.devOutbox is on, which loadConfig never allows in production;
 * the env check is a second lock.
 */
const outboxOn = (config: FastifyInstance['config']) => config.devOutbox && config.env !== 'production';

export const outboxApi: ApiPlugin = async (app) => {
  if (!outboxOn(app.config)) return;
  app.get(
    '/dev/outbox',
    { schema: { querystring: outboxQuery, response: okResponse(outboxListSchema) } },
    async (req) => ({ list: await listOutbox(app.db, req.query) }),
  );
};

export const outboxPage: FastifyPluginAsync = async (app) => {
  if (!outboxOn(app.config)) return;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.setValidatorCompiler(validatorCompiler);
  typed.get('/dev/outbox', { schema: { querystring: outboxQuery } }, async (req, reply) => {
    const list = await listOutbox(app.db, { ...req.query, limit: req.query.limit ?? 200 });
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(renderPage(list, req.query.to ?? ''));
  });
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function renderMessage(m: OutboxMessage): string {
  const code = m.code ? `<p class="code" title="one-time code">${escapeHtml(m.code)}</p>` : '';
  const subject = m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : '';
  return `<article class="${m.channel}">
  <header><span class="channel">${m.channel === 'email' ? 'Email' : 'SMS'}</span>
  <span class="to">to <a href="/dev/outbox?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a></span>
  <span class="kind">${escapeHtml(m.kind)}</span>
  <time datetime="${escapeHtml(m.created_at)}">${escapeHtml(formatJst(m.created_at))} JST</time></header>
  ${subject}${code}
  <pre>${escapeHtml(m.body)}</pre>
</article>`;
}

function renderPage(list: OutboxMessage[], to: string): string {
  const items = list.length
    ? list.map(renderMessage).join('\n')
    : '<p class="empty">Nothing has been sent yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev outbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:52rem;padding:1rem;background:#f6f6f8;color:#222}
h1{font-size:1.4rem;margin:.2rem 0}
p.note{color:#555;margin:.2rem 0 1rem}
form{display:flex;gap:.5rem;margin-bottom:1rem;flex-wrap:wrap}
input{flex:1;min-width:12rem;padding:.4rem}
article{background:#fff;border:1px solid #ddd;border-left:4px solid #4a7bd0;border-radius:6px;padding:.6rem .9rem;margin:.7rem 0}
article.sms{border-left-color:#2fa36b}
header{display:flex;gap:.8rem;flex-wrap:wrap;font-size:.85rem;color:#555}
.channel{font-weight:700;color:#222}
h2{font-size:1rem;margin:.5rem 0}
.code{font:700 1.6rem/1.2 ui-monospace,monospace;letter-spacing:.12em;margin:.4rem 0;color:#b3261e}
pre{white-space:pre-wrap;word-break:break-word;font:.9rem/1.4 ui-monospace,monospace;margin:.4rem 0 0}
</style>
</head>
<body>
<h1>Dev outbox</h1>
<p class="note">Every email and SMS this server sent, newest first (${list.length} shown). Development and demo only; never served in production.</p>
<form method="get" action="/dev/outbox">
<input type="text" name="to" value="${escapeHtml(to)}" placeholder="filter by recipient (email or +phone)" aria-label="recipient">
<button type="submit">Filter</button> <a href="/dev/outbox">All</a>
</form>
${items}
</body>
</html>`;
}
