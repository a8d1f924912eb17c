import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lastSettingBetween, settingsBetween, upsertSetting } from './repo.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The monthly USD/JPY rate the dollar prices use (spec §2: "the rate is updated at noon Japan time on the 1st
 * of every month"). The shop stores one rate per month in `settings` under `fx_usd_jpy:YYYY-MM` (yen per
 * dollar); the rate of month M applies from M-01 12:00 JST (= 03:00 UTC) until the next stored month takes
 * over. Until any rate is stored, FX_USD_JPY applies, dated the current month's 1st.
 */
export const FX_KEY_PREFIX = 'fx_usd_jpy:';
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface FxRate {
  rate: number;
  /** 'YYYY-MM' whose 1st (12:00 JST) the rate took effect. */
  month: string;
  /** When it took effect. */
  since: Date;
}

/** The month whose rate applies at `now`: the JST month, but the 1st only from 12:00 JST. */
export function rateMonthAt(now: Date): string {
  const shifted = new Date(now.getTime() - 3 * 3600_000); // 12:00 JST = 03:00 UTC
  return `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function rateEffectiveFrom(month: string): Date {
  return new Date(`${month}-01T03:00:00.000Z`);
}

export async function fxRateAt(db: Executor, now: Date, fallbackRate: number): Promise<FxRate> {
  const current = rateMonthAt(now);
  const row = await lastSettingBetween(db, FX_KEY_PREFIX, `${FX_KEY_PREFIX}${current}`);
  const month = row?.key.slice(FX_KEY_PREFIX.length);
  const rate = Number(row?.value);
  if (row && month && MONTH.test(month) && Number.isFinite(rate) && rate > 0)
    return { rate, month, since: rateEffectiveFrom(month) };
  return { rate: fallbackRate, month: current, since: rateEffectiveFrom(current) };
}

/** Stores (or replaces) the rate of a month. */
export async function setMonthlyRate(db: Executor, month: string, rate: number): Promise<void> {
  if (!MONTH.test(month)) throw new Error('month must be YYYY-MM');
  if (!Number.isFinite(rate) || rate <= 0 || rate > 10_000)
    throw new Error('rate must be yen per dollar (0–10000)');
  await upsertSetting(db, `${FX_KEY_PREFIX}${month}`, String(rate));
}

export async function listRates(db: Executor): Promise<{ month: string; rate: number }[]> {
  const rows = await settingsBetween(db, FX_KEY_PREFIX, `${FX_KEY_PREFIX}~`);
  return rows.map((r) => ({ month: r.key.slice(FX_KEY_PREFIX.length), rate: Number(r.value) }));
}

/** Yen → US cents at a rate (yen per dollar), half up. */
export function yenToCents(yen: number, rate: number): number {
  return Math.round((yen * 100) / rate);
}
