import { EXCHANGE_QUANTITY, exchangeResultSchema } from '@gacha/contract/exchange';
import { api } from '../../../lib/api.ts';

/** POST /user/exchange_card/exchange {card_id, change_num: 1}: the exchange; refusals as the check's. */
export function exchangeCard(cardId: number) {
  return api.post(
    'user/exchange_card/exchange',
    { card_id: cardId, change_num: EXCHANGE_QUANTITY },
    { answer: exchangeResultSchema },
  );
}
