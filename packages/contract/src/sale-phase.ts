/**
 * The sale phase of a pack (DOMAIN.md Packs and lots, spec §4 Pack): before sale (counting down to the start)
 * → on sale → sold out (nothing left) or ended (the end time has passed). A pack that is both sold out and past
 * its end is sold out. The one copy of this rule: the server answers the pack's flags and refuses purchases
 * with it, the web shows the banner and the buy button with it.
 */
export type SalePhase = 'before' | 'on_sale' | 'sold_out' | 'ended';

export interface SaleWindow {
  /** When sales start, in ms since the epoch. */
  startMs: number;
  /** When sales end, in ms since the epoch; null when the sale has no end. */
  endMs: number | null;
  /** Lots left. */
  remaining: number;
}

export function salePhase(pack: SaleWindow, nowMs: number): SalePhase {
  if (pack.startMs > nowMs) return 'before';
  if (pack.remaining <= 0) return 'sold_out';
  if (pack.endMs !== null && pack.endMs <= nowMs) return 'ended';
  return 'on_sale';
}
