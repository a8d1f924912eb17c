import { EXCHANGE_QUANTITY } from '@gacha/contract/exchange';
import { checkExchangeRoute } from '@gacha/contract/routes/exchange';
import { call } from '../../../lib/api.ts';

/**
 * POST /user/exchange_card/check {card_id, change_num: 1}: what the exchange would take (result '1'); changes
 * nothing. A refusal carries errors.count and result '-3' (stock or limit) or '-1', or errors.address.
 */
export function checkExchange(cardId: number) {
  return call(checkExchangeRoute, { body: { card_id: cardId, change_num: EXCHANGE_QUANTITY } });
}
