import { loginRoute } from '@gacha/contract/routes/auth';
import type { LoginInput } from '@gacha/contract/user';
import { call } from '../../../lib/api.ts';
import { loadCurrentUser } from '../../../lib/session.ts';

/** POST /user/login {mail, pass, save_cookie}; on success the current user is loaded again. */
export async function login(input: LoginInput) {
  const res = await call(loginRoute, { body: input });
  if (res.state === 200) await loadCurrentUser().catch(() => undefined);
  return res;
}
