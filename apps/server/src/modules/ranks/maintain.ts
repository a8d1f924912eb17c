import type { BuyRankResult } from '@gacha/contract/coins';
import type { Lang } from '@gacha/contract/messages';
import type { Db } from '../../db/index.ts';
import { jstMonth } from '../../db/time.ts';
import { ApiError, notFound, type MessageRef } from '../../http/api-error.ts';
import { spendCoinsOr } from '../coins/service.ts';
import { lockGemAccount } from '../gems/service.ts';
import { markRankMaintained } from '../account/service.ts';
import * as repo from './repo.ts';
import { monthlyGemSpend } from './spend.ts';
import { rankStatus } from './status.ts';

const refuse = (ref: MessageRef) => new ApiError(400, { errors: { count: ref } });

/**
 * POST /user/buy_rank {coin, next_month_rank} (spec §4 Rank maintenance, DOMAIN.md Ranks): a Silver, Gold or
 * Rainbow member whose spend this month would not keep the rank pays its coins-to-keep once in the month and keeps
 * the rank next month. In one transaction with the member's row locked, so two at once take the coins once.
 */
export async function buyRank(
  db: Db,
  args: { userId: number; coin: number; nextMonthRank: number; lang: Lang },
  now: Date,
): Promise<BuyRankResult> {
  const next = jstMonth(now).nextKey;
  return db.transaction().execute(async (tx) => {
    await lockGemAccount(tx, args.userId);
    const member = await repo.rankMember(tx, args.userId);
    if (!member) throw notFound();
    const spend = await monthlyGemSpend(tx, args.userId, now);
    const status = rankStatus({
      rank: member.rank,
      spend,
      maintainedMonth: member.rank_maintained_month,
      now,
    });
    if (member.rank_maintained_month === next) throw refuse('rank_already_maintained');
    if (!status.maintenanceOffered) throw refuse('rank_not_eligible');
    const keep = status.current.keepCoins;
    if (args.coin !== keep || args.nextMonthRank !== status.current.id) throw refuse('rank_mismatch');
    if (member.coin_tenths < keep * 10) throw refuse('coin_short');
    if (!(await markRankMaintained(tx, args.userId, next))) throw refuse('rank_already_maintained');
    const left = (
      await spendCoinsOr(
        tx,
        {
          userId: args.userId,
          tenths: keep * 10,
          reason: 'rank_maintenance',
          reference: `rank:${next}:${status.current.id}`,
        },
        now,
        () => refuse('coin_short'),
      )
    ).balanceAfter;
    return {
      result: '1',
      next_month: status.current.id,
      next_month_name: status.current.name[args.lang],
      coin: left / 10,
    };
  });
}
