import type { Currency, PurchaseRefusal } from '@gacha/contract/draws';

/** A refused check or buy as the API client reads it: the state, the reason code and the message to show. */
export interface Refusal {
  state: number;
  reason: PurchaseRefusal | null;
  message: string;
}

/**
 * What the page shows for a refused check or buy (spec §2 Pack detail, §8): a balance too small opens the
 * 'Not enough points' (gems) or 'Not enough coins' modal; any other refusal (sold out, above what is left, the
 * pack's limit, …) shows its message, or `fallback` when the answer carried none.
 */
export type RefusalView = { kind: 'short'; currency: Currency } | { kind: 'message'; text: string };

export function refusalView(refusal: Refusal, fallback: string): RefusalView {
  if (refusal.reason === 'not_enough_gems') return { kind: 'short', currency: 'gem' };
  if (refusal.reason === 'not_enough_coins') return { kind: 'short', currency: 'coin' };
  return { kind: 'message', text: refusal.message || fallback };
}
