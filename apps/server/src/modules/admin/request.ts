import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, StaffRole } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import { audit, type Actor } from './audit.ts';
import type { Permission } from './permissions.ts';

/** Who may call an admin route: anyone (the sign-in), a session past its password, or a permission. */
export type StaffAccess = 'public' | 'password' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /api/admin routes: who may call it (every admin route names one; a test walks them all). */
    staff?: StaffAccess;
  }
  interface FastifyRequest {
    staff: {
      id: number;
      email: string;
      role: StaffRole;
      sidHash: string;
      secondFactor: boolean;
      enrolled: boolean;
    } | null;
  }
}

export const loginRequired = () => new ApiError(401, { message: 'staff_login_required' });

/** The staff member of a route behind a permission (the scope refused everyone else). */
export function staffOf(req: FastifyRequest): NonNullable<FastifyRequest['staff']> {
  if (!req.staff) throw loginRequired();
  return req.staff;
}

export const actorOf = (req: FastifyRequest): Actor => ({ staffId: staffOf(req).id, ip: req.ip });

/** Records one admin write in the caller's transaction: what, on which target, before and after. */
export type AuditRecorder = (
  tx: Transaction<Database>,
  action: string,
  target: { type: string; id: string | number | null },
  before: unknown,
  after: unknown,
) => Promise<void>;

/** The audit recorder of a staff request, at the request's "now". */
export function recorderOf(app: FastifyInstance, req: FastifyRequest): AuditRecorder {
  const actor = actorOf(req);
  const now = app.clock.now();
  return (tx, action, target, before, after) =>
    audit(tx, actor, { action, targetType: target.type, targetId: target.id, before, after }, now);
}

/**
 * Runs an admin write in one transaction with its audit row: `work` changes and calls `record` once (or not at
 * all when nothing changed, e.g. a repeat); a failure rolls both back.
 */
export function auditedWrite<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  work: (
    tx: Transaction<Database>,
    record: (...args: Parameters<AuditRecorder> extends [unknown, ...infer R] ? R : never) => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const record = recorderOf(app, req);
  return app.db.transaction().execute((tx) => work(tx, (...args) => record(tx, ...args)));
}
