import { useQuery } from '@tanstack/react-query';
import type { CardType } from '@gacha/contract/packs';
import { api, unwrap } from '../../../lib/api.ts';

/** GET /user/card_type → { list }. */
export function useCardTypes() {
  return useQuery({
    queryKey: ['packs', 'card_type'],
    queryFn: async () => {
      const res = unwrap(await api.get<{ list: CardType[] }>('user/card_type', { background: true }));
      return Array.isArray(res.list) ? res.list : [];
    },
    staleTime: 10 * 60_000,
  });
}
