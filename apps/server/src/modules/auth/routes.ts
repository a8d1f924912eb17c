import { State } from '@gacha/contract/envelope';
import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import { currentUserSchema, loginSchema, userDetailSchema } from '@gacha/contract/user';
import { ApiError, notLoggedIn } from '../../http/api-error.ts';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import {
  deviceOf,
  MEMBER_DEVICE,
  trustDevice,
  trustedDevice as trustedDeviceOf,
} from '../../http/device-trust.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { isOwnPageRequest } from '../../http/session.ts';
import { currentUser, login, normalizeMail, userDetail } from './service.ts';

/** Login, logout, the current member (spec §7 User). */
export const authApi: ApiPlugin = async (app) => {
  const { db, config, sessions, clock } = app;

  app.post(
    '/user/login',
    {
      schema: { body: loginSchema, response: okResponse(currentUserSchema) },
      // a browser that signed in before is counted on its own, not with everyone behind its address
      config: rateLimitConfig('login', (req) => {
        const device = deviceOf(config.sessionSecret, req.cookies[MEMBER_DEVICE.cookie]);
        return device && `device:${device.nonce}`;
      }),
    },
    async (req, reply) => {
      const { mail, pass, save_cookie } = req.body;
      const trustedDevice = (subject: string) =>
        trustedDeviceOf(config.sessionSecret, MEMBER_DEVICE, req, subject);
      const userId = await login({ db, config }, { mail, pass, ip: req.ip, trustedDevice }, clock.now());
      trustDevice(config.sessionSecret, MEMBER_DEVICE, reply, normalizeMail(mail), config.cookieSecure);
      await sessions.start(req, reply, userId, save_cookie === '1');
      return currentUser(db, req.user, req.lang, clock.now());
    },
  );

  // a GET (spec §7), so a link or an image on another site could send it with the cookie: only the shop's own
  // pages (and a typed address) may log a member out
  app.get('/user/logout', { schema: { response: okResponse(emptyAnswerSchema) } }, async (req, reply) => {
    if (!isOwnPageRequest(req)) throw new ApiError(State.csrf, { message: 'csrf' });
    await sessions.end(req, reply);
    return {};
  });

  app.get('/user/point', { schema: { response: okResponse(currentUserSchema) } }, async (req) =>
    currentUser(db, req.user, req.lang, clock.now()),
  );

  app.get(
    '/user/detail',
    { schema: { response: okResponse(userDetailSchema) }, config: { auth: true } },
    async (req) => {
      const detail = await userDetail(db, memberOf(req).id, req.lang, clock.now());
      if (!detail) throw notLoggedIn();
      return detail;
    },
  );
};
