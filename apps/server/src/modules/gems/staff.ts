import { changeMemberBalance } from '../account/staff.ts';
import type { StaffWrite } from '../admin/service.ts';
import { conflict } from '../../http/api-error.ts';
import * as repo from './repo.ts';
import { awardGems, gemBalance, InsufficientGemsError, lockGemAccount, spendGems } from './service.ts';

/**
 * Staff grant or deduct a member's gems (console: members.write), with a reason and the console's request id:
 * a grant is a bonus lot of source 'admin', a deduction a spend (oldest-expiring lots first, never below zero).
 * The member's gem account is locked first (PostgreSQL), so two staff deducting at once queue and the second sees
 * what the first left. A request id seen before changes nothing and answers the balance as it is.
 */
export function changeGemsByStaff(
  write: StaffWrite,
  args: { userId: number; amount: number; direction: 'grant' | 'deduct'; reason: string; requestId: string },
): Promise<{ applied: boolean; balance: number }> {
  const { userId, amount, direction, reason, requestId } = args;
  const ledger = {
    seen: repo.hasStaffRow,
    balance: (db: StaffWrite['db']) => gemBalance(db, userId, write.now),
  };
  return changeMemberBalance(write, args, ledger, async (tx, audit, reference) => {
    await lockGemAccount(tx, userId);
    const before = await gemBalance(tx, userId, write.now);
    let after: number;
    let lotId: number | null = null;
    if (direction === 'grant') {
      const r = await awardGems(
        tx,
        { userId, amount, kind: 'bonus', source: 'admin', reason: 'admin', reference },
        write.now,
      );
      after = r.balanceAfter;
      lotId = r.lotId;
    } else {
      try {
        after = (await spendGems(tx, { userId, amount, reason: 'admin_deduction', reference }, write.now))
          .balanceAfter;
      } catch (err) {
        if (err instanceof InsufficientGemsError)
          throw conflict('amount', { key: 'admin_deduct_exceeds', params: { balance: err.balance } });
        throw err;
      }
    }
    await audit({
      action: `member.gems.${direction}`,
      target: { type: 'member', id: userId },
      before: { gems: before },
      after: { gems: after, amount, reason, request_id: requestId, ...(lotId ? { lot_id: lotId } : {}) },
    });
    return after;
  });
}
