import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { PackTypePage } from '@gacha/contract/packs';
import { packTypePageRoute } from '@gacha/contract/routes/packs';
import { call, unwrap } from '../../../lib/api.ts';

/**
 * One page of packs of a card type (spec §7). The Top page asks for this before its first paint: the route's
 * schemas (and zod) load alongside the request.
 */
export async function fetchPackList(type: number, page: number): Promise<PackTypePage> {
  return unwrap(await call(packTypePageRoute, { params: { type, page } }, { background: true }));
}

export function usePackList(type: number, page = 1, enabled = true) {
  return useQuery({
    queryKey: ['packs', 'all_list', type, page],
    queryFn: () => fetchPackList(type, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
