import { useQuery } from '@tanstack/react-query';
import { cardTypesRoute } from '@gacha/contract/routes/admin-catalogue';
import { call, unwrap } from './api.ts';
import { useLang } from './i18n.ts';

/** The card types (the shop's Top tabs, GET /api/admin/card-types), for the selects of cards and packs. */
export function useCardTypes() {
  const lang = useLang();
  const query = useQuery({
    queryKey: ['admin', 'card-types'],
    queryFn: async () => unwrap(await call(cardTypesRoute, {})).list,
    staleTime: 5 * 60_000,
  });
  const list = query.data ?? [];
  const nameOf = (id: number) => {
    const type = list.find((c) => c.id === id);
    return type ? (lang === 'ja' ? type.name_ja : type.name_en) : `#${id}`;
  };
  return { ...query, list, nameOf };
}
