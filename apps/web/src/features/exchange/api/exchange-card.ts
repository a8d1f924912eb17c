import { EXCHANGE_QUANTITY } from '@gacha/contract/exchange';
import { exchangeCardRoute } from '@gacha/contract/routes/exchange';
import { call } from '../../../lib/api.ts';

/** POST /user/exchange_card/exchange {card_id, change_num: 1}: the exchange; refusals as the check's. */
export function exchangeCard(cardId: number) {
  return call(exchangeCardRoute, { body: { card_id: cardId, change_num: EXCHANGE_QUANTITY } });
}
