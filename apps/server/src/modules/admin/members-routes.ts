import {
  deductCoinsRoute,
  searchMembersRoute,
  deductGemsRoute,
  endSessionsRoute,
  grantCoinsRoute,
  grantGemsRoute,
  memberCoinLedgerRoute,
  memberDetailRoute,
  memberGemLedgerRoute,
  memberGemLotsRoute,
  memberItemsRoute,
  memberPaymentsRoute,
  memberPurchasesRoute,
  resetSmsRoute,
  suspendMemberRoute,
  unsuspendMemberRoute,
} from '@gacha/contract/routes/admin-members';
import type { FastifyRequest } from 'fastify';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
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
  const pii = (req: FastifyRequest) => allows(staffOf(req).role, 'members.pii');
  const target = (id: number) => ({ type: 'member', id });

  // --- reading ---
  await serve(app, searchMembersRoute, async (req) =>
    searchMembers(db, req.query, { pii: pii(req), now: clock.now() }),
  );

  await serve(app, memberDetailRoute, async (req) =>
    memberDetail(db, req.params.id, { pii: pii(req), now: clock.now() }),
  );

  await serve(app, memberGemLotsRoute, async (req) =>
    memberGemLots(db, req.params.id, { state: req.query.state, page: req.query.page, now: clock.now() }),
  );

  await serve(app, memberGemLedgerRoute, async (req) => memberGemLedger(db, req.params.id, req.query.page));

  await serve(app, memberCoinLedgerRoute, async (req) => memberCoinLedger(db, req.params.id, req.query.page));

  await serve(app, memberPurchasesRoute, async (req) => memberPurchases(db, req.params.id, req.query.page));

  await serve(app, memberItemsRoute, async (req) =>
    memberItems(db, req.params.id, { status: req.query.status, page: req.query.page }),
  );

  await serve(app, memberPaymentsRoute, async (req) =>
    memberPayments(db, req.params.id, { page: req.query.page, pii: pii(req) }),
  );

  // --- gems and coins ---
  const gemRoutes = { grant: grantGemsRoute, deduct: deductGemsRoute } as const;
  const coinRoutes = { grant: grantCoinsRoute, deduct: deductCoinsRoute } as const;
  for (const direction of ['grant', 'deduct'] as const) {
    await serve(app, gemRoutes[direction], async (req) => {
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
    });

    await serve(app, coinRoutes[direction], async (req) => {
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
    });
  }

  // --- suspension and sessions ---
  await serve(app, suspendMemberRoute, async (req) =>
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

  await serve(app, unsuspendMemberRoute, async (req) =>
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

  await serve(app, endSessionsRoute, async (req) =>
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
  await serve(app, resetSmsRoute, async (req) =>
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
