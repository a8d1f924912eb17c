import type { FastifyReply } from 'fastify';
import {
  appendAddressRoute,
  changeCountryRoute,
  changeTelRoute,
  confirmRegistrationRoute,
  countriesRoute,
  countryCheckRoute,
  deleteJustRegisteredRoute,
  hasRegisterRoute,
  prefListRoute,
  registerRoute,
} from '@gacha/contract/routes/account';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/service.ts';
import {
  changeCountry,
  changeTel,
  checkRegistration,
  countryCheck,
  countryList,
  prefectureList,
  register,
  saveAddress,
} from './service.ts';

/** Marks a browser that has just registered, so the completion page shows once (has_register). */
const JUST_REGISTERED_COOKIE = 'just_registered';
const JUST_REGISTERED_SECONDS = 30 * 60;

const registrationErrorFields = { referralCode: 'referral_code', confirmPass: 'pass' };

/** Registration, the address, the country and the phone (spec §7 User). */
export const accountApi: ApiPlugin = async (app) => {
  const { db, sessions, clock, config } = app;
  const markJustRegistered = (reply: FastifyReply) =>
    reply.setCookie(JUST_REGISTERED_COOKIE, '1', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: JUST_REGISTERED_SECONDS,
    });

  await serve(
    app,
    confirmRegistrationRoute,
    async (req) => {
      await checkRegistration(db, req.body);
      return {};
    },
    { errorFields: registrationErrorFields, ...rateLimitConfig('confirm') },
  );

  await serve(
    app,
    registerRoute,
    async (req, reply) => {
      const userId = await register(db, req.body, req.lang, clock.now());
      await sessions.start(req, reply, userId, false);
      markJustRegistered(reply);
      return currentUser(db, req.user, req.lang, clock.now());
    },
    { errorFields: registrationErrorFields, ...rateLimitConfig('register') },
  );

  await serve(
    app,
    appendAddressRoute,
    async (req) => {
      await saveAddress(db, memberOf(req).id, req.body, clock.now());
      return {};
    },
    { errorFields: { referralCode: 'referral_code' } },
  );

  await serve(app, hasRegisterRoute, async (req) => ({
    is_user_register: req.cookies[JUST_REGISTERED_COOKIE] === '1' ? ('1' as const) : ('0' as const),
  }));

  await serve(app, deleteJustRegisteredRoute, async (_req, reply) => {
    reply.clearCookie(JUST_REGISTERED_COOKIE, { path: '/' });
    return {};
  });

  await serve(app, prefListRoute, async (req) => ({ list: await prefectureList(db, req.lang) }));

  await serve(app, countriesRoute, async (req) => ({ list: await countryList(db, req.lang) }));

  await serve(app, countryCheckRoute, async (req) => countryCheck(db, req.user));

  await serve(app, changeCountryRoute, async (req) => {
    await changeCountry(db, memberOf(req).id, req.body.country_id, clock.now());
    return {};
  });

  await serve(app, changeTelRoute, async (req) => {
    await changeTel(db, memberOf(req).id, req.body.tel, clock.now());
    return {};
  });
};
