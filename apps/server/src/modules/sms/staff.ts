import { resetPhoneVerification } from '../account/service.ts';
import { ensureMember } from '../account/staff.ts';
import type { StaffWrite } from '../admin/service.ts';
import * as repo from './repo.ts';

/**
 * Staff undo a member's SMS verification (console: members.write), e.g. a number that changed hands: the member
 * verifies again; `releasePhone` also frees their verified number for another member. One audit row (target
 * 'member') when something changed.
 */
export function resetSmsByStaff(
  write: StaffWrite,
  userId: number,
  args: { reason: string; releasePhone: boolean },
): Promise<{ changed: boolean; released_phone: boolean }> {
  return write(async (tx, audit) => {
    await ensureMember(tx, userId);
    const hadPhone = (await repo.verifiedPhoneOf(tx, userId)) !== null;
    const reset = await resetPhoneVerification(tx, userId, write.now);
    const released = args.releasePhone && hadPhone;
    if (released) {
      await repo.deleteCodesOf(tx, userId);
      await repo.deleteVerifiedPhonesOf(tx, userId);
    }
    if (!reset && !released) return { changed: false, released_phone: false };
    await audit({
      action: 'member.sms.reset',
      target: { type: 'member', id: userId },
      before: { end_sms: reset ? 1 : 0, verified_phone: hadPhone },
      after: { end_sms: 0, verified_phone: hadPhone && !released, reason: args.reason },
    });
    return { changed: true, released_phone: released };
  });
}
