import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PackCardPage } from '@gacha/contract/packs';
import { packCardsRoute } from '@gacha/contract/routes/packs';
import { call, unwrap } from '../../../lib/api.ts';

/** GET /user/pack/card_list/{packId}/{page}: 20 prizes a page, best first (spec §3 Card in pack). */
export async function fetchPackCards(packId: string, page: number): Promise<PackCardPage> {
  return unwrap(await call(packCardsRoute, { params: { packId, page } }, { background: true }));
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
