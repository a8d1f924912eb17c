import { z } from 'zod';
import {
  adminBalanceChangeSchema,
  adminCoinChangeSchema,
  adminCoinLedgerSchema,
  adminGemChangeSchema,
  adminGemLedgerSchema,
  adminGemLotListSchema,
  adminGemLotsQuerySchema,
  adminLedgerQuerySchema,
  adminMemberDetailSchema,
  adminMemberItemListSchema,
  adminMemberItemsQuerySchema,
  adminMemberListSchema,
  adminMemberPaymentListSchema,
  adminMemberPaymentsQuerySchema,
  adminMemberPurchaseListSchema,
  adminMemberPurchasesQuerySchema,
  adminMemberSearchQuerySchema,
  adminReasonSchema,
  adminSessionsEndedSchema,
  adminSmsResetResultSchema,
  adminSmsResetSchema,
  adminSuspensionSchema,
} from '@gacha/contract/admin-members';
import type { FastifyRequest } from 'fastify';
import { pathId } from '@gacha/contract/path';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { endSessionsOf } from '../../http/session.ts';
import { resetPhoneVerification, suspendMember, unsuspendMember } from '../account/service.ts';
import { coinBalanceTenths } from '../coins/service.ts';
import { gemBalance } from '../gems/service.ts';
import { forgetPhone } from '../sms/service.ts';
import {
  changeCoins,
  changeGems,
  memberCoinLedger,
  memberDetail,
  memberGemLedger,
  memberGemLots,
  memberItems,
  memberNotFound,
  memberPayments,
  memberPurchases,
  oncePerRequest,
  searchMembers,
} from './members.ts';
import * as repo from './members-repo.ts';
import { allows } from './permissions.ts';
import { auditedWrite, staffOf } from './request.ts';

/**
 * The console's members: search and the member page for every role (personal data in full
 * with `members.pii` only), the actions with `members.write`. Every action takes a reason and leaves one audit
 * row (target 'member') in its own transaction; an action that changes nothing leaves none.
 */
