import {
  adminAuditListSchema,
  adminAuditQuerySchema,
  adminCodeSchema,
  adminEnrolmentSchema,
  adminLoginResultSchema,
  adminLoginSchema,
  adminMeSchema,
  adminRecoveryCodesSchema,
} from '@gacha/contract/admin';
import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import { ApiError } from '../../http/api-error.ts';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { auditList } from './audit.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { membersRoutes } from './members-routes.ts';
import { operationsRoutes } from './operations-routes.ts';
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
 * The staff console's API (/api/admin, issue 16), inside the envelope (csrf, zod, one error handler). Staff
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

  const staffScope: ApiPlugin = async (scope) => {
    scope.addHook('onRequest', async (req) => {
      const sid = req.cookies[STAFF_SESSION_COOKIE];
      req.staff = (await loadStaffSession(db, sid, clock.now())) ?? null;
      if (req.staff && sid) req.csrfBinding = `a:${sid}`; // the console's pair belongs to the staff session
    });
    // after the csrf pair is checked, before the payload is validated: nothing is read for the wrong caller
    scope.addHook('preValidation', async (req) => {
      const access = req.routeOptions.config.staff;
      if (access === 'public') return;
      if (!req.staff) throw loginRequired();
      if (access === 'password') return;
      if (!req.staff.secondFactor) throw new ApiError(403, { message: 'staff_second_factor_required' });
      if (!access || !allows(req.staff.role, access)) throw new ApiError(403, { message: 'staff_forbidden' });
    });

    // --- signing in ---
    scope.post(
      '/admin/login',
      {
        schema: { body: adminLoginSchema, response: okResponse(adminLoginResultSchema) },
        config: { staff: 'public' },
      },
      async (req, reply) => {
        if (req.staff) await endStaffSession(db, req.staff.sidHash);
        const { sid, enrolled } = await passwordStep(
          { db, config },
          { email: req.body.email, password: req.body.password, ip: req.ip },
          clock.now(),
        );
        reply.setCookie(STAFF_SESSION_COOKIE, sid, { ...cookieOpts, maxAge: STAFF_SESSION_MS / 1000 });
        req.csrfBinding = `a:${sid}`;
        return { next: enrolled ? ('verify' as const) : ('enrol' as const) };
      },
    );

    scope.post(
      '/admin/totp/start',
      { schema: { response: okResponse(adminEnrolmentSchema) }, config: { staff: 'password' } },
      async (req) => startEnrolment({ db, config }, staffOf(req).id),
    );

    scope.post(
      '/admin/totp/confirm',
      {
        schema: { body: adminCodeSchema, response: okResponse(adminRecoveryCodesSchema) },
        config: { staff: 'password' },
      },
      async (req) => {
        const s = staffOf(req);
        return confirmEnrolment({ db, config }, s.id, s.sidHash, req.body.code ?? '', clock.now());
      },
    );

    scope.post(
      '/admin/totp/verify',
      {
        schema: { body: adminCodeSchema, response: okResponse(emptyAnswerSchema) },
        config: { staff: 'password' },
      },
      async (req) => {
        const s = staffOf(req);
        await secondFactorStep({ db, config }, s.id, s.sidHash, req.body, clock.now());
        return {};
      },
    );

    scope.post(
      '/admin/logout',
      { schema: { response: okResponse(emptyAnswerSchema) }, config: { staff: 'password' } },
      async (req, reply) => {
        await endStaffSession(db, staffOf(req).sidHash);
        reply.clearCookie(STAFF_SESSION_COOKIE, { path: STAFF_COOKIE_PATH });
        return {};
      },
    );

    scope.get(
      '/admin/me',
      { schema: { response: okResponse(adminMeSchema) }, config: { staff: 'public' } },
      async (req) => {
        const s = req.staff;
        return {
          signed_in: !!s,
          email: s?.email ?? '',
          role: s?.role ?? null,
          second_factor: s?.secondFactor ?? false,
          enrolled: s?.enrolled ?? false,
          permissions: s?.secondFactor ? permissionsOf(s.role) : [],
        };
      },
    );

    // --- the audit log ---
    scope.get(
      '/admin/audit',
      {
        schema: { querystring: adminAuditQuerySchema, response: okResponse(adminAuditListSchema) },
        config: { staff: 'audit.read' },
      },
      async (req) =>
        auditList(db, {
          staffId: req.query.staff_id,
          action: req.query.action,
          targetType: req.query.target_type,
          targetId: req.query.target_id,
          page: req.query.page,
        }),
    );

    await scope.register(catalogueRoutes);
    await scope.register(shopRoutes);
    await scope.register(operationsRoutes);
    await scope.register(shippingRoutes);
    await scope.register(paymentsRoutes);
    await scope.register(membersRoutes);
    await scope.register(dashboardRoutes);
  };
  await app.register(staffScope);
};
