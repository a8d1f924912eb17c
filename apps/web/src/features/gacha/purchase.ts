import { MAX_PURCHASE_COUNT } from '@gacha/contract/limits';
import type { PackSummary } from '@gacha/contract/packs';

/**
 * Purchase count (spec §5): at least 1, at most the smallest of pack_count, 3000 and max_buy_count (when above 0).
 * 0 when nothing can be bought.
 */
export function maxPurchaseCount(pack: Pick<PackSummary, 'pack_count' | 'max_buy_count'>): number {
  const limits = [Math.max(0, Math.floor(pack.pack_count)), MAX_PURCHASE_COUNT];
  if (pack.max_buy_count > 0) limits.push(Math.floor(pack.max_buy_count));
  return Math.max(0, Math.min(...limits));
}

/** The values of the count select: 1..max. */
export function countOptions(max: number): number[] {
  return Array.from({ length: Math.max(0, max) }, (_, i) => i + 1);
}

/** A count from the query or the select, clamped to 1..max; null when it is not a positive integer. */
export function parseCount(raw: string | null | undefined, max = MAX_PURCHASE_COUNT): number | null {
  if (!raw || !/^\d{1,5}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  if (n < 1) return null;
  return Math.min(n, Math.max(1, max));
}

/** The list price of N plays (before any rank discount, which the check applies). */
export function listPrice(point: number, count: number): number {
  return Math.max(0, point) * Math.max(0, count);
}
