import type { FastifyInstance } from 'fastify';
import type { TransferConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { httpPartner, type Partner, type PartnerFetch } from './partner.ts';

/** What the transfer runs on: the database, the partner's settings and its client. */
export interface TransferDeps {
  db: Db;
  config: TransferConfig;
  partner: Partner;
}

/** The sandbox partner is this server: its API is reached in process, through the app, like a remote one. */
function injectFetch(app: FastifyInstance): PartnerFetch {
  return async (url, init) => {
    const res = await Promise.race([
      app.inject({
        method: init.method as 'GET' | 'POST',
        url,
        headers: init.headers,
        ...(init.body ? { payload: init.body } : {}),
      }),
      new Promise<never>((_, reject) =>
        init.signal.addEventListener('abort', () =>
          reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' })),
        ),
      ),
    ]);
    return { status: res.statusCode, text: async () => res.body };
  };
}

/** The transfer's dependencies: the configured partner (the sandbox partner outside production), or none. */
export function transferDeps(app: FastifyInstance): TransferDeps | null {
  const config = app.config.transfer;
  if (!config) return null;
  const partner = httpPartner({
    baseUrl: config.baseUrl,
    keyId: config.keyId,
    secret: config.secret,
    timeoutMs: config.timeoutMs,
    fetch: config.sandbox ? injectFetch(app) : (url, init) => fetch(url, init),
  });
  return { db: app.db, config, partner };
}
