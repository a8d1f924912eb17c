import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminAuditListSchema,
  adminAuditQuerySchema,
  adminCodeSchema,
  adminEnrolmentSchema,
  adminLoginResultSchema,
  adminLoginSchema,
  adminMeSchema,
  adminCardCreateSchema,
  adminCardListSchema,
  adminCardQuerySchema,
  adminCardUpdateSchema,
  adminIdAnswerSchema,
  adminPackCreateSchema,
  adminPackDetailSchema,
  adminPackListSchema,
  adminPackSummarySchema,
  adminPackUpdateSchema,
  adminPrizesSchema,
  adminPublishAnswerSchema,
  adminRecoveryCodesSchema,
} from '@gacha/contract/admin';
import { adminShipmentListSchema, adminShipResultSchema, shipSchema } from '@gacha/contract/draws';
import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import { pathId } from '@gacha/contract/path';
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../db/schema.ts';
import { decodeDataUrl, ImageRefused, processImage } from '../../storage/images.ts';
import { ApiError } from '../../http/api-error.ts';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { markShipped } from '../holdings/service.ts';
import {
  addCard,
  cardsForStaff,
  changeCard,
  createPack,
  PackLocked,
  packForStaff,
  packsForStaff,
  publishPack,
  publishSummary,
  replacePrizes,
  updatePack,
} from '../packs/service.ts';
import { listShipments } from '../shipping/service.ts';
import { audit, auditList, type Actor } from './audit.ts';
import { allows, permissionsOf, type Permission } from './permissions.ts';
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

/** Who may call an admin route: anyone (the sign-in), a session past its password, or a permission. */
export type StaffAccess = 'public' | 'password' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /api/admin routes: who may call it (every admin route names one; a test walks them all). */
    staff?: StaffAccess;
  }
  interface FastifyRequest {
    staff: {
      id: number;
      email: string;
      role: StaffRole;
      sidHash: string;
      secondFactor: boolean;
      enrolled: boolean;
    } | null;
  }
}

const loginRequired = () => new ApiError(401, { message: 'staff_login_required' });

/** The staff member of a route behind a permission (the scope refused everyone else). */
function staffOf(req: FastifyRequest): NonNullable<FastifyRequest['staff']> {
  if (!req.staff) throw loginRequired();
  return req.staff;
}
const actorOf = (req: FastifyRequest): Actor => ({ staffId: staffOf(req).id, ip: req.ip });

/**
 * The staff console's API (/api/admin, issue 16), inside the envelope (csrf, zod, one error handler). Staff
 * sessions live on their own cookie, path /api/admin: its csrf pair is bound to it. Every route says who may call
 * it (`config.staff`); the scope answers 401 without a session, 403 without the second factor or the permission,
 * before the payload is validated.
 */