export const membersRoutes: ApiPlugin = async (app) => {
  const { db, clock } = app;
  const read = { staff: 'members.read' } as const;
  const write = { staff: 'members.write' } as const;
  const params = z.object({ id: pathId('member_not_found') });
  const pii = (req: FastifyRequest) => allows(staffOf(req).role, 'members.pii');
  const target = (id: number) => ({ type: 'member', id });

  // --- reading ---
  app.get(
    '/admin/members',
    {
      schema: { querystring: adminMemberSearchQuerySchema, response: okResponse(adminMemberListSchema) },
      config: read,
    },
    async (req) => searchMembers(db, req.query, { pii: pii(req), now: clock.now() }),
  );

  app.get(
    '/admin/members/:id',
    { schema: { params, response: okResponse(adminMemberDetailSchema) }, config: read },
    async (req) => memberDetail(db, req.params.id, { pii: pii(req), now: clock.now() }),
  );

  app.get(
    '/admin/members/:id/gem-lots',
    {
      schema: { params, querystring: adminGemLotsQuerySchema, response: okResponse(adminGemLotListSchema) },
      config: read,
    },
    async (req) =>
      memberGemLots(db, req.params.id, { state: req.query.state, page: req.query.page, now: clock.now() }),
  );

  app.get(
    '/admin/members/:id/gem-ledger',
    {
      schema: { params, querystring: adminLedgerQuerySchema, response: okResponse(adminGemLedgerSchema) },
      config: read,
    },
    async (req) => memberGemLedger(db, req.params.id, req.query.page),
  );

  app.get(
    '/admin/members/:id/coin-ledger',
    {
      schema: { params, querystring: adminLedgerQuerySchema, response: okResponse(adminCoinLedgerSchema) },
      config: read,
    },
    async (req) => memberCoinLedger(db, req.params.id, req.query.page),
  );

  app.get(
    '/admin/members/:id/purchases',
    {
      schema: {
        params,
        querystring: adminMemberPurchasesQuerySchema,
        response: okResponse(adminMemberPurchaseListSchema),
      },
      config: read,
    },
    async (req) => memberPurchases(db, req.params.id, req.query.page),
  );

  app.get(
    '/admin/members/:id/items',
    {
      schema: {
        params,
        querystring: adminMemberItemsQuerySchema,
        response: okResponse(adminMemberItemListSchema),
      },
      config: read,
    },
    async (req) => memberItems(db, req.params.id, { status: req.query.status, page: req.query.page }),
  );

  app.get(
    '/admin/members/:id/payments',
    {
      schema: {
        params,
        querystring: adminMemberPaymentsQuerySchema,
        response: okResponse(adminMemberPaymentListSchema),
      },
      config: read,
    },
    async (req) => memberPayments(db, req.params.id, { page: req.query.page, pii: pii(req) }),
  );

  // --- gems and coins ---
  for (const direction of ['grant', 'deduct'] as const) {
    app.post(
      `/admin/members/:id/gems/${direction}`,
      {
        schema: { params, body: adminGemChangeSchema, response: okResponse(adminBalanceChangeSchema) },
        config: write,
      },
      async (req) => {
        const userId = req.params.id;
        const { amount, reason, request_id } = req.body;
        return oncePerRequest(
          db,
          'gem_ledger',
          request_id,
          () =>
            auditedWrite(app, req, async (tx, record) => {
              const now = clock.now();
              const r = await changeGems(tx, { userId, amount, direction, requestId: request_id }, now);
              await record(
                `member.gems.${direction}`,
                target(userId),
                { gems: r.before },
                { gems: r.after, amount, reason, request_id, ...(r.lotId ? { lot_id: r.lotId } : {}) },
              );
              return { applied: true as const, balance: r.after };
            }),
          async () => {
            if (!(await repo.memberExists(db, userId))) throw memberNotFound();
            return gemBalance(db, userId, clock.now());
          },
        );
      },
    );

    app.post(
      `/admin/members/:id/coins/${direction}`,
      {
        schema: { params, body: adminCoinChangeSchema, response: okResponse(adminBalanceChangeSchema) },
        config: write,
      },
      async (req) => {
        const userId = req.params.id;
        const { tenths, reason, request_id } = req.body;
        return oncePerRequest(
          db,
          'coin_ledger',
          request_id,
          () =>
            auditedWrite(app, req, async (tx, record) => {
              const r = await changeCoins(
                tx,
                { userId, tenths, direction, requestId: request_id },
                clock.now(),
              );
              await record(
                `member.coins.${direction}`,
                target(userId),
                { coin_tenths: r.before },
                { coin_tenths: r.after, tenths, reason, request_id },
              );
              return { applied: true as const, balance: r.after };
            }),
          async () => {
            if (!(await repo.memberExists(db, userId))) throw memberNotFound();
            return coinBalanceTenths(db, userId);
          },
        );
      },
    );
  }

  // --- suspension and sessions ---
  app.post(
    '/admin/members/:id/suspend',
    {
      schema: { params, body: adminReasonSchema, response: okResponse(adminSuspensionSchema) },
      config: write,
    },
    async (req) =>
      auditedWrite(app, req, async (tx, record) => {
        const userId = req.params.id;
        if (!(await repo.memberExists(tx, userId))) throw memberNotFound();
        const now = clock.now();
        const done = await suspendMember(tx, userId, req.body.reason, now);
        if (!done) {
          const row = await repo.findMember(tx, userId);
          return { changed: false, suspended_at: row?.suspended_at ?? null, sessions_ended: 0 };
        }
        const at = now.toISOString();
        await record(
          'member.suspend',
          target(userId),
          { suspended_at: null },
          { suspended_at: at, reason: req.body.reason, sessions_ended: done.sessionsEnded },
        );
        return { changed: true, suspended_at: at, sessions_ended: done.sessionsEnded };
      }),
  );

  app.post(
    '/admin/members/:id/unsuspend',
    {
      schema: { params, body: adminReasonSchema, response: okResponse(adminSuspensionSchema) },
      config: write,
    },
    async (req) =>
      auditedWrite(app, req, async (tx, record) => {
        const userId = req.params.id;
        const row = await repo.findMember(tx, userId);
        if (!row) throw memberNotFound();
        if (!(await unsuspendMember(tx, userId, clock.now()))) {
          return { changed: false, suspended_at: null, sessions_ended: 0 };
        }
        await record(
          'member.unsuspend',
          target(userId),
          { suspended_at: row.suspended_at, suspended_reason: row.suspended_reason },
          { suspended_at: null, reason: req.body.reason },
        );
        return { changed: true, suspended_at: null, sessions_ended: 0 };
      }),
  );

  app.post(
    '/admin/members/:id/sessions/end',
    {
      schema: { params, body: adminReasonSchema, response: okResponse(adminSessionsEndedSchema) },
      config: write,
    },
    async (req) =>
      auditedWrite(app, req, async (tx, record) => {
        const userId = req.params.id;
        if (!(await repo.memberExists(tx, userId))) throw memberNotFound();
        const ended = await endSessionsOf(tx, userId);
        if (ended) {
          await record(
            'member.sessions.end',
            target(userId),
            { sessions: ended },
            { sessions: 0, reason: req.body.reason },
          );
        }
        return { sessions_ended: ended };
      }),
  );

  // --- SMS verification ---
  app.post(
    '/admin/members/:id/sms/reset',
    {
      schema: { params, body: adminSmsResetSchema, response: okResponse(adminSmsResetResultSchema) },
      config: write,
    },
    async (req) =>
      auditedWrite(app, req, async (tx, record) => {
        const userId = req.params.id;
        if (!(await repo.memberExists(tx, userId))) throw memberNotFound();
        const hadPhone = (await repo.verifiedPhone(tx, userId)) !== null;
        const reset = await resetPhoneVerification(tx, userId, clock.now());
        const released = req.body.release_phone === 1 && hadPhone;
        if (released) await forgetPhone(tx, userId);
        if (!reset && !released) return { changed: false, released_phone: false };
        await record(
          'member.sms.reset',
          target(userId),
          { end_sms: reset ? 1 : 0, verified_phone: hadPhone },
          { end_sms: 0, verified_phone: hadPhone && !released, reason: req.body.reason },
        );
        return { changed: true, released_phone: released };
      }),
  );
};
