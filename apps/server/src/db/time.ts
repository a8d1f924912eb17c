/** Stored times are ISO-8601 UTC strings (sortable as text on both engines). */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + months);
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
