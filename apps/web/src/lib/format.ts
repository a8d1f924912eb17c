/**
 * Formatting shared by every screen (spec §9): dates in Japan time (the API's yy/mm/dd written out so that no
 * reader can misread it: '28 Dec 2026' in English, '2026/12/28' in Japanese), moments with a time in a form
 * no reader can misread, money with the yen sign, gems as whole numbers, coins with one decimal where
 * fractional, countdowns as HH.MM.SS, names in each language's order. Screens format through this module only.
 */

export const JST_TIME_ZONE = 'Asia/Tokyo';
const JST_OFFSET_MS = 9 * 60 * 60 * 1000; // Japan has no daylight saving time

/**
 * 1234567 → '1,234,567' (a whole number ≥ 0). Written out rather than through Intl.NumberFormat: the first Intl
 * formatter of a page loads the locale's number data, about a tenth of a second of a phone's main thread while
 * the page starts, for commas.
 */
function group(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A number ≥ 0 with its thousands grouped and `decimals` places (rounded half up). */
function groupFixed(value: number, decimals: number): string {
  const [whole = '0', fraction] = value.toFixed(decimals).split('.');
  return fraction === undefined ? group(Number(whole)) : `${group(Number(whole))}.${fraction}`;
}

type DateInput = Date | string | number;

function toDate(input: DateInput): Date | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : input;
  if (typeof input === 'number') return Number.isFinite(input) ? new Date(input) : null;
  const trimmed = input.trim();
  if (!trimmed) return null;
  // 'YYYY-MM-DD HH:mm:ss' or 'YYYY/MM/DD' without a zone is read as Japan time (spec §4).
  const local = parseJstDateTime(trimmed);
  if (local) return local;
  const d = new Date(trimmed);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The calendar parts of a moment as seen in Japan. */
export function jstParts(date: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const shifted = new Date(date.getTime() + JST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Reads a wall-clock time without a zone ('2025-10-09 22:00', '2025/10/09 22:00:00', '2025-10-09') as Japan
 * time. Returns null for anything else (strings with a zone or 'T…Z' are left to Date).
 */
export function parseJstDateTime(value: string): Date | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const utc =
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - JST_OFFSET_MS;
  return new Date(utc);
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The API's dates (spec §9: yy/mm/dd, Japan's calendar day), e.g. '26/12/28' → 28 December 2026. */
function apiDay(value: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(value.trim());
  return m ? { year: 2000 + Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

/**
 * A calendar day in Japan time, unambiguous in each language: '28 Dec 2026' in English (26/12/28 reads as a
 * different day in each English-speaking country), '2026/12/28' in Japanese. Reads instants, zone-less Japan
 * wall-clock strings and the API's yy/mm/dd; '' for an empty or unreadable value.
 */
export function formatDate(input: DateInput | null | undefined, lang: string): string {
  if (input === null || input === undefined) return '';
  let p: { year: number; month: number; day: number } | null =
    typeof input === 'string' ? apiDay(input) : null;
  if (!p) {
    const date = toDate(input);
    if (!date) return '';
    p = jstParts(date);
  }
  if (lang === 'ja') return `${p.year}/${pad2(p.month)}/${pad2(p.day)}`;
  return `${p.day} ${MONTHS_EN[p.month - 1]} ${p.year}`;
}

/** The same day as an ISO date, for a <time dateTime> ('' when unreadable). */
export function isoDate(input: DateInput | null | undefined): string {
  if (input === null || input === undefined) return '';
  const api = typeof input === 'string' ? apiDay(input) : null;
  const date = api ? null : toDate(input);
  const p = api ?? (date ? jstParts(date) : null);
  return p ? `${p.year}-${pad2(p.month)}-${pad2(p.day)}` : '';
}

/**
 * A moment with its time (a sale start, a campaign window, a payment deadline, a purchase) in Japan time, in a
 * form no reader can misread: '10 Oct 2025, 04:00' in English, '2025年10月10日 04:00' in Japanese. The text
 * around it says "Japan time". Dates alone use formatDate.
 */
export function formatDateTime(input: DateInput | null | undefined, lang: string): string {
  if (input === null || input === undefined) return '';
  const date = toDate(input);
  if (!date) return '';
  const p = jstParts(date);
  const time = `${pad2(p.hour)}:${pad2(p.minute)}`;
  if (lang === 'ja') return `${p.year}年${p.month}月${p.day}日 ${time}`;
  return `${p.day} ${MONTHS_EN[p.month - 1]} ${p.year}, ${time}`;
}

/** ¥1,000 (whole yen; negative as -¥1,000). */
export function formatYen(amount: number): string {
  if (!Number.isFinite(amount)) return '¥0';
  const rounded = Math.round(amount);
  const sign = rounded < 0 ? '-' : '';
  return `${sign}¥${group(Math.abs(rounded))}`;
}

/** Gems are whole numbers: 12,500. */
export function formatGems(amount: number): string {
  if (!Number.isFinite(amount)) return '0';
  const whole = Math.trunc(amount);
  return whole < 0 ? `-${group(-whole)}` : group(whole);
}

/**
 * Coins: one decimal where fractional (12.5, 1,234.5), whole otherwise (12). Accepts whole coins as a
 * number (possibly fractional) — prefer formatCoinTenths with the wire value when there is one.
 */
export function formatCoins(amount: number): string {
  if (!Number.isFinite(amount)) return '0';
  return formatCoinTenths(Math.round(amount * 10));
}

/** Coins from tenths as sent on the wire (DOMAIN.md): 125 → "12.5", 120 → "12". */
export function formatCoinTenths(tenths: number): string {
  if (!Number.isFinite(tenths)) return '0';
  const t = Math.round(tenths);
  const text = groupFixed(Math.abs(t) / 10, t % 10 === 0 ? 0 : 1);
  return t < 0 ? `-${text}` : text;
}

/** HH.MM.SS for a countdown (spec §4); hours may run past 99; a past moment shows 00.00.00. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${pad2(h)}.${pad2(m)}.${pad2(s)}`;
}

/** True when `now` lies in [start, end). */
export function isWithin(now: Date, start: Date, end: Date): boolean {
  const t = now.getTime();
  return t >= start.getTime() && t < end.getTime();
}

export interface PersonName {
  lastName: string;
  middleName?: string;
  firstName: string;
}

/** A member's name in the order of the page's language: first name first in English, family name first in Japanese. */
export function formatName(name: PersonName, lang: string): string {
  const parts =
    lang === 'ja'
      ? [name.lastName, name.middleName, name.firstName]
      : [name.firstName, name.middleName, name.lastName];
  return parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
}
