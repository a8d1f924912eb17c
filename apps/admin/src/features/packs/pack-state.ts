import type { z } from 'zod';
import type { ParseKeys } from 'i18next';
import type { AdminPackState, adminPackRowSchema } from '@gacha/contract/admin';

export type PackRow = z.infer<typeof adminPackRowSchema>;
export type PackState = AdminPackState;

/** What staff see of a pack's life: a draft, or the sale phase of a published pack. */
export function packState(pack: Pick<PackRow, 'status' | 'phase'>): PackState {
  return pack.status === 'draft' ? 'draft' : pack.phase;
}

/** Each state's label: a key of the namespace `console`. */
export const STATE_LABEL: Record<PackState, ParseKeys<'console'>> = {
  draft: 'packs.stateDraft',
  before: 'packs.stateBefore',
  on_sale: 'packs.stateOnSale',
  sold_out: 'packs.stateSoldOut',
  ended: 'packs.stateEnded',
};

export const packsKey = ['admin', 'packs'] as const;
export const packKey = (id: number) => ['admin', 'pack', id] as const;
