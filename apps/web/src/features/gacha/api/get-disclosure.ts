import { useQuery } from '@tanstack/react-query';
import type { OddsDisclosure } from '@gacha/contract/pack-fairness';
import { disclosureRoute } from '@gacha/contract/routes/fairness';
import { call, unwrap } from '../../../lib/api.ts';

export const disclosureKey = (packId: string) => ['gacha', 'disclosure', packId] as const;

/** GET /user/pack/disclosure/{packId}: the odds as fixed at publishing (they never change). */
export async function fetchDisclosure(packId: string): Promise<OddsDisclosure> {
  return unwrap(await call(disclosureRoute, { params: { packId } }, { background: true }));
}

export function useDisclosure(packId: string) {
  return useQuery({
    queryKey: disclosureKey(packId),
    queryFn: () => fetchDisclosure(packId),
    staleTime: Infinity,
    enabled: packId !== '',
  });
}
