import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PackCard, PackCardPage } from '@gacha/contract/packs';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** GET /user/pack/card_list/{packId}/{page}: 20 prizes a page, best first (spec §3 Card in pack). */
export async function fetchPackCards(packId: string, page: number): Promise<PackCardPage> {
  const res = unwrap(
    await api.get<PackCardPage>(apiPath('user', 'pack', 'card_list', packId, page), { background: true }),
  );
  const list: PackCard[] = Array.isArray(res.list) ? res.list : [];
  return {
    list,
    page: Number(res.page ?? page),
    all_page: Number(res.all_page ?? 1),
    pages: Array.isArray(res.pages) ? res.pages.map(Number) : [1],
  };
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
