import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { PackTypePage } from '@gacha/contract/packs';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** The Top page asks for this before its first paint: the schema (and zod) load alongside the request. */
const packTypePageAnswer = () => import('@gacha/contract/packs').then((m) => m.packTypePageSchema);

/** GET /user/pack/all_list/{type}/{page}: one page of packs of a card type (spec §7). */
export async function fetchPackList(type: number, page: number): Promise<PackTypePage> {
  return unwrap(
    await api.get(apiPath('user', 'pack', 'all_list', type, page), {
      answer: packTypePageAnswer,
      background: true,
    }),
  );
}

export function usePackList(type: number, page = 1, enabled = true) {
  return useQuery({
    queryKey: ['packs', 'all_list', type, page],
    queryFn: () => fetchPackList(type, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
