import { useQuery } from '@tanstack/react-query';
import { cardTypeListSchema } from '@gacha/contract/packs';
import { api, unwrap } from '../../../lib/api.ts';

/** GET /user/card_type → { list } (the pack list page, a lazy chunk: the schema is imported as is). */
export function useCardTypes() {
  return useQuery({
    queryKey: ['packs', 'card_type'],
    queryFn: async () =>
      unwrap(await api.get('user/card_type', { answer: cardTypeListSchema, background: true })).list,
    staleTime: 10 * 60_000,
  });
}
