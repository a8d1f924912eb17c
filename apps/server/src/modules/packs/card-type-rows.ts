import { cachedRows } from '../../cluster/cached-rows.ts';
import * as repo from './repo.ts';

/**
 * Every card type in tab order, kept in memory: the member's pages ask on every visit (service.ts cardTypes);
 * the staff rules that change a card type drop it in every process (staff-cards.ts).
 */
export const cardTypeRows = cachedRows('card_types', 10_000, repo.listCardTypes);
