import { api } from './api.ts';
import { queryClient } from './query-client.ts';

/** The account menu (in the first-paint bundle) calls this: its schema loads when it runs. */
const emptyAnswer = () => import('@gacha/contract/envelope-schema').then((m) => m.emptyAnswerSchema);

/** GET /user/logout; state 200 → the caller goes to /login (spec §4). Cached member data is dropped. */
export async function logout(): Promise<boolean> {
  const res = await api.get('user/logout', { answer: emptyAnswer });
  if (res.state !== 200) return false;
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' || q.queryKey[1] !== 'country' });
  sessionStorage.removeItem('gacha.register.secret');
  sessionStorage.removeItem('gacha.address.confirm'); // lib/append-address.ts
  return true;
}
