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

/** Every navigation asks for this before the first paint: the schema (and zod) load alongside the request. */
const currentUserAnswer = () => import('@gacha/contract/user').then((m) => m.currentUserSchema);

export async function fetchCurrentUser(): Promise<CurrentUser> {
  return unwrap(await api.get('user/point', { answer: currentUserAnswer, background: true }));
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
