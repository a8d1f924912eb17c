import { isPostgres } from '../../db/dialect.ts';
import type { Transaction } from 'kysely';
import type { ListParams } from '@gacha/contract/admin-list';
import type { AdminStaffSort, adminStaffStates } from '@gacha/contract/admin';
import type { Db } from '../../db/index.ts';
import { listPage, type ListSpec } from '../../db/list-page.ts';
import type { Database, StaffRole } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export function staffByEmail(ex: Executor, email: string) {
  return ex.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
}

export function staffById(ex: Executor, id: number) {
  return ex.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStaff(
  ex: Executor,
  row: { email: string; pass_hash: string; role: StaffRole; created_at: string },
): Promise<number> {
  return (await ex.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** The console's list of staff accounts: searched by email or `#id`. */
export const STAFF_LIST: ListSpec<AdminStaffSort> = {
  search: ['email'],
  id: 'id',
  sorts: { id: 'id', email: 'email', last: 'last_login_at' },
  defaultSort: 'id',
  defaultDir: 'asc',
};

/** The accounts of a role and in a state. */
export function staffAccounts(
  ex: Executor,
  f: { role?: StaffRole | undefined; state?: (typeof adminStaffStates)[number] | undefined },
) {
  let q = ex.selectFrom('staff');
  if (f.role !== undefined) q = q.where('role', '=', f.role);
  if (f.state === 'disabled') q = q.where('disabled_at', 'is not', null);
  if (f.state === 'not_enrolled')
    q = q.where('disabled_at', 'is', null).where('totp_enrolled_at', 'is', null);
  if (f.state === 'active') q = q.where('disabled_at', 'is', null).where('totp_enrolled_at', 'is not', null);
  return q;
}

export const STAFF_ROW_COLUMNS = [
  'id',
  'email',
  'role',
  'totp_enrolled_at',
  'disabled_at',
  'created_at',
  'last_login_at',
] as const;

export function listStaff(ex: Executor) {
  return ex.selectFrom('staff').select(STAFF_ROW_COLUMNS).orderBy('id').execute();
}

export async function setTotpSecret(ex: Executor, id: number, sealed: string): Promise<void> {
  await ex
    .updateTable('staff')
    .set({ totp_secret: sealed, totp_enrolled_at: null })
    .where('id', '=', id)
    .execute();
}

/** Records an accepted TOTP step, once: false when this step (or a later one) was used already. */
export async function useTotpStep(ex: Executor, id: number, step: number): Promise<boolean> {
  const r = await ex
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function finishEnrolment(
  ex: Executor,
  id: number,
  recoveryHashes: string[],
  at: string,
): Promise<void> {
  await ex
    .updateTable('staff')
    .set({ totp_enrolled_at: at, recovery_codes: JSON.stringify(recoveryHashes) })
    .where('id', '=', id)
    .execute();
}

/** Replaces the recovery codes only if they are still `before` (a code is used once, also by two at once). */
export async function swapRecoveryCodes(
  ex: Executor,
  id: number,
  before: string,
  after: string,
): Promise<boolean> {
  const r = await ex
    .updateTable('staff')
    .set({ recovery_codes: after })
    .where('id', '=', id)
    .where('recovery_codes', '=', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function resetSecondFactor(ex: Executor, id: number): Promise<void> {
  await ex
    .updateTable('staff')
    .set({ totp_secret: null, totp_enrolled_at: null, totp_last_step: 0, recovery_codes: '[]' })
    .where('id', '=', id)
    .execute();
}

export async function setRole(ex: Executor, id: number, role: StaffRole): Promise<void> {
  await ex.updateTable('staff').set({ role }).where('id', '=', id).execute();
}

/** Locks the staff rows (PostgreSQL; SQLite's writer is one at a time): owner changes run one after another. */
export async function lockStaff(ex: Executor): Promise<void> {
  if (isPostgres(ex)) await ex.selectFrom('staff').select('id').forUpdate().execute();
}

export async function setDisabled(ex: Executor, id: number, at: string | null): Promise<boolean> {
  const r = await ex.updateTable('staff').set({ disabled_at: at }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markLogin(ex: Executor, id: number, at: string): Promise<void> {
  await ex.updateTable('staff').set({ last_login_at: at }).where('id', '=', id).execute();
}

// --- sessions ---

export async function insertSession(
  ex: Executor,
  row: { id_hash: string; staff_id: number; created_at: string; last_seen_at: string; expires_at: string },
): Promise<void> {
  await ex.insertInto('staff_sessions').values(row).execute();
}

/** A live session with its staff member (not disabled), or undefined. */
export function liveSession(ex: Executor, idHash: string, now: string, idleSince: string) {
  return ex
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as f', 'f.id', 's.staff_id')
    .select([
      's.id_hash',
      's.second_factor_at',
      's.last_seen_at',
      'f.id',
      'f.email',
      'f.role',
      'f.totp_enrolled_at',
    ])
    .where('s.id_hash', '=', idHash)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('f.disabled_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(ex: Executor, idHash: string, at: string): Promise<void> {
  await ex.updateTable('staff_sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
}

/**
 * Marks a session past its second factor under a new id (the old one, known before the code was given, is dead);
 * false when the session is gone (voided by a lockout in the meantime).
 */
export async function passSecondFactor(
  ex: Executor,
  idHash: string,
  newIdHash: string,
  at: string,
): Promise<boolean> {
  const r = await ex
    .updateTable('staff_sessions')
    .set({ id_hash: newIdHash, second_factor_at: at })
    .where('id_hash', '=', idHash)
    .where('second_factor_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends an account's sessions that are still waiting for their second factor. */
export async function deletePasswordSteps(ex: Executor, staffId: number): Promise<void> {
  await ex
    .deleteFrom('staff_sessions')
    .where('staff_id', '=', staffId)
    .where('second_factor_at', 'is', null)
    .execute();
}

export async function deleteSession(ex: Executor, idHash: string): Promise<void> {
  await ex.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteSessionsOf(ex: Executor, staffId: number): Promise<void> {
  await ex.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}

// --- the audit log ---

export interface AuditRow {
  staff_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before_json: string | null;
  after_json: string | null;
  ip: string;
  created_at: string;
}

export async function insertAudit(ex: Executor, row: AuditRow): Promise<void> {
  await ex.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** ISO instants: from (included) and before (excluded). */
  from?: string;
  before?: string;
}

const auditListSpec: ListSpec<'id' | 'action' | 'staff'> = {
  search: ['a.action', 'a.target_type', 'a.target_id', 'f.email', 'a.ip'],
  id: 'a.id',
  sorts: { id: 'a.id', action: 'a.action', staff: 'f.email' },
  defaultSort: 'id',
  defaultDir: 'desc',
};

/** One page of the audit log (a console list), with each row's staff email. */
export function auditPage(ex: Executor, f: AuditFilter, params: ListParams) {
  const base = ex
    .selectFrom('audit_log as a')
    .leftJoin('staff as f', 'f.id', 'a.staff_id')
    .$if(f.staffId !== undefined, (q) => q.where('a.staff_id', '=', f.staffId!))
    .$if(!!f.action, (q) => q.where('a.action', '=', f.action!))
    .$if(!!f.targetType, (q) => q.where('a.target_type', '=', f.targetType!))
    .$if(!!f.targetId, (q) => q.where('a.target_id', '=', f.targetId!))
    .$if(!!f.from, (q) => q.where('a.created_at', '>=', f.from!))
    .$if(!!f.before, (q) => q.where('a.created_at', '<', f.before!));
  return listPage(
    base,
    (q) =>
      q.select([
        'a.id',
        'a.staff_id',
        'f.email',
        'a.action',
        'a.target_type',
        'a.target_id',
        'a.before_json',
        'a.after_json',
        'a.ip',
        'a.created_at',
      ]),
    auditListSpec,
    params,
  );
}

/** Every action the log holds and every staff member who wrote a row, for the log's pickers. */
export async function auditFacets(ex: Executor) {
  const actions = await ex.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  const staff = await ex
    .selectFrom('staff as f')
    .select(['f.id', 'f.email'])
    .where((eb) =>
      eb.exists(eb.selectFrom('audit_log as a').select('a.id').whereRef('a.staff_id', '=', 'f.id')),
    )
    .orderBy('f.email')
    .execute();
  return { actions: actions.map((a) => a.action), staff };
}
