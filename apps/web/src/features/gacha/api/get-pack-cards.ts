import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { packCardPageSchema, type PackCardPage } from '@gacha/contract/packs';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** GET /user/pack/card_list/{packId}/{page}: 20 prizes a page, best first (spec §3 Card in pack). */
export async function fetchPackCards(packId: string, page: number): Promise<PackCardPage> {
  return unwrap(
    await api.get(apiPath('user', 'pack', 'card_list', packId, page), {
      answer: packCardPageSchema,
      background: true,
    }),
  );
}

export function usePackCards(packId: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['gacha', 'cards', packId, page],
    queryFn: () => fetchPackCards(packId, page),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
