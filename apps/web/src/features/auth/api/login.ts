import { currentUserSchema, type LoginInput } from '@gacha/contract/user';
import { api } from '../../../lib/api.ts';
import { loadCurrentUser } from '../../../lib/session.ts';

/** POST /user/login {mail, pass, save_cookie}; on success the current user is loaded again. */
export async function login(input: LoginInput) {
  const res = await api.post('user/login', input, { answer: currentUserSchema });
  if (res.state === 200) await loadCurrentUser().catch(() => undefined);
  return res;
}
