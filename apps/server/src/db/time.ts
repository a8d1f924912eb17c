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

const jst = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' in Japan time. */
export function formatJst(iso: string): string {
  const p = Object.fromEntries(jst.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** 'yy/mm/dd' in Japan time (spec §9). */
export function formatJstDate(iso: string): string {
  return formatJst(iso).slice(2, 10).replace(/-/g, '/');
}
