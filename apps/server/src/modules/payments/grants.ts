import type { Kysely, Transaction } from 'kysely';
import { FREE_GRANT_RATE } from '@gacha/contract/payments';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import { awardGems } from '../gems/service.ts';
import type { PaymentsDeps } from './deps.ts';
import { visibleCourse } from './point-prices.ts';
import { freeGrantExists, insertFreeGrant, insertUnlock } from './repo.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Free grants (rate "100" courses) and the hidden courses a coupon unlocks. */

const grantFailed = () =>
  new ApiError(400, {
    message: 'grant_failed',
    errors: { pointPriceId: 'grant_failed' },
    extra: { result: '0' },
  });

/**
 * POST /user/coupon/point/present {pointPriceId}: the free grant of a rate "100" course the member can see
 * (hidden courses once unlocked), once per member and course (free_grants primary key). Refusals answer
 * 'Failed to grant Gems. Please contact the management.'
 */
export async function presentFreeGrant(
  deps: PaymentsDeps,
  args: { userId: number; pointPriceId: number },
): Promise<{ result: '1'; point: number }> {
  const now = deps.clock.now();
  const course = await visibleCourse(deps.db, args.userId, args.pointPriceId);
  if (!course || course.rate !== FREE_GRANT_RATE || course.point <= 0) throw grantFailed();
  try {
    await deps.db.transaction().execute(async (tx) => {
      if (await freeGrantExists(tx, args.userId, course.id)) throw grantFailed();
      const { lotId } = await awardGems(
        tx,
        {
          userId: args.userId,
          amount: course.point,
          kind: 'bonus',
          source: 'free_grant',
          reason: 'free_grant',
          reference: `free_grant:${course.id}`,
        },
        now,
      );
      await insertFreeGrant(tx, {
        user_id: args.userId,
        point_price_id: course.id,
        gems: course.point,
        lot_id: lotId,
        created_at: now.toISOString(),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw grantFailed();
    throw err;
  }
  return { result: '1', point: course.point };
}

/**
 * Unlocks a hidden (coupon_only) point price course for a member — for the coupons feature, inside its own
 * transaction. Returns false when it was already unlocked.
 */
export async function unlockPointPrice(tx: Executor, userId: number, pointPriceId: number): Promise<boolean> {
  return insertUnlock(tx, userId, pointPriceId, new Date().toISOString());
}
