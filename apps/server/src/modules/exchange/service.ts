import {
  EXCHANGE_HISTORY_PAGE_SIZE,
  EXCHANGE_PAGE_SIZE,
  EXCHANGE_QUANTITY,
  type ExchangeCard,
  type ExchangeCheckResult,
  type ExchangeHistoryPage,
  type ExchangeListPage,
  type ExchangeRefusalResult,
  type ExchangeResult,
  type ExchangeSort,
} from '@gacha/contract/exchange';
import type { Lang } from '@gacha/contract/messages';
import { pageInfo } from '@gacha/contract/paging';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import type { Db } from '../../db/index.ts';
import { formatJstDate } from '../../db/time.ts';
import { ApiError, fieldError, notFound, type MessageRef } from '../../http/api-error.ts';
import { refuseIfSuspended } from '../account/service.ts';
import { spendCoinsOr } from '../coins/service.ts';
import { lockGemAccount } from '../gems/service.ts';
import { joinOpenShipment } from '../shipping/service.ts';
import * as repo from './repo.ts';

/**
 * The exchange counter (spec §2, §4, §7; DOMAIN.md Exchange counter): cards for coins. `check` decides
 * everything an exchange would and changes nothing; `exchange` does it in one transaction: one from stock (a
 * conditional update), the member's limit, the exchange row (a shipping item of the member's open batch) and
 * the coins (a ledger row naming the exchange).
 */

export { insertExchangeCard, type NewExchangeCard } from './repo.ts';

const refuse = (result: ExchangeRefusalResult, ref: MessageRef, state = 400) =>
  new ApiError(state, { errors: { count: ref }, extra: { result } });

function toCard(r: repo.ExchangeCardRow, lang: Lang): ExchangeCard {
  return {
    id: r.id,
    name: lang === 'ja' ? r.name_ja : r.name_en,
    model_number: r.model_number,
    rarity: r.rarity,
    rarity_label: r.rarity_label,
    image: r.image_url,
    card_name: lang === 'ja' ? r.type_name_ja : r.type_name_en,
    sub_coin: r.sub_coin,
    stock: r.stock,
    change_num: EXCHANGE_QUANTITY,
  };
}

/** POST /user/exchange_card/list/{page}: the tab's cards on show, searched and sorted, 20 a page. */
export async function exchangeList(
  db: Db,
  q: { typeId: number; searchText: string; sort: ExchangeSort; page: number; lang: Lang },
  now: Date,
): Promise<ExchangeListPage> {
  const first = await repo.listVisible(db, {
    typeId: q.typeId,
    search: q.searchText,
    sort: q.sort,
    at: now.toISOString(),
    limit: EXCHANGE_PAGE_SIZE,
    offset: (Math.max(1, q.page) - 1) * EXCHANGE_PAGE_SIZE,
  });
  const info = pageInfo(q.page, first.total, EXCHANGE_PAGE_SIZE);
  const rows =
    info.page === q.page
      ? first.rows
      : (
          await repo.listVisible(db, {
            typeId: q.typeId,
            search: q.searchText,
            sort: q.sort,
            at: now.toISOString(),
            limit: EXCHANGE_PAGE_SIZE,
            offset: (info.page - 1) * EXCHANGE_PAGE_SIZE,
          })
        ).rows;
  return { list: rows.map((r) => toCard(r, q.lang)), ...info };
}

type Member = NonNullable<Awaited<ReturnType<typeof repo.exchangingMember>>>;

/** The rules an exchange applies, in the order a member meets them; throws the refusal. */
function decide(
  card: repo.ExchangeCardRow | undefined,
  member: Member,
  exchanged: number,
): repo.ExchangeCardRow {
  if (!card) throw notFound('exchange_card_not_found');
  // a card is shipped: the member gives a country address first, as when choosing to ship a won card
  if (member.country_id === null) throw fieldError('address', 'address_required');
  if (member.country_id === JAPAN_COUNTRY_ID) throw fieldError('address', 'shipping_to_japan');
  if (card.stock < EXCHANGE_QUANTITY) throw refuse('-3', 'exchange_out_of_stock', 409);
  if (card.member_limit > 0 && exchanged >= card.member_limit) {
    throw refuse('-3', { key: 'exchange_limit_reached', params: { limit: card.member_limit } }, 409);
  }
  if (member.coin_tenths < card.sub_coin * 10 * EXCHANGE_QUANTITY) throw refuse('-1', 'not_enough_coins');
  return card;
}

