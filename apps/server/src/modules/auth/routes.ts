import { loginSchema } from '@gacha/contract/user';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { State } from '@gacha/contract/envelope';
import { ApiError, notLoggedIn } from '../../http/api-error.ts';
import { isCrossSite } from '../../http/session.ts';
import { currentUser, login, userDetail } from './service.ts';

export function registerAuthRoutes({ api, db, config, sessions, clock }: ModuleDeps): void {
  api.post('/user/login', { body: loginSchema, rateLimit: 'login' }, async ({ req, reply, body, lang }) => {
    const userId = await login({ db, config }, { mail: body.mail, pass: body.pass, ip: req.ip }, clock.now());
    await sessions.start(req, reply, userId, body.save_cookie === '1');
    return currentUser(db, req.user, lang, clock.now());
  });

  // a GET (spec §7), so a link or an image on another site could send it with the cookie: only the shop's own
  // pages (and a typed address) may log a member out
  api.get('/user/logout', {}, async ({ req, reply }) => {
    if (isCrossSite(req)) throw new ApiError(State.csrf, { message: 'csrf' });
    await sessions.end(req, reply);
  });

  api.get('/user/point', {}, ({ user, lang }) => currentUser(db, user, lang, clock.now()));

  api.get('/user/detail', { auth: true }, async ({ user, lang }) => {
    const detail = await userDetail(db, user.id, lang, clock.now());
    if (!detail) throw notLoggedIn();
    return detail;
  });
}
