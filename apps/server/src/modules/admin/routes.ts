import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  auditFacetsRoute,
  auditLogRoute,
  confirmEnrolmentRoute,
  staffLoginRoute,
  staffLogoutRoute,
  staffMeRoute,
  startEnrolmentRoute,
  verifyCodeRoute,
} from '@gacha/contract/routes/admin-session';
import { serve } from '../../http/serve.ts';
import { STAFF_DEVICE, trustDevice, trustedDevice as trustedDeviceOf } from '../../http/device-trust.ts';
import { ApiError } from '../../http/api-error.ts';
import { refuseUnread, takesLargeBodies, type ApiPlugin } from '../../http/envelope.ts';
import { auditFacets, auditList } from './audit.ts';
import { staffRoutes } from './staff-routes.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { accountingRoutes } from './accounting-routes.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { membersRoutes } from './members-routes.ts';
import { operationsRoutes } from './operations-routes.ts';
import { roomsRoutes } from './rooms-routes.ts';
import { paymentsRoutes } from './payments-routes.ts';
import { allows, permissionsOf } from './permissions.ts';
import { loginRequired, staffOf } from './request.ts';
import { shippingRoutes } from './shipping-routes.ts';
import { shopRoutes } from './shop-routes.ts';
import {
  confirmEnrolment,
  endStaffSession,
  loadStaffSession,
  passwordStep,
  secondFactorStep,
  startEnrolment,
  STAFF_COOKIE_PATH,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_MS,
} from './staff.ts';

/**
 * The staff console's API (/api/admin), inside the envelope (csrf, zod, one error handler). Staff
 * sessions live on their own cookie, path /api/admin: its csrf pair is bound to it. Every route says who may call
 * it (`config.staff`); the scope answers 401 without a session, 403 without the second factor or the permission,
 * before the payload is validated.
 */
export const adminApi: ApiPlugin = async (app) => {
  const { db, clock, config } = app;
  app.decorateRequest('staff', null);
  const cookieOpts = {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.cookieSecure,
  };

  /**
   * Past the second factor: the session's new id in the cookie (and the answer's csrf pair bound to it), and a
   * device cookie that lets this browser sign in to the account even while strangers have it locked.
   */
  const signedIn = (req: FastifyRequest, reply: FastifyReply, sid: string) => {
    reply.setCookie(STAFF_SESSION_COOKIE, sid, { ...cookieOpts, maxAge: STAFF_SESSION_MS / 1000 });
    req.csrfBinding = `a:${sid}`;
    trustDevice(config.sessionSecret, STAFF_DEVICE, reply, staffOf(req).email, config.cookieSecure);
  };

  const accessRefusal = (req: FastifyRequest): ApiError | null => {
    const access = req.routeOptions.config.staff;
    if (access === 'public') return null;
    if (!req.staff) return loginRequired();
    if (access === 'password') return null;
    if (!req.staff.secondFactor) return new ApiError(403, { message: 'staff_second_factor_required' });
    if (!access || !allows(req.staff.role, access)) return new ApiError(403, { message: 'staff_forbidden' });
    return null;
  };

  const staffScope: ApiPlugin = async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      const sid = req.cookies[STAFF_SESSION_COOKIE];
      req.staff = (await loadStaffSession(db, sid, clock.now())) ?? null;
      if (req.staff && sid) req.csrfBinding = `a:${sid}`; // the console's pair belongs to the staff session
      // an upload route's wrong caller is refused at the headers, before megabytes of body are read
      const refusal = takesLargeBodies(req) && accessRefusal(req);
      if (refusal) throw refuseUnread(reply, refusal);
    });
    // after the csrf pair and unsafe text are checked, before the payload is validated
    scope.addHook('preValidation', async (req) => {
      const refusal = accessRefusal(req);
      if (refusal) throw refusal;
    });

    // --- signing in ---
    await serve(scope, staffLoginRoute, async (req, reply) => {
      if (req.staff) await endStaffSession(db, req.staff.sidHash);
      const trustedDevice = (email: string) =>
        trustedDeviceOf(config.sessionSecret, STAFF_DEVICE, req, email);
      const { sid, enrolled } = await passwordStep(
        { db, config },
        { email: req.body.email, password: req.body.password, ip: req.ip, trustedDevice },
        clock.now(),
      );
      reply.setCookie(STAFF_SESSION_COOKIE, sid, { ...cookieOpts, maxAge: STAFF_SESSION_MS / 1000 });
      req.csrfBinding = `a:${sid}`;
      return { next: enrolled ? ('verify' as const) : ('enrol' as const) };
    });

    await serve(scope, startEnrolmentRoute, async (req) => startEnrolment({ db, config }, staffOf(req).id));

    await serve(scope, confirmEnrolmentRoute, async (req, reply) => {
      const s = staffOf(req);
      const caller = { staffId: s.id, sidHash: s.sidHash, ip: req.ip };
      const done = await confirmEnrolment({ db, config }, caller, req.body.code ?? '', clock.now());
      signedIn(req, reply, done.sid);
      return { recovery_codes: done.recovery_codes };
    });

    await serve(scope, verifyCodeRoute, async (req, reply) => {
      const s = staffOf(req);
      const caller = { staffId: s.id, sidHash: s.sidHash, ip: req.ip };
      signedIn(req, reply, await secondFactorStep({ db, config }, caller, req.body, clock.now()));
      return {};
    });

    await serve(scope, staffLogoutRoute, async (req, reply) => {
      await endStaffSession(db, staffOf(req).sidHash);
      reply.clearCookie(STAFF_SESSION_COOKIE, { path: STAFF_COOKIE_PATH });
      return {};
    });

    await serve(scope, staffMeRoute, async (req) => {
      const s = req.staff;
      return {
        signed_in: !!s,
        email: s?.email ?? '',
        role: s?.role ?? null,
        second_factor: s?.secondFactor ?? false,
        enrolled: s?.enrolled ?? false,
        permissions: s?.secondFactor ? permissionsOf(s.role) : [],
      };
    });

    // --- the audit log ---
    await serve(scope, auditLogRoute, async (req) => auditList(db, req.query));

    await serve(scope, auditFacetsRoute, async () => auditFacets(db));

    await scope.register(catalogueRoutes);
    await scope.register(shopRoutes);
    await scope.register(operationsRoutes);
    await scope.register(roomsRoutes);
    await scope.register(shippingRoutes);
    await scope.register(paymentsRoutes);
    await scope.register(membersRoutes);
    await scope.register(dashboardRoutes);
    await scope.register(accountingRoutes);
    await scope.register(staffRoutes);
  };
  await app.register(staffScope);
};
