/**
 * Times in the console are shown and entered in Japan time (Asia/Tokyo, UTC+9 all year, no daylight saving) and
 * sent as ISO instants, as the API takes them.
 */
const JST_OFFSET_MS = 9 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-12-01T03:00:00.000Z' → '2026-12-01T12:00' (a datetime-local value in JST); '' for none. */
export function toJstInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const d = new Date(ms + JST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** '2026-12-01T12:00' in JST → '2026-12-01T03:00:00.000Z'; '' when empty or not a time. */
export function fromJstInput(value: string): string {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?$/.exec(value.trim());
  if (!m) return '';
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - JST_OFFSET_MS;
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

/** An instant as '2026/12/01 12:00 JST' (without the zone where a heading names it: `zone: false`). */
export function formatJst(iso: string | null | undefined, { zone = true }: { zone?: boolean } = {}): string {
  const v = toJstInput(iso);
  return v ? `${v.slice(0, 10).replace(/-/g, '/')} ${v.slice(11)}${zone ? ' JST' : ''}` : '—';
}

export function formatNumber(n: number, lang: string): string {
  return n.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US');
}

/** A ratio (0.62) as a percentage ('62.0%'). */
export function formatPercent(ratio: number, lang: string): string {
  return (
    (ratio * 100).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }) + '%'
  );
}
