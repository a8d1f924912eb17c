import { CHANGE_PASSWORD_FRESH_MINUTES } from '@gacha/contract/account';
import { message } from '@gacha/contract/messages';
import {
  changePasswordRoute,
  createResetCodeRoute,
  resetPasswordRoute,
} from '@gacha/contract/routes/account';
import { memberOf, type ApiPlugin } from '../../http/envelope.ts';
import { rateLimitConfig } from '../../http/rate-limits.ts';
import { serve } from '../../http/serve.ts';
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
export const passwordApi: ApiPlugin = async (app) => {
  const { db, config, sessions, clock } = app;
  const deps = () => ({ db, config, mailer: mailerFor({ db, config, log: app.log }) });

  await serve(
    app,
    createResetCodeRoute,
    async (req, reply) => {
      const { ticket } = await createResetCode(
        deps(),
        { mail: req.body.mail, ip: req.ip, lang: req.lang },
        clock.now(),
      );
      reply.setCookie(RESET_TICKET_COOKIE, ticket, {
        path: RESET_TICKET_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.cookieSecure,
        maxAge: RESET_CODE_MINUTES * 60,
      });
      return { message: message('reset_code_sent', req.lang) };
    },
    rateLimitConfig('reset'),
  );

  await serve(
    app,
    resetPasswordRoute,
    async (req, reply) => {
      await resetPassword(
        deps(),
        {
          ticket: req.cookies[RESET_TICKET_COOKIE],
          code: req.body.code,
          ip: req.ip,
          lang: req.lang,
          keepSessionHash: sessionHash(req.cookies[SESSION_COOKIE]),
        },
        clock.now(),
      );
      reply.clearCookie(RESET_TICKET_COOKIE, { path: RESET_TICKET_PATH });
      return { message: message('temp_password_sent', req.lang) };
    },
    rateLimitConfig('reset'),
  );

  await serve(
    app,
    changePasswordRoute,
    async (req) => {
      const { currentPass, pass, confirmPass } = req.body;
      await changePassword(
        deps(),
        {
          userId: memberOf(req).id,
          currentPass,
          freshLogin: await sessions.startedWithin(req, CHANGE_PASSWORD_FRESH_MINUTES * 60_000),
          pass,
          confirmPass,
          keepSessionHash: sessionHash(req.cookies[SESSION_COOKIE]),
        },
        clock.now(),
      );
      return { message: message('password_changed', req.lang) };
    },
    { errorFields: { confirmPass: 'pass' } },
  );
};
