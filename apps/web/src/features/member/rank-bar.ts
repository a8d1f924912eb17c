/**
 * Width of the monthly rank bar on my page, in percent (spec §2: the width is capped at 100%).
 * Gems spent this month (`current`) against the next rank's threshold (`max`): 0 to 100, never NaN.
 * Without a usable maximum (0, negative, NaN or infinite) the bar is full when something was spent,
 * otherwise empty.
 */
export function rankBarPercent(current: number, max: number): number {
  const spent = Number.isFinite(current) && current > 0 ? current : 0;
  if (!Number.isFinite(max) || max <= 0) return spent > 0 ? 100 : 0;
  return Math.min(100, (spent / max) * 100);
}
