import { RANKS, rankForSpend, rankInfo, type RankInfo } from '@gacha/contract/user';
import { jstMonth } from '../../db/time.ts';

export interface RankStatus {
  current: RankInfo;
  next: RankInfo;
  /** Spend at which the bar is full: the current rank's upper bound (its lower bound at the top rank). */
  barMax: number;
  /** Gems still to spend this month to earn the rank above what the spend earns now. */
  toNextRank: number;
  /** The member may pay coins to keep the current rank for next month. */
  maintenanceOffered: boolean;
}

/**
 * Where a member stands this month (DOMAIN.md Ranks): `rank` is fixed for the month, this month's spend
 * decides next month's rank, and a paid maintenance for next month keeps at least the current rank.
 */
export function rankStatus(args: { rank: number; spend: number; maintainedMonth: string | null; now: Date }) {
  const current = rankInfo(args.rank);
  const earned = rankForSpend(args.spend);
  const maintained = args.maintainedMonth === jstMonth(args.now).nextKey;
  const next = maintained && current.id > earned.id ? current : earned;
  const above = RANKS.find((r) => r.id === earned.id + 1);
  return {
    current,
    next,
    barMax: current.maxSpend ?? current.minSpend,
    toNextRank: above ? Math.max(0, above.minSpend - args.spend) : 0,
    maintenanceOffered: current.keepCoins > 0 && earned.id < current.id && !maintained,
  } satisfies RankStatus;
}
