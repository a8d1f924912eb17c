import { packPhaseAt, type PhaseFields } from '../../lib/pack-phase.ts';

/** Upcoming packs first; the server's order is kept within each group; sold-out and ended packs last. */
export function orderPacks<T extends PhaseFields>(packs: readonly T[], now: Date): T[] {
  const rank = (p: T) => ({ before: 0, onSale: 1, soldOut: 2, ended: 2 })[packPhaseAt(p, now)];
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
  const upcoming = ordered.filter((p) => packPhaseAt(p, now) === 'before').length;
  const limit = Math.max(COLLAPSED_COUNT, upcoming + 1);
  const visible = expanded ? [...ordered] : ordered.slice(0, limit);
  return { visible, hidden: ordered.length - visible.length, collapsible: ordered.length > limit };
}
