import type { Transaction } from 'kysely';
import type { AdminAuditEntry } from '@gacha/contract/admin';
import type { Db } from '../../db/index.ts';
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

const AUDIT_PAGE = 50;

/** The audit log, newest first, filtered. */
export async function auditList(
  db: Db,
  f: {
    staffId?: number | undefined;
    action?: string | undefined;
    targetType?: string | undefined;
    targetId?: string | undefined;
    /** Days in Japan time (YYYY-MM-DD), both included. */
    from?: string | undefined;
    to?: string | undefined;
    page?: number | undefined;
  },
): Promise<{ list: AdminAuditEntry[]; page: number }> {
  const page = Math.max(1, f.page ?? 1);
  // a JST day starts at 15:00 UTC the day before
  const jstStart = (day: string, plusDays = 0) => {
    const t = Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000;
    return Number.isNaN(t) ? undefined : new Date(t).toISOString();
  };
  const from = f.from ? jstStart(f.from) : undefined;
  const before = f.to ? jstStart(f.to, 1) : undefined;
  const rows = await repo.auditPage(db, {
    ...(from ? { from } : {}),
    ...(before ? { before } : {}),
    ...(f.staffId !== undefined ? { staffId: f.staffId } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.targetType ? { targetType: f.targetType } : {}),
    ...(f.targetId ? { targetId: f.targetId } : {}),
    limit: AUDIT_PAGE,
    offset: (page - 1) * AUDIT_PAGE,
  });
  return {
    page,
    list: rows.map((r) => ({
      id: r.id,
      staff_id: r.staff_id,
      staff_email: r.email ?? '(command line)',
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
