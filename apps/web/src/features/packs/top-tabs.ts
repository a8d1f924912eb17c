import type { CardTypeTab } from '../../lib/card-types.ts';

/**
 * The Top tabs (spec §2): How to play, Winning record, then the card types staff show on Top, in their order
 * (lib/card-types.ts). Pack tabs list GET /user/pack/all_list/{id}/1.
 */
export const HOW_TO_TAB = -2;
export const RECORD_TAB = -1;
const FIXED_TABS = [
  { id: HOW_TO_TAB, key: 'tabs.howTo' },
  { id: RECORD_TAB, key: 'tabs.record' },
] as const;
/** The query parameter that keeps the tab in the URL. */
export const TAB_PARAM = 'tab';

export function topTabs(
  types: readonly CardTypeTab[],
  t: (key: string) => string,
): { value: number; label: string }[] {
  return [
    ...FIXED_TABS.map((x) => ({ value: x.id, label: t(x.key) })),
    ...types.filter((x) => x.top_tab).map((x) => ({ value: x.id, label: x.name })),
  ];
}

/** The tab a `?tab=` value names: a fixed tab or a shown card type; otherwise the first card type's. */
export function parseTab(value: string | null, types: readonly CardTypeTab[]): number {
  const n = Number(value);
  if (n === HOW_TO_TAB || n === RECORD_TAB) return n;
  const shown = types.filter((x) => x.top_tab);
  return (shown.find((x) => x.id === n) ?? shown[0])?.id ?? HOW_TO_TAB;
}
