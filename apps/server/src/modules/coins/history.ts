import type { CoinHistoryItem, CoinHistoryPage } from '@gacha/contract/coins';
import { message, type Lang } from '@gacha/contract/messages';
import { pageInfo } from '@gacha/contract/paging';
import { rankInfo } from '@gacha/contract/user';
import type { Db } from '../../db/index.ts';
import { formatJstDate } from '../../db/time.ts';
import * as repo from './repo.ts';

export const COIN_HISTORY_PAGE_SIZE = 20;

/** 'purchase:12' → ['purchase', 12]; anything else → null. */
function referenceOf(ref: string | null): { kind: string; id: number; rest: string[] } | null {
  if (!ref) return null;
  const [kind, id, ...rest] = ref.split(':');
  if (!kind || !id || !/^\d+$/.test(id)) return kind ? { kind, id: 0, rest: [id ?? '', ...rest] } : null;
  return { kind, id: Number(id), rest };
}

/**
 * GET /user/coin_history/{page} (spec §2 /coin-history, §3 Coin history item): the member's coin ledger, newest
 * first, each row with a readable reason in the member's language: earned on a named pack, paid for a coin pack,
 * the exchange of a named card, rank maintenance, a grant by the shop.
 */
export async function coinHistory(
  db: Db,
  args: { userId: number; page: number; lang: Lang },
): Promise<CoinHistoryPage> {
  const total = await repo.countLedger(db, args.userId);
  const info = pageInfo(args.page, total, COIN_HISTORY_PAGE_SIZE);
  const rows = await repo.ledgerPage(db, args.userId, {
    limit: COIN_HISTORY_PAGE_SIZE,
    offset: (info.page - 1) * COIN_HISTORY_PAGE_SIZE,
  });
  const refs = rows.map((r) => referenceOf(r.reference));
  const purchaseIds = refs.filter((r) => r?.kind === 'purchase').map((r) => r!.id);
  const exchangeIds = refs.filter((r) => r?.kind === 'exchange').map((r) => r!.id);
  const [packs, cards] = await Promise.all([
    repo.packNamesOfPurchases(db, purchaseIds),
    repo.cardNamesOfExchanges(db, exchangeIds),
  ]);
  const name = (row: { name_en: string; name_ja: string } | undefined) =>
    row ? (args.lang === 'ja' ? row.name_ja : row.name_en) : '';
  const packOf = new Map(packs.map((p) => [p.id, name(p)]));
  const cardOf = new Map(cards.map((c) => [c.id, name(c)]));
  const list = rows.map((r, i): CoinHistoryItem => {
    const ref = refs[i];
    let memo: string;
    let historyId: number | null = ref && ref.id > 0 ? ref.id : null;
    switch (r.reason) {
      case 'pack_purchase_reward':
        memo = message('coin_memo_earned', args.lang, { pack: packOf.get(ref?.id ?? 0) ?? '' });
        break;
      case 'pack_purchase':
        memo = message('coin_memo_coin_pack', args.lang, { pack: packOf.get(ref?.id ?? 0) ?? '' });
        break;
      case 'exchange':
        memo = message('coin_memo_exchange', args.lang, { card: cardOf.get(ref?.id ?? 0) ?? '' });
        break;
      case 'rank_maintenance': {
        // reference 'rank:YYYY-MM:rankId'
        const [month, rank] = ref?.rest ?? [];
        historyId = null;
        memo = message('coin_memo_rank', args.lang, {
          rank: rankInfo(Number(rank ?? ref?.id ?? 0)).name[args.lang],
          month: String(month ?? ''),
        });
        break;
      }
      case 'admin':
        memo = message('coin_memo_admin', args.lang);
        historyId = null;
        break;
      case 'admin_deduction':
        memo = message('coin_memo_admin_deduction', args.lang);
        historyId = null;
        break;
      default:
        memo = r.reason;
    }
    return {
      id: r.id,
      bonusCoin: r.delta_tenths > 0 ? r.delta_tenths / 10 : 0,
      money: r.delta_tenths < 0 ? -r.delta_tenths / 10 : 0,
      created: formatJstDate(r.created_at),
      memo,
      history_id: historyId,
    };
  });
  return { list, ...info };
}
