import { useQuery } from '@tanstack/react-query';
import { adminCardListSchema } from '@gacha/contract/admin';
import type { z } from 'zod';
import { api, query, unwrap } from '../../lib/api.ts';

export type CardOption = z.infer<typeof adminCardListSchema>['list'][number];

/** Every card of a card type (all the API's pages), for the prizes editor's card choice. */
export function useAllCards(type: number | null) {
  return useQuery({
    queryKey: ['admin', 'cards', 'all', type],
    enabled: type !== null,
    queryFn: async () => {
      const out: CardOption[] = [];
      for (let page = 1, last = 1; page <= last && page <= 100; page++) {
        const res = unwrap(await api.get(`admin/cards${query({ type, page })}`, adminCardListSchema));
        out.push(...res.list);
        last = res.all_page;
      }
      return out;
    },
  });
}
