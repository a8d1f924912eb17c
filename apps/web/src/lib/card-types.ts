import { useQuery } from '@tanstack/react-query';
import type { CardTypeTab } from '@gacha/contract/packs';
import { cardTypesRoute } from '@gacha/contract/routes/packs';
import { call, unwrap } from './api.ts';
import { useLang } from './i18n.ts';

export type { CardTypeTab };

/**
 * GET /user/card_type: every card type in the tabs' order, named in the page's language, with whether staff
 * show it as a tab on Top and at the exchange counter. The server renders Top with this answer in the page
 * (modules/site/page-renderer.ts, same query key). Top asks for this before its first paint: the route's schemas
 * (and zod) load alongside the request.
 */
export function useCardTypes() {
  const lang = useLang();
  return useQuery({
    queryKey: ['packs', 'card_type', lang],
    queryFn: async () => unwrap(await call(cardTypesRoute, {}, { background: true })).list,
    staleTime: 60_000,
  });
}

/** A card type's name, when the list is in. */
export function cardTypeName(types: readonly CardTypeTab[] | undefined, id: number): string | undefined {
  return types?.find((t) => t.id === id)?.name;
}
