import { useQuery } from '@tanstack/react-query';
import type { PackDetail, PackDetailAnswer } from '@gacha/contract/packs';
import { api, apiPath, ApiStateError } from '../../../lib/api.ts';

/** GET /user/pack/detail/{packId} → { pack }; null when the pack does not exist (state 404). */
export async function fetchPackDetail(id: string): Promise<PackDetail | null> {
  const res = await api.get<PackDetailAnswer>(apiPath('user', 'pack', 'detail', id));
  if (res.state === 404) return null;
  if (res.state !== 200) throw new ApiStateError(res);
  return res.pack && typeof res.pack.id === 'number' ? res.pack : null;
}

export function usePackDetail(id: string) {
  return useQuery({ queryKey: ['packs', 'detail', id], queryFn: () => fetchPackDetail(id), staleTime: 0 });
}
