import { CARD_TYPE_TABS } from '../../lib/card-types.ts';

/** The Top tabs and their ids (spec §2). Pack tabs list GET /user/pack/all_list/{id}/1. */
export const TOP_TABS = [
  { id: -2, key: 'tabs.howTo' },
  { id: -1, key: 'tabs.record' },
  ...CARD_TYPE_TABS,
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
