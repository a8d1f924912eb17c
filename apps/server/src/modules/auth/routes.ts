import { State } from '@gacha/contract/envelope';
import { currentUserRoute, loginRoute, logoutRoute, userDetailRoute } from '@gacha/contract/routes/auth';
import { ApiError, notLoggedIn } from '../../http/api-error.ts';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import {
  deviceOf,
  MEMBER_DEVICE,
  trustDevice,
  trustedDevice as trustedDeviceOf,
} from '../../http/device-trust.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { serve } from '../../http/serve.ts';
import { isOwnPageRequest } from '../../http/session.ts';
import { currentUser, login, normalizeMail, userDetail } from './service.ts';

/** Login, logout, the current member (spec §7 User). */
export const authApi: ApiPlugin = async (app) => {
  const { db, config, sessions, clock } = app;

  await serve(
    app,
    loginRoute,
    async (req, reply) => {
      const { mail, pass, save_cookie } = req.body;
      const trustedDevice = (subject: string) =>
        trustedDeviceOf(config.sessionSecret, MEMBER_DEVICE, req, subject);
      const userId = await login({ db, config }, { mail, pass, ip: req.ip, trustedDevice }, clock.now());
      trustDevice(config.sessionSecret, MEMBER_DEVICE, reply, normalizeMail(mail), config.cookieSecure);
      await sessions.start(req, reply, userId, save_cookie === '1');
      return currentUser(db, req.user, req.lang, clock.now());
    },
    // a browser that signed in before is counted on its own, not with everyone behind its address
    rateLimitConfig('login', (req) => {
      const device = deviceOf(config.sessionSecret, req.cookies[MEMBER_DEVICE.cookie]);
      return device && `device:${device.nonce}`;
    }),
  );

  // a GET (spec §7), so a link or an image on another site could send it with the cookie: only the shop's own
  // pages (and a typed address) may log a member out
  await serve(app, logoutRoute, async (req, reply) => {
    if (!isOwnPageRequest(req)) throw new ApiError(State.csrf, { message: 'csrf' });
    await sessions.end(req, reply);
    return {};
  });

  await serve(app, currentUserRoute, async (req) => currentUser(db, req.user, req.lang, clock.now()));

  await serve(app, userDetailRoute, async (req) => {
    const detail = await userDetail(db, memberOf(req).id, req.lang, clock.now());
    if (!detail) throw notLoggedIn();
    return detail;
  });
};
