/** Stored times are ISO-8601 UTC strings (sortable as text on both engines). */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

/** Calendar months later, the day clamped to the target month's end (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.toISOString();
}

/** Japan has had no daylight saving time since 1951: Japan time is UTC + 9 h for every stored instant. */
export const JST_OFFSET_MS = 9 * 3600 * 1000;

/** 'YYYY-MM-DD HH:mm:ss' in Japan time (offset arithmetic: a fraction of Intl's cost, on every buy). */
export function formatJst(iso: string | Date): string {
  const shifted = new Date(new Date(iso).getTime() + JST_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)}`;
}

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

/** The calendar month (Asia/Tokyo) that contains `now`: business months, ranks, the monthly rate. */
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

/** 'yy/mm/dd' in Japan time (spec §9). */
export function formatJstDate(iso: string): string {
  return formatJst(iso).slice(2, 10).replace(/-/g, '/');
}
