import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

export async function insertMessage(db: Db, row: Insertable<Database['outbox_messages']>): Promise<void> {
  await db.insertInto('outbox_messages').values(row).execute();
}

/** Newest first; `recipient` and `channel` filter when given. */
export function listMessages(db: Db, opts: { recipient?: string; channel?: 'email' | 'sms'; limit: number }) {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .$if(opts.recipient !== undefined, (q) => q.where('recipient', '=', opts.recipient!))
    .$if(!!opts.channel, (q) => q.where('channel', '=', opts.channel!))
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .execute();
}
