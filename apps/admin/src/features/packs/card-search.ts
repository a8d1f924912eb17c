import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { adminCardListSchema } from '@gacha/contract/admin';
import { cardListRoute } from '@gacha/contract/routes/admin-catalogue';
import type { z } from 'zod';
import { call, unwrap } from '../../lib/api.ts';

export type CardOption = z.infer<typeof adminCardListSchema>['list'][number];

/** How many cards a picker offers at a time: the newest of the type, or those the text finds. */
export const PICKER_SIZE = 20;

/**
 * The cards of a type a picker offers (GET /api/admin/cards?type&q&per): the server searches names in either
 * language, model numbers and #ids, so a catalogue of any size never comes to the browser whole.
 */
export function useCardSearch(type: number | null, text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['admin', 'cards', 'search', type, q],
    enabled: type !== null,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(await call(cardListRoute, { query: { type: type ?? undefined, q, per: PICKER_SIZE } })),
  });
}
