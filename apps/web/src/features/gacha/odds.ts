/**
 * How the fairness pages write a chance: a percentage with three significant digits ('33.3%', '2.5%',
 * '0.0333%'), 0% for none, 100% only for a certainty, in the member's language's number format.
 */
export function formatChance(chance: number, lang: string): string {
  if (!Number.isFinite(chance) || chance <= 0) return '0%';
  if (chance >= 1) return '100%';
  // a chance just below certainty is not written as one
  if (chance > 0.999) return '>99.9%';
  return new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'percent',
    maximumSignificantDigits: 3,
  }).format(chance);
}

/** The share of a bar (0–100) a count takes of a whole, at least a sliver when it is not zero. */
export function barShare(part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Math.max(2, Math.min(100, (part / whole) * 100));
}
