import { useQuery } from '@tanstack/react-query';
import { currentUserRoute } from '@gacha/contract/routes/auth';
import type { CurrentUser } from '@gacha/contract/user';
import { call, unwrap } from './api.ts';
import { queryClient } from './query-client.ts';
import { useHydrated } from './use-hydrated.ts';

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

/** Every navigation asks for this before the first paint: the route's schema (and zod) load alongside the request. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  return unwrap(await call(currentUserRoute, {}, { background: true }));
}

/** Loads the current user now (every navigation does; spec §2). Concurrent callers share one request. */
export function loadCurrentUser(): Promise<CurrentUser> {
  return queryClient.fetchQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 0 });
}

/** The current user as a component shows it: undefined and pending until it is known. */
export interface ShownUser {
  data: CurrentUser | undefined;
  isPending: boolean;
}

const UNKNOWN: ShownUser = { data: undefined, isPending: true };

/**
 * The current user. While React hydrates a served page it reads as still loading, as the server rendered it (a
 * served page is the same for everybody: the server never renders who asks). Its answer often arrives in the
 * middle of hydration; a part hydrated after that would render the member (a balance, no guest note) where the
 * HTML has none, and React would throw the served page away and draw it again (error #418). The member shows
 * in the render right after hydration.
 */
export function useCurrentUser(): ShownUser {
  const { data, isPending } = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
  const hydrated = useHydrated();
  return hydrated ? { data, isPending } : UNKNOWN;
}

/**
 * The server answered that nobody is logged in (the session expired or its cookie is gone): what the app holds of
 * the member is forgotten (the header shows no balance of theirs) and asked for again.
 */
export function sessionEnded(): void {
  void queryClient.resetQueries({ queryKey: currentUserKey });
}

export function isLoggedIn(user: CurrentUser | undefined): boolean {
  return user?.is_login === '1';
}
