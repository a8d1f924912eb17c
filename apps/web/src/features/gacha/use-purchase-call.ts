import { useNavigate } from 'react-router';
import { sessionEnded } from '../../lib/session.ts';
import { useSubmit } from '@gacha/client/use-submit';
import { State } from '../../lib/api.ts';
import type { Refusal } from './refusal.ts';

interface PurchaseInput {
  packId: number;
  count: number;
}

/**
 * A check or a purchase as the member starts it (BUY, Yes): one at a time, so a double click sends one request
 * (@gacha/client/use-submit). An accepted answer goes to `done`, a refusal to `refused` (refusal.ts decides what it
 * shows), no answer at all to `failed`.
 *
 * A refusal for want of a session (cookies cleared, or the session expired while the confirm dialog was open) is
 * a guest's buy (spec §2): the member is now a guest everywhere on the page (the header's balance included) and
 * goes to /login?packId=, which brings them back to the pack; a message under the count would only say what the
 * login page does.
 */
export function usePurchaseCall<A extends { ok: true }>(
  call: (packId: number, count: number) => Promise<A | ({ ok: false } & Refusal)>,
  on: { done: (answer: A) => void; refused: (refusal: Refusal) => void; failed: () => void },
) {
  const navigate = useNavigate();
  return useSubmit({
    mutationFn: ({ packId, count }: PurchaseInput) => call(packId, count),
    onSuccess: (answer, { packId }) => {
      if (answer.ok) return on.done(answer as A);
      if (answer.state === State.notLoggedIn) {
        sessionEnded();
        navigate(`/login?${new URLSearchParams({ packId: String(packId) })}`);
        return;
      }
      on.refused(answer);
    },
    onError: () => on.failed(),
  });
}
