import { api } from './api.ts';
import { queryClient } from './query-client.ts';

/** GET /user/logout; state 200 → the caller goes to /login (spec §4). Cached member data is dropped. */
export async function logout(): Promise<boolean> {
  const res = await api.get('user/logout');
  if (res.state !== 200) return false;
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' || q.queryKey[1] !== 'country' });
  sessionStorage.removeItem('gacha.register.secret');
  return true;
}
