import { message, type Lang } from '@gacha/contract/messages';
import { pageInfo } from '@gacha/contract/paging';
import type { PointHistoryList } from '@gacha/contract/payments';
import type { Db } from '../../db/index.ts';
import { formatJstDate } from '../../db/time.ts';
import { ledgerMemoKey, ledgerPage, referenceId } from '../gems/service.ts';
import { paymentAmounts } from './repo.ts';

/** The gem history page, from the gem ledger. */

export const HISTORY_PAGE_SIZE = 10;

/** GET /user/point/list/{page}: Your gems history (Date, About, Amount, Gems) from the gem ledger. */
export async function pointHistory(
  db: Db,
  args: { userId: number; page: number; lang: Lang },
): Promise<PointHistoryList> {
  let { total, rows } = await ledgerPage(db, {
    userId: args.userId,
    page: args.page,
    perPage: HISTORY_PAGE_SIZE,
  });
  const info = pageInfo(args.page, total, HISTORY_PAGE_SIZE);
  if (info.page !== args.page && total > 0)
    ({ total, rows } = await ledgerPage(db, {
      userId: args.userId,
      page: info.page,
      perPage: HISTORY_PAGE_SIZE,
    }));
  const paymentIds = rows
    .filter((r) => r.reference?.startsWith('payment:'))
    .map((r) => referenceId(r.reference)!);
  const amounts = await paymentAmounts(db, args.userId, paymentIds);
  return {
    ...info,
    list: rows.map((r) => ({
      id: r.id,
      bonusPoint: r.delta,
      money: r.reference?.startsWith('payment:') ? (amounts.get(referenceId(r.reference)!) ?? 0) : 0,
      created: formatJstDate(r.created_at),
      memo: message(ledgerMemoKey(r.reason), args.lang),
      history_id: referenceId(r.reference),
      balance: r.balance_after,
    })),
  };
}
