import { EXCHANGE_QUANTITY, exchangeCheckResultSchema } from '@gacha/contract/exchange';
import { api } from '../../../lib/api.ts';

/**
 * POST /user/exchange_card/check {card_id, change_num: 1}: what the exchange would take (result '1'); changes
 * nothing. A refusal carries errors.count and result '-3' (stock or limit) or '-1', or errors.address.
 */
export function checkExchange(cardId: number) {
  return api.post(
    'user/exchange_card/check',
    { card_id: cardId, change_num: EXCHANGE_QUANTITY },
    { answer: exchangeCheckResultSchema },
  );
}
