import type { PackSummary } from '@gacha/contract/packs';
import { parseJstDateTime } from './format.ts';

/**
 * The sale phase of a pack (spec §4 Pack): before sale (counting down to start_date, Japan time) → on sale →
 * sold out when pack_count is 0, or ended after the end date. The one copy of these rules for every page that
 * shows a pack (the pack list's order and show-rest toggle, features/packs/pack-state.ts, build on it).
 */
export type PackPhase = 'before' | 'onSale' | 'soldOut' | 'ended';

/** The fields of a pack (list row or detail) the phase is read from. */
export type PhaseFields = Pick<PackSummary, 'start_at' | 'start_date' | 'pack_count' | 'is_before'> &
  Partial<Pick<PackSummary, 'is_end' | 'is_sold_out' | 'end_at'>>;

/** When sales start: start_at (ISO UTC) when given, else start_date read as Japan time. */
export function packStartAt(pack: Pick<PackSummary, 'start_at' | 'start_date'>): Date | null {
  if (pack.start_at) {
    const d = new Date(pack.start_at);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return pack.start_date ? parseJstDateTime(pack.start_date) : null;
}

export function packPhaseAt(pack: PhaseFields, now: Date): PackPhase {
  const start = packStartAt(pack);
  if (start ? start.getTime() > now.getTime() : pack.is_before) return 'before';
  if (pack.pack_count <= 0 || pack.is_sold_out) return 'soldOut';
  const end = pack.end_at ? new Date(pack.end_at) : null;
  if (pack.is_end || (end && !Number.isNaN(end.getTime()) && end.getTime() <= now.getTime())) return 'ended';
  return 'onSale';
}

/** Milliseconds until sales start (0 once started). */
export function msUntilSaleStart(pack: Pick<PackSummary, 'start_at' | 'start_date'>, now: Date): number {
  const start = packStartAt(pack);
  return start ? Math.max(0, start.getTime() - now.getTime()) : 0;
}
