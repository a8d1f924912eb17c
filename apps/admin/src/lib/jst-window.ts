import { formatJst } from './format.ts';

/**
 * A time window (a banner's, a campaign's, a coupon's, an exchange card's), either end open when null or '':
 * where `now` stands in it, and its ends as the console shows them (JST, the label saying so).
 */
export type WindowPhase = 'upcoming' | 'open' | 'ended';

export function windowPhase(
  start: string | null | undefined,
  end: string | null | undefined,
  now: number = Date.now(),
): WindowPhase {
  if (start && Date.parse(start) > now) return 'upcoming';
  if (end && Date.parse(end) <= now) return 'ended';
  return 'open';
}

/** '2026/12/01 12:00' (JST, without the suffix: the column or label names the zone). */
export function formatJstShort(iso: string | null | undefined): string {
  return formatJst(iso).replace(/ JST$/, '');
}
