import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMemberDetail } from '@gacha/contract/admin-members';
import type { AnswerOf, Route } from '@gacha/contract/route';
import {
  memberCoinLedgerRoute,
  memberDetailRoute,
  memberGemLedgerRoute,
  memberGemLotsRoute,
  memberItemsRoute,
  memberPaymentsRoute,
  memberPurchasesRoute,
} from '@gacha/contract/routes/admin-members';
import { rankInfo } from '@gacha/contract/user';
import { call, unwrap } from '../../lib/api.ts';

/**
 * The member page's calls (GET /api/admin/members/{id} and its paged tabs), one query key per member so an
 * action refreshes everything shown of that member at once.
 */
export const MEMBERS_KEY = ['admin', 'members'] as const;
export const memberKey = (id: number) => [...MEMBERS_KEY, id] as const;

export type Member = AdminMemberDetail['member'];

export function useMember(id: number) {
  return useQuery({
    queryKey: [...memberKey(id), 'detail'],
    queryFn: async () => unwrap(await call(memberDetailRoute, { params: { id } })),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The member's paged lists, by the tab that shows them. */
export const LIST_CALLS = {
  'gem-lots': memberGemLotsRoute,
  'gem-ledger': memberGemLedgerRoute,
  'coin-ledger': memberCoinLedgerRoute,
  purchases: memberPurchasesRoute,
  items: memberItemsRoute,
  payments: memberPaymentsRoute,
} as const;
export type ListName = keyof typeof LIST_CALLS;
export type ListAnswer<N extends ListName> = AnswerOf<(typeof LIST_CALLS)[N]>;
export type ListRow<N extends ListName> = ListAnswer<N>['list'][number];

export function useMemberList<N extends ListName>(
  id: number,
  name: N,
  params: Record<string, string | number | undefined>,
) {
  const route = LIST_CALLS[name];
  return useQuery({
    queryKey: [...memberKey(id), name, params],
    // one tab's route of six, called as any route (the union of their query types names none)
    queryFn: async () => unwrap(await call<Route>(route, { params: { id }, query: params })) as ListAnswer<N>,
    placeholderData: keepPreviousData,
  });
}

/** Coins travel in tenths; staff read them with one decimal ('12.5'). */
export function formatCoins(tenths: number, lang: string): string {
  return (tenths / 10).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** '1,000' → 1000; null for anything but whole digits (thousands separators and spaces allowed). */
export function parseWhole(value: string): number | null {
  const clean = value.replace(/[,\s]/g, '');
  return /^\d{1,9}$/.test(clean) ? Number(clean) : null;
}

/** '12.5' → 125 tenths; null for anything but an amount with at most one decimal. */
export function parseCoins(value: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d))?$/.exec(value.replace(/[,\s]/g, ''));
  if (!m) return null;
  return Number(m[1]) * 10 + Number(m[2] ?? 0);
}

export function formatYen(yen: number, lang: string): string {
  return `¥${yen.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US')}`;
}

/** The rank's name (1 White … 5 Rainbow) in the staff member's language. */
export function rankName(rank: number, lang: string): string {
  const info = rankInfo(rank);
  return lang === 'ja' ? info.name.ja : info.name.en;
}

/** "Last Middle First" without the empty parts ('' when none). */
export function fullName(m: Pick<Member, 'last_name' | 'middle_name' | 'first_name'>): string {
  return [m.last_name, m.middle_name, m.first_name].filter((p) => p.trim()).join(' ');
}

/**
 * A value-moving action's request id (contract adminRequestId): made once when its dialog opens and sent with
 * every submit of that dialog, so a retry after a lost answer changes the balance once. From getRandomValues,
 * which a page served over plain http has too (randomUUID needs a secure context).
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `req-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
