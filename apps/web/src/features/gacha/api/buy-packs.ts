import type { BuyPackResult } from '@gacha/contract/draws';
import { buyPacksRoute } from '@gacha/contract/routes/draws';
import { call, fieldsOf } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentUserKey } from '../../../lib/session.ts';
import type { Refusal } from '../refusal.ts';
import { refusalOf } from './check-purchase.ts';
import { withRoomPass } from './get-room.ts';
import { resultKey } from './get-purchase-result.ts';

export type BuyAnswer = { ok: true; result: BuyPackResult } | ({ ok: false } & Refusal);

/**
 * POST /user/pack/buy {packId, count, roomPass}: the buy-pack result (spec §3). On success the result is put in the cache
 * for the opening and the list, and everything that shows counts or balances is marked stale.
 */
export async function buyPacks(packId: number, count: number): Promise<BuyAnswer> {
  // the answer's schema before the purchase: if its code cannot load (a tab from before a deploy), nothing is bought
  // rather than a purchase whose answer cannot be read
  await buyPacksRoute.schemas();
  const res = await withRoomPass(packId, (roomPass) =>
    call(buyPacksRoute, { body: { packId, count: String(count), roomPass } }),
  );
  if (res.state === 200) {
    const result = fieldsOf(res);
    queryClient.setQueryData(resultKey(null), result);
    if (result.purchase_id !== null) queryClient.setQueryData(resultKey(result.purchase_id), result);
    void queryClient.invalidateQueries({ queryKey: ['packs'] });
    void queryClient.invalidateQueries({ queryKey: ['gacha', 'fairness'] });
    void queryClient.invalidateQueries({ queryKey: ['history'] });
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    return { ok: true, result };
  }
  // a refusal may come from a count that changed meanwhile: show fresh counts
  void queryClient.invalidateQueries({ queryKey: ['packs'] });
  return { ok: false, ...refusalOf(res) };
}
