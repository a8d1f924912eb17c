import type { PurchaseRefusal } from '@gacha/contract/draws';
import type { Lang } from '@gacha/contract/messages';
import { ApiError, type MessageRef } from '../../http/api-error.ts';
import { discountedPrice } from '../ranks/service.ts';
import { memberPlays, type Executor, type PackRow } from './repo.ts';

/** packs.payment_method: a gem pack; anything else (2) is a coin pack. */
export const GEM_PACK = 1;

export function refuse(state: number, reason: PurchaseRefusal, ref?: MessageRef): ApiError {
  return new ApiError(state, { errors: { count: ref ?? reason }, extra: { reason } });
}

/** Sale state and the pack's own count limits (spec §5 Purchase count, DOMAIN.md sale states). */
export function assertOnSale(pack: PackRow, count: number, now: Date): void {
  const at = now.toISOString();
  if (pack.start_at > at) throw refuse(400, 'pack_not_started');
  if (pack.end_at !== null && pack.end_at <= at) throw refuse(400, 'pack_ended');
  const remaining = pack.total_pack_count - pack.sold_count;
  if (remaining <= 0) throw refuse(409, 'pack_sold_out');
  if (pack.max_buy_count > 0 && count > pack.max_buy_count) throw refuse(400, 'max_count_exceeded');
  if (count > remaining) {
    throw refuse(400, 'count_above_remaining', { key: 'count_above_remaining', params: { remaining } });
  }
}

/** `can_limit`: the member's plays on the pack are capped at limit_count, refused with the pack's message. */
export async function assertWithinLimit(
  ex: Executor,
  pack: PackRow,
  userId: number,
  count: number,
  lang: Lang,
) {
  if (!pack.can_limit) return;
  const played = await memberPlays(ex, userId, pack.id);
  if (played + count <= pack.limit_count) return;
  const text = (lang === 'ja' ? pack.limit_message_ja : pack.limit_message_en).trim();
  if (!text) throw refuse(400, 'pack_limit_exceeded');
  throw new ApiError(400, {
    extra: { reason: 'pack_limit_exceeded', errors: { count: [text] }, message: text },
  });
}

export function priceOf(pack: PackRow, count: number, rank: number) {
  const base = pack.point * count;
  if (pack.payment_method !== GEM_PACK)
    return { currency: 'coin' as const, base, price: base, discountPercent: 0 };
  const d = discountedPrice(base, rank);
  return { currency: 'gem' as const, base, price: d.price, discountPercent: d.discountPercent };
}

/** A won item's action_type: '2' (shipping only) for every coin-pack item and for ship-only prizes. */
export function actionTypeOf(gemPack: boolean, prize: { ship_only: number }): '0' | '2' {
  return !gemPack || prize.ship_only ? '2' : '0';
}
