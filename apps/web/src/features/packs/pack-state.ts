import type { PackSummary } from '@gacha/contract/packs';
import { parseJstDateTime } from '../../lib/format.ts';

export type PackPhase = 'before' | 'onSale' | 'soldOut' | 'ended';

/** When sales start: start_at (ISO UTC) when given, else start_date read as Japan time (spec §4). */
export function packStart(pack: Pick<PackSummary, 'start_at' | 'start_date'>): Date | null {
  if (pack.start_at) {
    const d = new Date(pack.start_at);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return pack.start_date ? parseJstDateTime(pack.start_date) : null;
}

type PhaseFields = Pick<PackSummary, 'start_at' | 'start_date' | 'pack_count' | 'is_before'> &
  Partial<Pick<PackSummary, 'is_end' | 'is_sold_out' | 'end_at'>>;

/** before sale (counting down) → on sale → sold out when pack_count is 0 (spec §4), or ended. */
export function packPhase(pack: PhaseFields, now: Date): PackPhase {
  const start = packStart(pack);
  if (start ? start.getTime() > now.getTime() : pack.is_before) return 'before';
  if (pack.pack_count <= 0 || pack.is_sold_out) return 'soldOut';
  const end = pack.end_at ? new Date(pack.end_at) : null;
  if (pack.is_end || (end && !Number.isNaN(end.getTime()) && end.getTime() <= now.getTime())) return 'ended';
  return 'onSale';
}

/** Milliseconds until sales start (0 once started). */
export function msUntilStart(pack: Pick<PackSummary, 'start_at' | 'start_date'>, now: Date): number {
  const start = packStart(pack);
  return start ? Math.max(0, start.getTime() - now.getTime()) : 0;
}

/** Upcoming packs first; the server's order is kept within each group; sold-out and ended packs last. */
export function orderPacks<T extends PhaseFields>(packs: readonly T[], now: Date): T[] {
  const rank = (p: T) => ({ before: 0, onSale: 1, soldOut: 2, ended: 2 })[packPhase(p, now)];
  return packs
    .map((pack, index) => ({ pack, index }))
    .sort((a, b) => rank(a.pack) - rank(b.pack) || a.index - b.index)
    .map((x) => x.pack);
}

/** How many banners show while a list is collapsed ("hide all but the latest"), besides upcoming packs. */
export const COLLAPSED_COUNT = 4;

/**
 * The show-rest toggle (spec §2): collapsed, the upcoming packs and the latest ones on sale show (at least
 * COLLAPSED_COUNT, always one past the upcoming ones); expanded, all of them.
 */
export function visiblePacks<T extends PhaseFields>(
  ordered: readonly T[],
  now: Date,
  expanded: boolean,
): { visible: T[]; hidden: number; collapsible: boolean } {
  const upcoming = ordered.filter((p) => packPhase(p, now) === 'before').length;
  const limit = Math.max(COLLAPSED_COUNT, upcoming + 1);
  const visible = expanded ? [...ordered] : ordered.slice(0, limit);
  return { visible, hidden: ordered.length - visible.length, collapsible: ordered.length > limit };
}
