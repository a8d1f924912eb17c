import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { endSessionsOf } from '../../http/session.ts';
import { notFound } from '../../http/api-error.ts';
import { oncePerStaffRequest, staffReference, type Audit, type StaffWrite } from '../admin/service.ts';
import * as repo from './repo.ts';

/**
 * Staff's rules on a member's account (console: members.write): suspension and its lifting, ending every session.
 * Each takes a reason, runs in one transaction with its audit row (target 'member'), and a repeat that changes
 * nothing writes none.
 */

export const memberNotFound = () => notFound('member_not_found');

const target = (id: number) => ({ type: 'member', id });

/** Refuses an id that is no member (the console's member routes answer 404 for it). */
export async function ensureMember(
  ex: Parameters<typeof repo.memberExists>[0],
  userId: number,
): Promise<void> {
  if (!(await repo.memberExists(ex, userId))) throw memberNotFound();
}

/**
 * A staff change of one member's balance (gems, coins), once per console request id: `change` runs in the write
 * once the member is known, given the request's ledger reference, and answers the balance after; a request whose
 * reference the ledger already holds (`ledger.seen`) changes nothing and answers the balance as it is.
 */
export function changeMemberBalance(
  write: StaffWrite,
  { userId, requestId }: { userId: number; requestId: string },
  ledger: { seen: (db: Db, reference: string) => Promise<boolean>; balance: (db: Db) => Promise<number> },
  change: (tx: Transaction<Database>, audit: Audit, reference: string) => Promise<number>,
): Promise<{ applied: boolean; balance: number }> {
  const reference = staffReference(requestId);
  return oncePerStaffRequest(
    () => ledger.seen(write.db, reference),
    () =>
      write(async (tx, audit) => {
        await ensureMember(tx, userId);
        return { applied: true as const, balance: await change(tx, audit, reference) };
      }),
    async () => {
      await ensureMember(write.db, userId);
      return ledger.balance(write.db);
    },
  );
}

/** Suspends a member: they cannot sign in or spend, and every session of theirs ends. */
export function suspendByStaff(write: StaffWrite, userId: number, reason: string) {
  return write(async (tx, audit) => {
    await ensureMember(tx, userId);
    const at = write.now.toISOString();
    if (!(await repo.setSuspended(tx, userId, reason, at))) {
      const row = await repo.suspensionOf(tx, userId);
      return { changed: false, suspended_at: row?.suspended_at ?? null, sessions_ended: 0 };
    }
    const sessionsEnded = await endSessionsOf(tx, userId);
    await audit({
      action: 'member.suspend',
      target: target(userId),
      before: { suspended_at: null },
      after: { suspended_at: at, reason, sessions_ended: sessionsEnded },
    });
    return { changed: true, suspended_at: at, sessions_ended: sessionsEnded };
  });
}

/** Lifts a member's suspension. */
export function unsuspendByStaff(write: StaffWrite, userId: number, reason: string) {
  return write(async (tx, audit) => {
    const row = await repo.suspensionOf(tx, userId);
    if (!row) throw memberNotFound();
    if (!(await repo.clearSuspended(tx, userId, write.now.toISOString())))
      return { changed: false, suspended_at: null, sessions_ended: 0 };
    await audit({
      action: 'member.unsuspend',
      target: target(userId),
      before: { suspended_at: row.suspended_at, suspended_reason: row.suspended_reason },
      after: { suspended_at: null, reason },
    });
    return { changed: true, suspended_at: null, sessions_ended: 0 };
  });
}

/** Signs a member out everywhere. */
export function endSessionsByStaff(write: StaffWrite, userId: number, reason: string) {
  return write(async (tx, audit) => {
    await ensureMember(tx, userId);
    const ended = await endSessionsOf(tx, userId);
    if (ended)
      await audit({
        action: 'member.sessions.end',
        target: target(userId),
        before: { sessions: ended },
        after: { sessions: 0, reason },
      });
    return { sessions_ended: ended };
  });
}
