import { logoutRoute } from '@gacha/contract/routes/auth';
import { call } from './api.ts';
import { queryClient } from './query-client.ts';

/**
 * GET /user/logout; state 200 → the caller goes to /login (spec §4). Cached member data is dropped. The account
 * menu (in the first-paint bundle) calls this: the route's schema loads when it runs.
 */
export async function logout(): Promise<boolean> {
  const res = await call(logoutRoute, {});
  if (res.state !== 200) return false;
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' || q.queryKey[1] !== 'country' });
  sessionStorage.removeItem('gacha.register.secret');
  sessionStorage.removeItem('gacha.address.confirm'); // lib/append-address.ts
  return true;
}
