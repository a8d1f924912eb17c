import type { Transaction } from 'kysely';
import { REFERRAL_MIN_PURCHASE_GEMS, REFERRAL_REWARD_GEMS } from '@gacha/contract/account';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../http/api-error.ts';
import { setReferrer } from '../account/service.ts';
import { awardGems } from '../gems/service.ts';
import * as repo from './repo.ts';

type Executor = Db | Transaction<Database>;

/**
 * The referral reward of DOMAIN.md: when the referred member `userId` has completed SMS verification AND has
 * bought at least 1,000 gems in total, the member and their referrer each get 1,000 bonus gems (source
 * 'referral'), once per pair. Returns true when this call paid the reward.
 *
 * CALL IT INSIDE THE TRANSACTION of whatever may complete the conditions — the SMS check does, and the
 * payments module must after crediting a purchase (`checkReferralReward(tx, userId, now)`).
 *
 * Exactly once: the `referral_rewards` row is unique per referred member; a second call (a retry, a replay,
 * the other condition completing later) hits the constraint and pays nothing.
 *
 * Simultaneous completion (SMS check and qualifying purchase at the same moment): on PostgreSQL the member's
 * row is locked FOR NO KEY UPDATE first, so the two transactions run this check one after the other and the
 * second, reading after the first committed, sees both conditions (a lost reward is impossible as well as a
 * double one). NO KEY UPDATE does not conflict with the KEY SHARE lock a gem-lot insert takes on the member
 * through its foreign key, so a payment that inserted its lot first cannot deadlock with the SMS check.
 * SQLite runs one transaction at a time.
 */
export async function checkReferralReward(tx: Executor, userId: number, now: Date): Promise<boolean> {
  const member = await repo.lockReferred(tx, userId);
  if (!member || member.referred_by === null || member.referred_by === userId) return false;
  if (member.end_sms !== 1 || member.anonymised_at !== null) return false;
  if ((await repo.purchasedGems(tx, userId)) < REFERRAL_MIN_PURCHASE_GEMS) return false;

  const reward = await repo.insertReward(tx, {
    referrerId: member.referred_by,
    referredId: userId,
    amount: REFERRAL_REWARD_GEMS,
    at: now.toISOString(),
  });
  if (!reward) return false;

  const reference = `referral:${reward.id}`;
  const award = (id: number) =>
    awardGems(
      tx,
      {
        userId: id,
        amount: REFERRAL_REWARD_GEMS,
        kind: 'bonus',
        source: 'referral',
        reason: 'referral',
        reference,
      },
      now,
    );
  await award(userId);
  const referrer = await repo.findAnonymisedAt(tx, member.referred_by);
  if (referrer && referrer.anonymised_at === null) await award(member.referred_by);
  return true;
}

/**
 * POST /user/set_referral_code: attaches a referrer once (the completion page), never oneself, and not the
 * member's own referee (a pair is rewarded once). Then the reward is checked in the same transaction, in case
 * the member already qualifies.
 */
export async function setReferralCode(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<{ rewarded: boolean }> {
  const referrer = await repo.findReferrerByCode(db, code);
  if (!referrer || referrer.anonymised_at !== null) throw fieldError('referral_code', 'referral_invalid');
  if (referrer.id === userId) throw fieldError('referral_code', 'referral_self');
  if (referrer.referred_by === userId) throw fieldError('referral_code', 'referral_invalid');

  return db.transaction().execute(async (tx) => {
    if (!(await setReferrer(tx, userId, referrer.id, now))) {
      throw fieldError('referral_code', 'referral_already_set');
    }
    return { rewarded: await checkReferralReward(tx, userId, now) };
  });
}
