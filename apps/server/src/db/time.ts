import { sql, type Expression } from 'kysely';

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

/** 'YYYY-MM-DD' of the Japan-time day that holds `at`. */
export const jstDay = (at: Date) => new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * A stored time's UTC hour, 'YYYY-MM-DDTHH' (its first 13 characters: the same text function on both engines).
 * Reports group by it and fold the hours into JST days (jstDayOfUtcHour): Japan is UTC+9 all year, so every UTC
 * hour lies in one JST day.
 */
export const utcHourOf = (time: Expression<unknown>) => sql<string>`substr(${time}, 1, 13)`;

/** 'YYYY-MM-DD' (JST) of a UTC hour key 'YYYY-MM-DDTHH'. */
export const jstDayOfUtcHour = (hour: string) => jstDay(new Date(`${hour}:00:00.000Z`));

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

/** A list's days in Japan time (both included) as instants: from (included) and before (excluded). */
export function jstDayRange(from?: string, to?: string): { from?: string; before?: string } {
  const start = (day: string, plusDays = 0) =>
    new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000).toISOString();
  return { ...(from ? { from: start(from) } : {}), ...(to ? { before: start(to, 1) } : {}) };
}
