import {
  CHANGE_PASSWORD_FRESH_MINUTES,
  changePasswordSchema,
  createResetCodeSchema,
  resetPasswordSchema,
} from '@gacha/contract/account';
import { message } from '@gacha/contract/messages';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { mailerFor } from '../mail/service.ts';
import {
  RESET_CODE_MINUTES,
  RESET_TICKET_COOKIE,
  RESET_TICKET_PATH,
  changePassword,
  createResetCode,
  resetPassword,
  sessionHash,
} from './password-reset.ts';

/** Password reissue (spec §2: /password-reissue → /onetime-password-reissue → /complete-password-reissue). */
export function registerPasswordRoutes({ api, app, db, config, sessions, clock }: ModuleDeps): void {
  const deps = () => ({ db, config, mailer: mailerFor({ db, config, log: app.log }) });

  api.post(
    ['/user/create_onetime_reset_password', '/user/createOnetimeResetPassword'],
    { body: createResetCodeSchema, rateLimit: 'reset' },
    async ({ req, reply, body, lang }) => {
      const { ticket } = await createResetCode(deps(), { mail: body.mail, ip: req.ip }, clock.now());
      reply.setCookie(RESET_TICKET_COOKIE, ticket, {
        path: RESET_TICKET_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.cookieSecure,
        maxAge: RESET_CODE_MINUTES * 60,
      });
      return { message: message('reset_code_sent', lang) };
    },
  );

  api.post(
    ['/user/reset_password', '/user/resetPassword'],
    { body: resetPasswordSchema, rateLimit: 'reset' },
    async ({ req, reply, body, lang }) => {
      await resetPassword(
        deps(),
        {
          ticket: req.cookies[RESET_TICKET_COOKIE],
          code: body.code,
          ip: req.ip,
          keepSessionHash: sessionHash(req.cookies[SESSION_COOKIE]),
        },
        clock.now(),
      );
      reply.clearCookie(RESET_TICKET_COOKIE, { path: RESET_TICKET_PATH });
      return { message: message('temp_password_sent', lang) };
    },
  );

  api.post(
    ['/user/change_password', '/user/changePassword'],
    { body: changePasswordSchema, auth: true, errorFields: { confirmPass: 'pass' } },
    async ({ req, user, body, lang }) => {
      await changePassword(
        deps(),
        {
          userId: user.id,
          currentPass: body.currentPass,
          freshLogin: await sessions.startedWithin(req, CHANGE_PASSWORD_FRESH_MINUTES * 60_000),
          pass: body.pass,
          confirmPass: body.confirmPass,
          keepSessionHash: sessionHash(req.cookies[SESSION_COOKIE]),
        },
        clock.now(),
      );
      return { message: message('password_changed', lang) };
    },
  );
}
