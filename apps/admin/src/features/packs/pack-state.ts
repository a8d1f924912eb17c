import type { z } from 'zod';
import type { AdminPackState, adminPackRowSchema } from '@gacha/contract/admin';

export type PackRow = z.infer<typeof adminPackRowSchema>;
export type PackState = AdminPackState;

/** What staff see of a pack's life: a draft, or the sale phase of a published pack. */
export function packState(pack: Pick<PackRow, 'status' | 'phase'>): PackState {
  return pack.status === 'draft' ? 'draft' : pack.phase;
}

export const STATE_LABEL: Record<PackState, string> = {
  draft: 'packs.stateDraft',
  before: 'packs.stateBefore',
  on_sale: 'packs.stateOnSale',
  sold_out: 'packs.stateSoldOut',
  ended: 'packs.stateEnded',
};

export const packsKey = ['admin', 'packs'] as const;
export const packKey = (id: number) => ['admin', 'pack', id] as const;