/** POST /user/exchange_card/check: what the exchange would do; changes nothing. */
export async function checkExchange(
  db: Db,
  args: { userId: number; cardId: number },
  now: Date,
): Promise<ExchangeCheckResult> {
  const [card, member, exchanged] = await Promise.all([
    repo.findVisible(db, args.cardId, now.toISOString()),
    repo.exchangingMember(db, args.userId),
    repo.memberExchanges(db, args.userId, args.cardId),
  ]);
  if (!member) throw notFound();
  const c = decide(card, member, exchanged);
  const coin = member.coin_tenths / 10;
  return {
    result: '1',
    card_id: c.id,
    change_num: EXCHANGE_QUANTITY,
    sub_coin: c.sub_coin,
    coin,
    coin_after: (member.coin_tenths - c.sub_coin * 10) / 10,
  };
}

/** POST /user/exchange_card/exchange: the exchange, in one transaction. */
export async function exchangeCard(
  db: Db,
  args: { userId: number; cardId: number; lang: Lang },
  now: Date,
): Promise<ExchangeResult> {
  return db.transaction().execute(async (tx) => {
    await lockGemAccount(tx, args.userId); // one member's exchanges queue: the limit is counted by one at a time
    await refuseIfSuspended(tx, args.userId);
    const at = now.toISOString();
    const [card, member, exchanged] = await Promise.all([
      repo.findVisible(tx, args.cardId, at),
      repo.exchangingMember(tx, args.userId),
      repo.memberExchanges(tx, args.userId, args.cardId),
    ]);
    if (!member) throw notFound();
    const c = decide(card, member, exchanged);
    if (!(await repo.takeOneFromStock(tx, c.id))) throw refuse('-3', 'exchange_out_of_stock', 409);
    const shipmentId = await joinOpenShipment(tx, args.userId, EXCHANGE_QUANTITY, now);
    const exchangeId = await repo.insertExchange(tx, {
      user_id: args.userId,
      exchange_card_id: c.id,
      card_id: c.card_id,
      sub_coin: c.sub_coin,
      shipment_id: shipmentId,
      created_at: at,
    });
    const left = (
      await spendCoinsOr(
        tx,
        {
          userId: args.userId,
          tenths: c.sub_coin * 10,
          reason: 'exchange',
          reference: `exchange:${exchangeId}`,
        },
        now,
        () => refuse('-1', 'not_enough_coins'),
      )
    ).balanceAfter;
    return {
      result: '1',
      exchange_id: exchangeId,
      card: toCard({ ...c, stock: c.stock - 1 }, args.lang),
      coin: left / 10,
    };
  });
}

/**
 * GET /user/exchange_history/{page}: the cards the member took at the counter, newest first, 10 a page (a page
 * past the end answers the last), each with the coins paid, the day (Japan time) and its shipping state: the
 * batch it joined is open ('not_yet_shipped') or shipped ('shipped', with the batch's tracking code).
 */
export async function exchangeHistory(
  db: Db,
  args: { userId: number; page: number; lang: Lang },
): Promise<ExchangeHistoryPage> {
  const total = await repo.countMemberExchanges(db, args.userId);
  const info = pageInfo(args.page, total, EXCHANGE_HISTORY_PAGE_SIZE);
  const rows = total
    ? await repo.memberExchangePage(db, args.userId, {
        limit: EXCHANGE_HISTORY_PAGE_SIZE,
        offset: (info.page - 1) * EXCHANGE_HISTORY_PAGE_SIZE,
      })
    : [];
  return {
    ...info,
    list: rows.map((r) => ({
      id: r.id,
      created: formatJstDate(r.created_at),
      card_id: r.card_id,
      name: args.lang === 'ja' ? r.name_ja : r.name_en,
      model_number: r.model_number,
      rarity: r.rarity,
      rarity_label: r.rarity_label,
      image: r.image_url,
      sub_coin: r.sub_coin,
      send_state: r.shipment_status === 'shipped' ? 'shipped' : 'not_yet_shipped',
      delivery_code: r.shipment_status === 'shipped' ? r.delivery_code || null : null,
    })),
  };
}
