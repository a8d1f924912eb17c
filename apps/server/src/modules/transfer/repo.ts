import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

// --- the member's link and transfers ---

export function findLink(ex: Executor, userId: number) {
  return ex.selectFrom('partner_links').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Links (or re-links) the member to a partner account. */
export async function saveLink(
  ex: Executor,
  row: {
    user_id: number;
    partner: string;
    partner_account_id: string;
    account_name: string;
    linked_at: string;
  },
): Promise<void> {
  await ex
    .insertInto('partner_links')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        partner: row.partner,
        partner_account_id: row.partner_account_id,
        account_name: row.account_name,
        linked_at: row.linked_at,
      }),
    )
    .execute();
}

export interface NewTransfer {
  user_id: number;
  partner: string;
  partner_account_id: string;
  points: number;
  gems: number;
  idempotency_key: string;
  request_id: string | null;
  created_at: string;
}

/** Records a pending transfer; undefined when the member's request id was recorded already. */
export async function insertPendingTransfer(ex: Executor, row: NewTransfer) {
  return ex
    .insertInto('point_transfers')
    .values({ ...row, status: 'pending' })
    .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
    .returning(['id'])
    .executeTakeFirst();
}

export function findTransfer(ex: Executor, id: number) {
  return ex.selectFrom('point_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTransferByRequest(ex: Executor, userId: number, requestId: string) {
  return ex
    .selectFrom('point_transfers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Settles a pending transfer (one conditional update: a transfer settles once, whoever tries). */
export async function settleTransfer(
  ex: Executor,
  id: number,
  to: {
    status: 'succeeded' | 'failed';
    partner_ref?: string | null;
    error?: string | null;
    settled_at: string;
  },
): Promise<boolean> {
  const r = await ex
    .updateTable('point_transfers')
    .set({
      status: to.status,
      partner_ref: to.partner_ref ?? null,
      error: to.error ?? null,
      settled_at: to.settled_at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function recentTransfers(ex: Executor, userId: number, limit: number) {
  return ex
    .selectFrom('point_transfers')
    .select(['id', 'points', 'gems', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Transfers still pending that were started before `before` (the reconcile job's work). */
export function stalePendingTransfers(ex: Executor, before: string, limit: number) {
  return ex
    .selectFrom('point_transfers')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// --- the sandbox partner's own records ---

export async function ensureSandboxAccounts(
  db: Db,
  accounts: { id: string; login_id: string; pass_hash: string; name: string; points: number }[],
): Promise<void> {
  await db
    .insertInto('sandbox_partner_accounts')
    .values(accounts)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export function sandboxAccounts(db: Db) {
  return db.selectFrom('sandbox_partner_accounts').selectAll().orderBy('login_id').execute();
}

export function sandboxAccountByLogin(db: Db, loginId: string) {
  return db
    .selectFrom('sandbox_partner_accounts')
    .selectAll()
    .where('login_id', '=', loginId)
    .executeTakeFirst();
}

export function sandboxAccount(db: Db, id: string) {
  return db.selectFrom('sandbox_partner_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function sandboxLoginOf(db: Db, id: string): Promise<string | undefined> {
  return (await sandboxAccount(db, id))?.login_id;
}

export async function sandboxDebitCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('sandbox_partner_debits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'debited')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export type SandboxDebit =
  | { kind: 'debited'; ref: string }
  | { kind: 'refused'; code: 'insufficient_points' | 'voided' | 'unknown_account' };

/**
 * A debit at the sandbox partner, once per idempotency key: the balance is taken with one conditional update and
 * the key recorded in the same transaction (its primary key refuses a second one, which rolls the second back);
 * a key seen before answers what it answered then.
 */
export async function sandboxDebit(
  db: Db,
  d: { account_id: string; points: number; idempotency_key: string },
  now: Date,
): Promise<SandboxDebit> {
  const seen = async (): Promise<SandboxDebit | undefined> => {
    const row = await db
      .selectFrom('sandbox_partner_debits')
      .select('status')
      .where('idempotency_key', '=', d.idempotency_key)
      .executeTakeFirst();
    if (!row) return undefined;
    return row.status === 'voided'
      ? { kind: 'refused', code: 'voided' }
      : { kind: 'debited', ref: d.idempotency_key };
  };
  const before = await seen();
  if (before) return before;
  try {
    return await db.transaction().execute(async (tx): Promise<SandboxDebit> => {
      const account = await tx
        .selectFrom('sandbox_partner_accounts')
        .select('id')
        .where('id', '=', d.account_id)
        .executeTakeFirst();
      if (!account) return { kind: 'refused', code: 'unknown_account' };
      const taken = await tx
        .updateTable('sandbox_partner_accounts')
        .set((eb) => ({ points: eb('points', '-', d.points) }))
        .where('id', '=', d.account_id)
        .where(sql<boolean>`points >= ${d.points}`)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return { kind: 'refused', code: 'insufficient_points' };
      await tx
        .insertInto('sandbox_partner_debits')
        .values({ ...d, status: 'debited', created_at: now.toISOString() })
        .execute();
      return { kind: 'debited', ref: d.idempotency_key };
    });
  } catch (err) {
    const after = await seen(); // the same key at the same time, or voided meanwhile: its answer stands
    if (after) return after;
    throw err;
  }
}

/** Voids a key at the sandbox partner: a debit made stands ('debited'); otherwise the key is refused from now on. */
export async function sandboxVoid(db: Db, key: string, now: Date) {
  await db
    .insertInto('sandbox_partner_debits')
    .values({
      idempotency_key: key,
      account_id: '',
      points: 0,
      status: 'voided',
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  const row = await db
    .selectFrom('sandbox_partner_debits')
    .select('status')
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return row.status === 'debited' ? { status: 'debited' as const, ref: key } : { status: 'voided' as const };
}
