/**
 * The card types with a tab of their own (spec §2 Top tabs, the exchange counter's tabs): id → the `packs`
 * namespace key of their name, in the order of the Top page's tabs.
 */
export const CARD_TYPE_TABS = [
  { id: 2, key: 'tabs.pokemon' },
  { id: 5, key: 'tabs.onePiece' },
  { id: 1, key: 'tabs.yugioh' },
  { id: 999996, key: 'tabs.tcgMix' },
  { id: 9999, key: 'tabs.hobby' },
  { id: 999995, key: 'tabs.others' },
] as const;

/** The translation key (`packs` namespace) of a card type id, for titles such as the pack list's. */
export function cardTypeKey(id: number): string | undefined {
  return CARD_TYPE_TABS.find((t) => t.id === id)?.key;
}
