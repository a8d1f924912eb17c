import { RANKS, rankForSpend, rankInfo, type RankInfo } from '@gacha/contract/user';

const JST_OFFSET_MS = 9 * 3600 * 1000; // Japan has no daylight saving time

export interface JstMonth {
  start: Date; // 00:00 JST on the 1st, as an instant
  end: Date; // start of the next month
  key: string; // 'YYYY-MM' in JST
  nextKey: string;
}

const monthKey = (year: number, month0: number) => {
  const d = new Date(Date.UTC(year, month0, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The calendar month (Asia/Tokyo) that contains `now`. */
export function jstMonth(now: Date): JstMonth {
  const shifted = new Date(now.getTime() + JST_OFFSET_MS);
  const y = shifted.getUTCFullYear();
  const m = shifted.getUTCMonth();
  return {
    start: new Date(Date.UTC(y, m, 1) - JST_OFFSET_MS),
    end: new Date(Date.UTC(y, m + 1, 1) - JST_OFFSET_MS),
    key: monthKey(y, m),
    nextKey: monthKey(y, m + 1),
  };
}

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
