import { useSubmit } from '../../lib/use-submit.ts';
import type { Refusal } from './refusal.ts';

interface PurchaseInput {
  packId: number;
  count: number;
}

/**
 * A check or a purchase as the member starts it (BUY, Yes): one at a time, so a double click sends one request
 * (lib/use-submit.ts). An accepted answer goes to `done`, a refusal to `refused` (refusal.ts decides what it
 * shows), no answer at all to `failed`.
 */
export function usePurchaseCall<A extends { ok: true }>(
  call: (packId: number, count: number) => Promise<A | ({ ok: false } & Refusal)>,
  on: { done: (answer: A) => void; refused: (refusal: Refusal) => void; failed: () => void },
) {
  return useSubmit({
    mutationFn: ({ packId, count }: PurchaseInput) => call(packId, count),
    onSuccess: (answer) => (answer.ok ? on.done(answer as A) : on.refused(answer)),
    onError: () => on.failed(),
  });
}
