import { changeMemberBalance } from '../account/staff.ts';
import type { StaffWrite } from '../admin/service.ts';
import { conflict } from '../../http/api-error.ts';
import * as repo from './repo.ts';
import { awardCoins, coinBalanceTenths, InsufficientCoinsError, spendCoins } from './service.ts';

/**
 * Staff grant or deduct a member's coins in tenths (console: members.write), with a reason and the console's
 * request id, through the coins ledger (a deduction never below zero). A request id seen before changes nothing
 * and answers the balance as it is.
 */
export function changeCoinsByStaff(
  write: StaffWrite,
  args: { userId: number; tenths: number; direction: 'grant' | 'deduct'; reason: string; requestId: string },
): Promise<{ applied: boolean; balance: number }> {
  const { userId, tenths, direction, reason, requestId } = args;
  const ledger = { seen: repo.hasStaffRow, balance: (db: StaffWrite['db']) => coinBalanceTenths(db, userId) };
  return changeMemberBalance(write, args, ledger, async (tx, audit, reference) => {
    const move = { userId, tenths, reference };
    let after: number;
    try {
      after = (
        direction === 'grant'
          ? await awardCoins(tx, { ...move, reason: 'admin' }, write.now)
          : await spendCoins(tx, { ...move, reason: 'admin_deduction' }, write.now)
      ).balanceAfter;
    } catch (err) {
      if (err instanceof InsufficientCoinsError)
        throw conflict('tenths', { key: 'admin_deduct_exceeds', params: { balance: err.balanceTenths } });
      throw err;
    }
    const before = after - (direction === 'grant' ? tenths : -tenths);
    await audit({
      action: `member.coins.${direction}`,
      target: { type: 'member', id: userId },
      before: { coin_tenths: before },
      after: { coin_tenths: after, tenths, reason, request_id: requestId },
    });
    return after;
  });
}
