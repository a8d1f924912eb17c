import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { PackSummary, PackTypePage } from '@gacha/contract/packs';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** GET /user/pack/all_list/{type}/{page}: one page of packs of a card type (spec §7). */
export async function fetchPackList(type: number, page: number): Promise<PackTypePage> {
  const res = unwrap(
    await api.get<PackTypePage>(apiPath('user', 'pack', 'all_list', type, page), { background: true }),
  );
  const list: PackSummary[] = Array.isArray(res.list) ? res.list : [];
  return {
    list,
    page: Number(res.page ?? page),
    all_page: Number(res.all_page ?? 1),
    pages: Array.isArray(res.pages) ? res.pages.map(Number) : [1],
    card_type: res.card_type ?? { id: type, name: '' },
  };
}

export function usePackList(type: number, page = 1, enabled = true) {
  return useQuery({
    queryKey: ['packs', 'all_list', type, page],
    queryFn: () => fetchPackList(type, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
