import { POST_REWARD_GEMS } from '@gacha/contract/board';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { StaffWrite } from '../admin/service.ts';
import { awardGems, lockGemAccount } from '../gems/service.ts';
import * as repo from './repo.ts';

/**
 * The board's moderation (console: board.moderate, and the shell command): each decision once, with its audit row
 * (target 'post') in its transaction; a repeat changes nothing and writes none.
 */

const target = (postId: number) => ({ type: 'post', id: postId });

/**
 * Approves a pending post: it shows on the board, and its member gets 500 bonus gems once (the ledger row is
 * unique per post). A post approved already answers `approved: false`; a rejected one is refused.
 */
export function approvePost(write: StaffWrite, postId: number) {
  return write(async (tx, audit) => {
    const decided = await repo.decide(tx, postId, {
      status: 'approved',
      reject_reason: null,
      decided_at: write.now.toISOString(),
    });
    if (!decided) {
      const post = await repo.findPost(tx, postId);
      if (!post) throw notFound('post_not_found');
      if (post.status === 'rejected') throw new ApiError(409, { message: 'post_not_found' });
      return { id: postId, approved: false, gems: 0 };
    }
    await lockGemAccount(tx, decided.user_id);
    await awardGems(
      tx,
      {
        userId: decided.user_id,
        amount: POST_REWARD_GEMS,
        kind: 'bonus',
        source: 'post_reward',
        reason: 'post_reward',
        reference: `post:${postId}`,
      },
      write.now,
    );
    await audit({
      action: 'post.approve',
      target: target(postId),
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    return { id: postId, approved: true, gems: POST_REWARD_GEMS };
  });
}

/** Rejects a pending post with a reason its member sees: no gems, never listed. */
export function rejectPost(write: StaffWrite, postId: number, reason: string) {
  const text = reason.trim();
  if (!text || text.length > 500) throw new RangeError('a reason of 1 to 500 characters is required');
  return write(async (tx, audit) => {
    const decided = await repo.decide(tx, postId, {
      status: 'rejected',
      reject_reason: text,
      decided_at: write.now.toISOString(),
    });
    if (!decided) {
      const post = await repo.findPost(tx, postId);
      if (!post) throw notFound('post_not_found');
      return { id: postId, rejected: false, status: post.status };
    }
    await audit({
      action: 'post.reject',
      target: target(postId),
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
    return { id: postId, rejected: true, status: 'rejected' as const };
  });
}
