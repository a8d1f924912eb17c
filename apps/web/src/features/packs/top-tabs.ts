/** The Top tabs and their ids (spec §2). Pack tabs list GET /user/pack/all_list/{id}/1. */
export const TOP_TABS = [
  { id: -2, key: 'tabs.howTo' },
  { id: -1, key: 'tabs.record' },
  { id: 2, key: 'tabs.pokemon' },
  { id: 5, key: 'tabs.onePiece' },
  { id: 1, key: 'tabs.yugioh' },
  { id: 999996, key: 'tabs.tcgMix' },
  { id: 9999, key: 'tabs.hobby' },
  { id: 999995, key: 'tabs.others' },
] as const;

export type TopTabId = (typeof TOP_TABS)[number]['id'];
export const HOW_TO_TAB = -2;
export const RECORD_TAB = -1;
export const DEFAULT_TAB: TopTabId = 2;
/** The query parameter that keeps the tab in the URL. */
export const TAB_PARAM = 'tab';

export function parseTab(value: string | null): TopTabId {
  const n = Number(value);
  return (TOP_TABS.find((t) => t.id === n)?.id ?? DEFAULT_TAB) as TopTabId;
}

/** The translation key of a card type id, for titles such as the pack list's. */
export function cardTypeKey(id: number): string | undefined {
  return TOP_TABS.find((t) => t.id === id && t.id > 0)?.key;
}
