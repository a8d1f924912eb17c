import type { ResultCard } from '@gacha/contract/draws';

/**
 * Card choice (spec §4): action_type '2' cards are forced to ship; '0' cards toggle between ship and convert;
 * what is not chosen for shipping converts to gems. Only items still 'unselected' take part.
 */

export function isShipOnly(card: Pick<ResultCard, 'action_type'>): boolean {
  return card.action_type === '2';
}

export function pendingCards<T extends Pick<ResultCard, 'status'>>(cards: readonly T[]): T[] {
  return cards.filter((c) => c.status === 'unselected');
}

export interface Decision {
  send: number[];
  reduction: number[];
}

/** The decision for the pending cards given the ids the member chose to ship (forced ones always ship). */
export function splitDecision(
  cards: readonly Pick<ResultCard, 'history_id' | 'action_type' | 'status'>[],
  ship: ReadonlySet<number>,
): Decision {
  const send: number[] = [];
  const reduction: number[] = [];
  for (const c of pendingCards(cards)) {
    if (isShipOnly(c) || ship.has(c.history_id)) send.push(c.history_id);
    else reduction.push(c.history_id);
  }
  return { send, reduction };
}

/** Gems received for the converted cards. */
export function gemsFor(
  cards: readonly Pick<ResultCard, 'history_id' | 'buy_point'>[],
  ids: readonly number[],
): number {
  const set = new Set(ids);
  return cards.reduce((sum, c) => (set.has(c.history_id) ? sum + Math.max(0, c.buy_point) : sum), 0);
}

/** The ship choice in the query: `ship=4,7,9` (history ids). */
export function encodeShip(ids: Iterable<number>): string {
  return [...new Set(ids)].sort((a, b) => a - b).join(',');
}

export function decodeShip(raw: string | null): Set<number> {
  const out = new Set<number>();
  for (const part of (raw ?? '').split(',')) {
    if (/^\d{1,10}$/.test(part.trim())) out.add(Number(part.trim()));
  }
  return out;
}
