/**
 * The consumption tax inside a displayed price (DOMAIN.md Units: displayed prices include 10% tax; the tax part
 * shown is round(price × 10 / 110), half up). Whole yen in, whole yen out; the only place this rounding is written.
 */
export const TAX_RATE_PERCENT = 10;

export function taxIncluded(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return 0;
  const part = Math.round(price) * TAX_RATE_PERCENT; // the tax part is part / whole
  const whole = 100 + TAX_RATE_PERCENT;
  // half up, in integers (no 0.5 lost to floating point): floor(part / whole + 1/2)
  return Math.floor((2 * part + whole) / (2 * whole));
}
