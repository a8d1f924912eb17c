import type { PackSummary } from '@gacha/contract/packs';
import { salePhase } from '@gacha/contract/sale-phase';
import { parseJstDateTime } from './format.ts';

/**
 * The sale phase of a pack (spec §4 Pack) as the pages name it, decided by the contract's one rule
 * (sale-phase.ts, which the server refuses purchases with) on the pack's fields as the list or the detail
 * answers them. Every page that shows a pack reads it here (the pack list's order and show-rest toggle,
 * features/packs/pack-state.ts, build on it).
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

const PHASE_NAMES = { before: 'before', on_sale: 'onSale', sold_out: 'soldOut', ended: 'ended' } as const;

export function packPhaseAt(pack: PhaseFields, now: Date): PackPhase {
  const start = packStartAt(pack);
  const end = pack.end_at ? Date.parse(pack.end_at) : NaN;
  const t = now.getTime();
  const phase = salePhase(
    {
      // without a readable start, the server's flag says whether the sale has started
      startMs: start ? start.getTime() : pack.is_before ? Infinity : -Infinity,
      endMs: pack.is_end ? -Infinity : Number.isNaN(end) ? null : end,
      remaining: pack.is_sold_out ? 0 : pack.pack_count,
    },
    t,
  );
  return PHASE_NAMES[phase];
}

/** Milliseconds until sales start (0 once started). */
export function msUntilSaleStart(pack: Pick<PackSummary, 'start_at' | 'start_date'>, now: Date): number {
  const start = packStartAt(pack);
  return start ? Math.max(0, start.getTime() - now.getTime()) : 0;
}