export const adminApi: ApiPlugin = async (app) => {
  const { db, clock, config, storage } = app;
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

    // --- the catalogue: packs ---
    const locked = (err: unknown) => {
      if (err instanceof PackLocked)
        throw new ApiError(409, { message: 'pack_locked', extra: { locked: err.columns } });
      throw err;
    };
    const packParams = z.object({ id: pathId('pack_not_found') });

    scope.get(
      '/admin/packs',
      { schema: { response: okResponse(adminPackListSchema) }, config: { staff: 'catalogue.read' } },
      async () => packsForStaff(db, clock.now()),
    );

    scope.get(
      '/admin/packs/:id',
      {
        schema: { params: packParams, response: okResponse(adminPackDetailSchema) },
        config: { staff: 'catalogue.read' },
      },
      async (req) => packForStaff(db, req.params.id, clock.now()),
    );

    scope.get(
      '/admin/packs/:id/summary',
      {
        schema: { params: packParams, response: okResponse(adminPackSummarySchema) },
        config: { staff: 'catalogue.read' },
      },
      async (req) => publishSummary(db, req.params.id),
    );

    scope.post(
      '/admin/packs',
      {
        schema: { body: adminPackCreateSchema, response: okResponse(adminIdAnswerSchema) },
        config: { staff: 'catalogue.write' },
      },
      async (req) => {
        const now = clock.now();
        const actor = actorOf(req);
        const id = await db.transaction().execute(async (tx) => {
          const packId = await createPack(tx, {
            ...req.body,
            images: '[]',
            banner_image: '',
            created_at: now.toISOString(),
          });
          await audit(
            tx,
            actor,
            { action: 'pack.create', targetType: 'pack', targetId: packId, before: null, after: req.body },
            now,
          );
          return packId;
        });
        return { id };
      },
    );

    scope.post(
      '/admin/packs/:id',
      {
        schema: {
          params: packParams,
          body: adminPackUpdateSchema,
          response: okResponse(adminIdAnswerSchema),
        },
        config: { staff: 'catalogue.write' },
      },
      async (req) => {
        const now = clock.now();
        const actor = actorOf(req);
        await updatePack(db, req.params.id, req.body, (tx, before, after) =>
          audit(
            tx,
            actor,
            { action: 'pack.update', targetType: 'pack', targetId: after.id, before, after },
            now,
          ),
        ).catch(locked);
        return { id: req.params.id };
      },
    );

    scope.post(
      '/admin/packs/:id/prizes',
      {
        schema: { params: packParams, body: adminPrizesSchema, response: okResponse(adminIdAnswerSchema) },
        config: { staff: 'catalogue.write' },
      },
      async (req) => {
        const now = clock.now();
        const actor = actorOf(req);
        await db
          .transaction()
          .execute(async (tx) => {
            const before = await replacePrizes(tx, req.params.id, req.body.prizes);
            await audit(
              tx,
              actor,
              {
                action: 'pack.prizes',
                targetType: 'pack',
                targetId: req.params.id,
                before,
                after: req.body.prizes,
              },
              now,
            );
          })
          .catch(locked);
        return { id: req.params.id };
      },
    );

    scope.post(
      '/admin/packs/:id/publish',
      {
        schema: { params: packParams, response: okResponse(adminPublishAnswerSchema) },
        config: { staff: 'catalogue.write' },
      },
      async (req) => {
        const now = clock.now();
        const actor = actorOf(req);
        const summary = await publishSummary(db, req.params.id);
        if (!summary.ready) throw new ApiError(409, { message: 'pack_not_ready', extra: { summary } });
        const r = await publishPack(db, req.params.id, undefined, (tx, commitment) =>
          audit(
            tx,
            actor,
            {
              action: 'pack.publish',
              targetType: 'pack',
              targetId: req.params.id,
              before: null,
              after: { commitment, summary },
            },
            now,
          ),
        );
        return { id: req.params.id, ...r };
      },
    );

    scope.post(
      '/admin/packs/:id/end',
      {
        schema: { params: packParams, response: okResponse(adminIdAnswerSchema) },
        config: { staff: 'catalogue.write' },
      },
      async (req) => {
        const now = clock.now();
        const actor = actorOf(req);
        await updatePack(db, req.params.id, { end_at: now.toISOString() }, (tx, before, after) =>
          audit(
            tx,
            actor,
            {
              action: 'pack.end',
              targetType: 'pack',
              targetId: after.id,
              before: { end_at: before.end_at },
              after: { end_at: after.end_at },
            },
            now,
          ),
        );
        return { id: req.params.id };
      },
    );

    // --- the catalogue: cards ---
    /**
     * Runs `work` with the URL of an uploaded card picture (checked, re-encoded and stored first; null without
     * one); the stored file is removed again when the work fails.
     */
    const withCardImage = async <T>(
      dataUrl: string | undefined,
      work: (url: string | null) => Promise<T>,
    ): Promise<T> => {
      if (dataUrl === undefined) return work(null);
      let image: Buffer;
      try {
        image = (await processImage(decodeDataUrl(dataUrl))).image;
      } catch (err) {
        if (err instanceof ImageRefused) throw new ApiError(400, { errors: { image: err.key } });
        throw err;
      }
      const key = `cards/${randomBytes(16).toString('hex')}.webp`;
      await storage.put(key, image, 'image/webp');
      try {
        return await work(`/media/uploads/${key}`);
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
    };
    const CARD_BODY_LIMIT = 10 * 1024 * 1024;

    scope.get(
      '/admin/cards',
      {
        schema: { querystring: adminCardQuerySchema, response: okResponse(adminCardListSchema) },
        config: { staff: 'catalogue.read' },
      },
      async (req) => cardsForStaff(db, req.query.type, req.query.page ?? 1),
    );

    scope.post(
      '/admin/cards',
      {
        bodyLimit: CARD_BODY_LIMIT,
        schema: { body: adminCardCreateSchema, response: okResponse(adminIdAnswerSchema) },
        config: { staff: 'catalogue.write' },
      },
      async (req) => {
        const now = clock.now();
        const actor = actorOf(req);
        const { image, ...fields } = req.body;
        const id = await withCardImage(image, (url) =>
          db.transaction().execute(async (tx) => {
            const cardId = await addCard(tx, fields, url);
            const after = { ...fields, image_url: url };
            await audit(
              tx,
              actor,
              { action: 'card.create', targetType: 'card', targetId: cardId, before: null, after },
              now,
            );
            return cardId;
          }),
        );
        return { id };
      },
    );

    scope.post(
      '/admin/cards/:id',
      {
        bodyLimit: CARD_BODY_LIMIT,
        schema: {
          params: z.object({ id: pathId() }),
          body: adminCardUpdateSchema,
          response: okResponse(adminIdAnswerSchema),
        },
        config: { staff: 'catalogue.write' },
      },
      async (req) => {
        const now = clock.now();
        const actor = actorOf(req);
        const { image, ...fields } = req.body;
        await withCardImage(image, (url) =>
          db.transaction().execute(async (tx) => {
            const { before, after } = await changeCard(tx, req.params.id, fields, url);
            await audit(
              tx,
              actor,
              { action: 'card.update', targetType: 'card', targetId: req.params.id, before, after },
              now,
            );
          }),
        );
        return { id: req.params.id };
      },
    );

    // --- shipping (replaces the x-admin-secret routes) ---
    scope.get(
      '/admin/shipments',
      {
        schema: {
          querystring: z.object({ status: z.enum(['open', 'shipped', 'all']).catch('open') }),
          response: okResponse(adminShipmentListSchema),
        },
        config: { staff: 'shipping.read' },
      },
      async (req) => ({ list: await listShipments(db, { status: req.query.status }) }),
    );

    scope.post(
      '/admin/shipments/:id/ship',
      {
        schema: {
          params: z.object({ id: pathId() }),
          body: shipSchema,
          response: okResponse(adminShipResultSchema),
        },
        config: { staff: 'shipping.write' },
      },
      async (req) => {
        const actor = actorOf(req);
        const now = clock.now();
        const shipped = await markShipped(
          db,
          { shipmentId: req.params.id, deliveryCode: req.body.delivery_code },
          now,
          (tx, done) =>
            audit(
              tx,
              actor,
              {
                action: 'shipment.ship',
                targetType: 'shipment',
                targetId: done.id,
                before: { status: 'open' },
                after: { status: 'shipped', delivery_code: done.delivery_code, items: done.items },
              },
              now,
            ),
        );
        return { result: '1' as const, shipment: shipped };
      },
    );
  };
  await app.register(staffScope);
};
