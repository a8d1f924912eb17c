/**
 * How the fairness pages write a chance: a percentage with three significant digits ('33.3%', '2.5%',
 * '0.0333%'), 0% for none, 100% only for a certainty; the same in both languages.
 */
export function formatChance(chance: number): string {
  if (!Number.isFinite(chance) || chance <= 0) return '0%';
  if (chance >= 1) return '100%';
  // a chance just below certainty is not written as one
  if (chance > 0.999) return '>99.9%';
  // three significant digits, half up, trailing zeros dropped: what Intl's percent format gives in both languages,
  // without loading its locale data on the pack page (lib/format.ts says why). Intl rounds the decimal the number
  // reads as (0.1095 → 11%), not its binary value (10.949999…): toPrecision(12) takes the binary noise off first.
  const percent = chance * 100;
  const decimals = Math.min(20, Math.max(0, 2 - Math.floor(Math.log10(percent))));
  const scaled = Math.round(Number((percent * 10 ** decimals).toPrecision(12)));
  const text = (scaled / 10 ** decimals).toFixed(decimals);
  return `${text.includes('.') ? text.replace(/\.?0+$/, '') : text}%`;
}

/** The share of a bar (0–100) a count takes of a whole, at least a sliver when it is not zero. */
export function barShare(part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Math.max(2, Math.min(100, (part / whole) * 100));
}
