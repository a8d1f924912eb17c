import type { FastifyReply } from 'fastify';
import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import {
  appendAddressSchema,
  changeTelSchema,
  changeUserInformationSchema,
  countryCheckSchema,
  currentUserSchema,
  hasRegisterSchema,
  idNameListSchema,
  registrationSchema,
} from '@gacha/contract/user';
import { memberOf, okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
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

  for (const url of ['/user/confirm', '/user/confirmUser']) {
    app.post(
      url,
      {
        schema: { body: registrationSchema, response: okResponse(emptyAnswerSchema) },
        config: { errorFields: registrationErrorFields, ...rateLimitConfig('confirm') },
      },
      async (req) => {
        await checkRegistration(db, req.body);
        return {};
      },
    );
  }

  for (const url of ['/user/append', '/user/appendUser']) {
    app.post(
      url,
      {
        schema: { body: registrationSchema, response: okResponse(currentUserSchema) },
        config: { errorFields: registrationErrorFields, ...rateLimitConfig('register') },
      },
      async (req, reply) => {
        const userId = await register(db, req.body, req.lang, clock.now());
        await sessions.start(req, reply, userId, false);
        markJustRegistered(reply);
        return currentUser(db, req.user, req.lang, clock.now());
      },
    );
  }

  for (const url of ['/user/append_address', '/user/appendAddress']) {
    app.post(
      url,
      {
        schema: { body: appendAddressSchema, response: okResponse(emptyAnswerSchema) },
        config: { auth: true, errorFields: { referralCode: 'referral_code' } },
      },
      async (req) => {
        await saveAddress(db, memberOf(req).id, req.body, clock.now());
        return {};
      },
    );
  }

  for (const url of ['/user/has_register', '/user/hasRegister']) {
    app.get(url, { schema: { response: okResponse(hasRegisterSchema) } }, async (req) => ({
      is_user_register: req.cookies[JUST_REGISTERED_COOKIE] === '1' ? ('1' as const) : ('0' as const),
    }));
  }

  for (const url of ['/user/delete_is_user_register', '/user/deleteIsUserRegister']) {
    app.get(url, { schema: { response: okResponse(emptyAnswerSchema) } }, async (_req, reply) => {
      reply.clearCookie(JUST_REGISTERED_COOKIE, { path: '/' });
      return {};
    });
  }

  for (const url of ['/user/pref_list', '/user/prefList']) {
    app.get(url, { schema: { response: okResponse(idNameListSchema) } }, async (req) => ({
      list: await prefectureList(db, req.lang),
    }));
  }

  app.get('/user/country', { schema: { response: okResponse(idNameListSchema) } }, async (req) => ({
    list: await countryList(db, req.lang),
  }));

  app.get('/user/country/check', { schema: { response: okResponse(countryCheckSchema) } }, async (req) =>
    countryCheck(db, req.user),
  );

  for (const url of ['/user/changeUserInformation', '/user/change_user_information']) {
    app.post(
      url,
      {
        schema: { body: changeUserInformationSchema, response: okResponse(emptyAnswerSchema) },
        config: { auth: true },
      },
      async (req) => {
        await changeCountry(db, memberOf(req).id, req.body.country_id, clock.now());
        return {};
      },
    );
  }

  app.post(
    '/user/change',
    { schema: { body: changeTelSchema, response: okResponse(emptyAnswerSchema) }, config: { auth: true } },
    async (req) => {
      await changeTel(db, memberOf(req).id, req.body.tel, clock.now());
      return {};
    },
  );
};
