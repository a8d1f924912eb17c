import { scryptSync, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TransferConfig } from '../../config.ts';
import { signatureValid } from './partner.ts';
import * as repo from './repo.ts';

/**
 * The sandbox partner: a partner site with its own accounts and point balances, served by this server outside
 * production so the transfer works on a fresh machine (like /sandbox-pay for payments). It speaks the partner
 * API of partner.ts, checks every request's signature and honours idempotency keys.
 *
 *   GET /sandbox-partner          its test accounts and their balances
 *   /sandbox-partner/api/…        the partner API
 *
 * Two test accounts misbehave on purpose: `slow@partner.example` debits and then answers after the shop has given
 * up waiting, `flaky@partner.example` debits and then answers 500. The shop's reconcile job settles both.
 */

export const SANDBOX_PARTNER_ACCOUNTS = [
  { login_id: 'partner@example.com', password: 'partner1234', name: 'Hanako Partner', points: 20_000 },
  { login_id: 'empty@example.com', password: 'partner1234', name: 'Empty Wallet', points: 0 },
  { login_id: 'slow@partner.example', password: 'partner1234', name: 'Slow Answer', points: 10_000 },
  { login_id: 'flaky@partner.example', password: 'partner1234', name: 'Flaky Answer', points: 10_000 },
] as const;

const hash = (password: string, salt: string) => `${salt}:${scryptSync(password, salt, 32).toString('hex')}`;
function passwordMatches(stored: string, password: string): boolean {
  const [salt] = stored.split(':');
  const a = Buffer.from(stored);
  const b = Buffer.from(hash(password, salt ?? ''));
  return a.length === b.length && timingSafeEqual(a, b);
}

const loginBody = z.object({ login_id: z.string().max(254), password: z.string().max(200) });
const debitBody = z.object({
  account_id: z.string().max(64),
  points: z.number().int().positive().max(10_000_000),
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

export const sandboxPartner: FastifyPluginAsync<{ transfer: TransferConfig }> = async (app, { transfer }) => {
  const { db } = app;
  await repo.ensureSandboxAccounts(
    db,
    SANDBOX_PARTNER_ACCOUNTS.map((a) => ({
      id: `sp_${a.login_id.replace(/[^a-z0-9]/g, '_')}`,
      login_id: a.login_id,
      pass_hash: hash(a.password, a.login_id),
      name: a.name,
      points: a.points,
    })),
  );

  // every API request is signed with the shop's key
  const api: FastifyPluginAsync = async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.addHook('preHandler', async (req, reply) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const ok = signatureValid(
        transfer.secret,
        {
          timestamp: String(req.headers['x-partner-timestamp'] ?? ''),
          signature: String(req.headers['x-partner-signature'] ?? ''),
        },
        req.method,
        req.url.split('?')[0] ?? '',
        body,
        new Date(),
      );
      if (!ok || req.headers['x-partner-key'] !== transfer.keyId) {
        return reply.code(403).send({ error: 'bad_signature' });
      }
    });
    const json = (req: FastifyRequest) => {
      try {
        return JSON.parse(typeof req.body === 'string' ? req.body : '') as unknown;
      } catch {
        return undefined;
      }
    };
    const bad = (reply: FastifyReply) => reply.code(400).send({ error: 'bad_request' });

    scope.post('/login', async (req, reply) => {
      const b = loginBody.safeParse(json(req));
      if (!b.success) return bad(reply);
      const account = await repo.sandboxAccountByLogin(db, b.data.login_id.trim().toLowerCase());
      if (!account || !passwordMatches(account.pass_hash, b.data.password)) {
        return reply.code(401).send({ error: 'invalid_credentials' });
      }
      return { account_id: account.id, name: account.name };
    });

    scope.get('/accounts/:id/balance', async (req, reply) => {
      const account = await repo.sandboxAccount(db, (req.params as { id: string }).id);
      if (!account) return reply.code(404).send({ error: 'unknown_account' });
      return { points: account.points };
    });

    scope.post('/debits', async (req, reply) => {
      const b = debitBody.safeParse(json(req));
      if (!b.success) return bad(reply);
      const outcome = await repo.sandboxDebit(db, b.data, new Date());
      if (outcome.kind === 'refused') {
        return reply.code(outcome.code === 'unknown_account' ? 404 : 409).send({ error: outcome.code });
      }
      const answer = { status: 'debited', ref: outcome.ref };
      const login = await repo.sandboxLoginOf(db, b.data.account_id);
      if (login === 'flaky@partner.example') return reply.code(500).send({ error: 'internal' });
      if (login === 'slow@partner.example') await new Promise((r) => setTimeout(r, transfer.timeoutMs * 2));
      return answer;
    });

    scope.post('/debits/:key/void', async (req) => {
      const key = (req.params as { key: string }).key;
      return repo.sandboxVoid(db, key, new Date());
    });
  };
  await app.register(api, { prefix: '/sandbox-partner/api' });

  app.get('/sandbox-partner', async (_req, reply) => {
    const accounts = await repo.sandboxAccounts(db);
    const rows = accounts
      .map(
        (a) =>
          `<tr><td><code>${a.login_id}</code></td><td><code>partner1234</code></td><td>${a.name}</td><td>${a.points.toLocaleString('en')}</td></tr>`,
      )
      .join('');
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox partner</title><style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:48rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;text-align:left}.tag{background:#b00;color:#fff;padding:.1rem .4rem;border-radius:.2rem}</style></head>
<body><h1><span class="tag">SANDBOX</span> Partner site</h1>
<p>A partner site the shop links accounts with and takes points from (point transfer). Log in on the shop's
Buy gems or My page with one of these accounts. <code>slow@…</code> answers after the shop stops waiting and
<code>flaky@…</code> answers an error after debiting: the shop's reconcile job settles both within minutes.</p>
<table><thead><tr><th>Login</th><th>Password</th><th>Name</th><th>Points</th></tr></thead><tbody>${rows}</tbody></table>
<p>Debits so far: ${(await repo.sandboxDebitCount(db)).toLocaleString('en')}</p></body></html>`);
  });
};
