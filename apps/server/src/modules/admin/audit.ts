import type { Transaction } from 'kysely';
import type { AdminAuditQuery, AdminAuditList } from '@gacha/contract/admin';
import type { Db } from '../../db/index.ts';
import { jstDayRange } from '../../db/time.ts';
import type { Database } from '../../db/schema.ts';
import * as repo from './repo.ts';

type Executor = Db | Transaction<Database>;

/** Who made an admin write, and from where: a staff member through the console, or a shell command. */
export interface Actor {
  staffId: number | null;
  ip: string;
}

/** A shell command run on the server (scripts/*.ts): no staff account, recorded as such. */
export const COMMAND_LINE: Actor = { staffId: null, ip: 'command line' };

/**
 * Appends the audit row of an admin write: call it inside the write's own transaction, so a failed write leaves
 * none and a done one exactly one. The table refuses updates and deletes (migration 011's triggers).
 */
export async function audit(
  tx: Executor,
  actor: Actor,
  entry: {
    action: string;
    targetType: string;
    targetId: string | number | null;
    before: unknown;
    after: unknown;
  },
  now: Date,
): Promise<void> {
  await repo.insertAudit(tx, {
    staff_id: actor.staffId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId === null ? null : String(entry.targetId),
    before_json: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
    after_json: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
    ip: actor.ip,
    created_at: now.toISOString(),
  });
}

/** The audit log (a console list), newest first unless sorted, filtered (days in Japan time, both included). */
export async function auditList(db: Db, q: AdminAuditQuery): Promise<AdminAuditList> {
  const found = await repo.auditPage(
    db,
    {
      ...jstDayRange(q.from, q.to),
      ...(q.staff_id !== undefined ? { staffId: q.staff_id } : {}),
      ...(q.action ? { action: q.action } : {}),
      ...(q.target_type ? { targetType: q.target_type } : {}),
      ...(q.target_id ? { targetId: q.target_id } : {}),
    },
    q,
  );
  return {
    ...found,
    list: found.list.map((r) => ({
      id: r.id,
      staff_id: r.staff_id,
      staff_email: r.email ?? `(${r.ip})`,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      before: r.before_json === null ? null : JSON.parse(r.before_json),
      after: r.after_json === null ? null : JSON.parse(r.after_json),
      ip: r.ip,
      created_at: r.created_at,
    })),
  };
}

export const auditFacets = (db: Db) => repo.auditFacets(db);
