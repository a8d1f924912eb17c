import type { OutboxMessage } from '@gacha/contract/account';
import type { Db } from '../../db/index.ts';
import * as repo from './repo.ts';

export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  code?: string | null;
  kind: string;
  userId?: number | null;
}

/**
 * The dev outbox: every email and SMS the server sends while no real transport is configured is stored here.
 * The page /dev/outbox and GET /api/dev/outbox show it outside production only (config.devOutbox).
 */
export async function recordOutbox(db: Db, entry: OutboxEntry, now: Date = new Date()): Promise<void> {
  await repo.insertMessage(db, {
    channel: entry.channel,
    recipient: entry.to,
    subject: entry.subject ?? '',
    body: entry.body,
    code: entry.code ?? null,
    kind: entry.kind,
    user_id: entry.userId ?? null,
    created_at: now.toISOString(),
  });
}

/** Newest first; `to` filters by exact recipient (mail addresses compared lower-cased). */
export async function listOutbox(
  db: Db,
  opts: { to?: string; channel?: 'email' | 'sms'; limit?: number } = {},
): Promise<OutboxMessage[]> {
  const rows = await repo.listMessages(db, {
    ...(opts.to ? { recipient: opts.to.trim().toLowerCase() } : {}),
    ...(opts.channel ? { channel: opts.channel } : {}),
    limit: Math.min(Math.max(opts.limit ?? 100, 1), 500),
  });
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    body: r.body,
    code: r.code,
    kind: r.kind,
    created_at: r.created_at,
  }));
}
