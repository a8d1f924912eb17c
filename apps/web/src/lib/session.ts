import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@gacha/contract/user';
import { api, unwrap } from './api.ts';
import { queryClient } from './query-client.ts';

/** GET /user/point: the current user (guests included) and, through the client, a fresh csrf pair. */
export const currentUserKey = ['user', 'point'] as const;

export const GUEST: CurrentUser = {
  is_login: '0',
  point: 0,
  coin: 0,
  coin_tenths: 0,
  rank: 1,
  rank_name: '',
  lang: 'en',
};

export async function fetchCurrentUser(): Promise<CurrentUser> {
  const res = unwrap(await api.get<CurrentUser>('user/point', { background: true }));
  return {
    is_login: res.is_login === '1' ? '1' : '0',
    point: Number(res.point ?? 0),
    coin: Number(res.coin ?? 0),
    coin_tenths: Number(res.coin_tenths ?? Math.round(Number(res.coin ?? 0) * 10)),
    rank: Number(res.rank ?? 1),
    rank_name: String(res.rank_name ?? ''),
    lang: res.lang === 'ja' ? 'ja' : 'en',
  };
}

/** Loads the current user now (every navigation does; spec §2). Concurrent callers share one request. */
export function loadCurrentUser(): Promise<CurrentUser> {
  return queryClient.fetchQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 0 });
}

export function useCurrentUser() {
  return useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
}

export function isLoggedIn(user: CurrentUser | undefined): boolean {
  return user?.is_login === '1';
}
