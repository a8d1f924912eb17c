import { historyModes, type HistoryMode, type SendState } from '@gacha/contract/draws';

/** The status filter of spec §2 Histories, in its order, with the locale key of each. */
export const FILTERS: readonly { mode: HistoryMode; key: string }[] = [
  { mode: 'all', key: 'filter.all' },
  { mode: 'unselected', key: 'filter.unselected' },
  { mode: 'ship', key: 'filter.notYetShipped' },
  { mode: 'shipped', key: 'filter.shipped' },
  { mode: 'convert', key: 'filter.noShipment' },
];

/**
 * What the buying history shows (?view=): the pack purchases (the spec's list), or the cards exchanged for coins
 * at the exchange counter, which ship like won cards and are looked for in the same place.
 */
export type HistoryView = 'packs' | 'exchanges';
export const VIEWS: readonly { view: HistoryView; key: string }[] = [
  { view: 'packs', key: 'view.packs' },
  { view: 'exchanges', key: 'view.exchanges' },
];

export function parseView(raw: string | null): HistoryView {
  return raw === 'exchanges' ? 'exchanges' : 'packs';
}

export function parseMode(raw: string | null): HistoryMode {
  return (historyModes as readonly string[]).includes(raw ?? '') ? (raw as HistoryMode) : 'all';
}

export function parsePage(raw: string | null): number {
  return raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
}

/** Locale key of a shipping state (spec §4 Shipping states). */
export function sendStateKey(state: SendState | string): string {
  switch (state) {
    case 'unselected':
      return 'state.unselected';
    case 'not_yet_shipped':
      return 'state.notYetShipped';
    case 'shipped':
      return 'state.shipped';
    case 'no_shipment':
      return 'state.noShipment';
    default:
      return 'state.unselected';
  }
}

/** Where a history row leads (spec §4 History row): status '1' → the detail, otherwise the choose list. */
export function rowTarget(item: { id: number; status: '0' | '1' }): string {
  return item.status === '1'
    ? `/buy-product-history-detail?${new URLSearchParams({ packHistoryId: String(item.id) })}`
    : `/get-card-list?${new URLSearchParams({ c: String(item.id) })}`;
}
