import type { FastifyReply } from 'fastify';
import {
  appendAddressSchema,
  changeTelSchema,
  changeUserInformationSchema,
  registrationSchema,
  type HasRegister,
} from '@gacha/contract/user';
import type { ModuleDeps } from '../../http/module-deps.ts';
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

export function registerAccountRoutes({ api, db, sessions, clock, config }: ModuleDeps): void {
  const markJustRegistered = (reply: FastifyReply) =>
    reply.setCookie(JUST_REGISTERED_COOKIE, '1', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: JUST_REGISTERED_SECONDS,
    });

  api.post(
    ['/user/confirm', '/user/confirmUser'],
    { body: registrationSchema, errorFields: registrationErrorFields, rateLimit: 'confirm' },
    async ({ body }) => {
      await checkRegistration(db, body);
    },
  );

  api.post(
    ['/user/append', '/user/appendUser'],
    { body: registrationSchema, errorFields: registrationErrorFields, rateLimit: 'register' },
    async ({ req, reply, body, lang }) => {
      const userId = await register(db, body, lang, clock.now());
      await sessions.start(req, reply, userId, false);
      markJustRegistered(reply);
      return currentUser(db, req.user, lang, clock.now());
    },
  );

  api.post(
    ['/user/append_address', '/user/appendAddress'],
    { body: appendAddressSchema, auth: true, errorFields: { referralCode: 'referral_code' } },
    async ({ user, body }) => {
      await saveAddress(db, user.id, body, clock.now());
    },
  );

  api.get(['/user/has_register', '/user/hasRegister'], {}, ({ req }): HasRegister => ({
    is_user_register: req.cookies[JUST_REGISTERED_COOKIE] === '1' ? '1' : '0',
  }));

  api.get(['/user/delete_is_user_register', '/user/deleteIsUserRegister'], {}, ({ reply }) => {
    reply.clearCookie(JUST_REGISTERED_COOKIE, { path: '/' });
  });

  api.get(['/user/pref_list', '/user/prefList'], {}, async ({ lang }) => ({
    list: await prefectureList(db, lang),
  }));

  api.get('/user/country', {}, async ({ lang }) => ({ list: await countryList(db, lang) }));

  api.get('/user/country/check', {}, ({ user }) => countryCheck(db, user));

  api.post(
    ['/user/changeUserInformation', '/user/change_user_information'],
    { body: changeUserInformationSchema, auth: true },
    async ({ user, body }) => {
      await changeCountry(db, user.id, body.country_id, clock.now());
    },
  );

  api.post('/user/change', { body: changeTelSchema, auth: true }, async ({ user, body }) => {
    await changeTel(db, user.id, body.tel, clock.now());
  });
}
