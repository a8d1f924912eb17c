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
import { endSessionsByStaff, suspendByStaff, unsuspendByStaff } from '../account/staff.ts';
import { changeCoinsByStaff } from '../coins/staff.ts';
import { changeGemsByStaff } from '../gems/staff.ts';
import { resetSmsByStaff } from '../sms/staff.ts';
import {
  memberCoinLedger,
  memberDetail,
  memberGemLedger,
  memberGemLots,
  memberItems,
  memberPayments,
  memberPurchases,
  searchMembers,
} from './members.ts';
import { allows } from './permissions.ts';
import { staffOf } from './request.ts';
import { staffWrite } from './staff-write.ts';

/**
 * The console's members: search and the member page for every role (personal data in full
 * with `members.pii` only), the actions with `members.write`. Every action takes a reason and leaves one audit
 * row (target 'member') in its own transaction; an action that changes nothing leaves none.
 */
export const membersRoutes: ApiPlugin = async (app) => {
  const { db, clock } = app;
  const pii = (req: FastifyRequest) => allows(staffOf(req).role, 'members.pii');

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
      const { amount, reason, request_id } = req.body;
      return changeGemsByStaff(staffWrite(req), {
        userId: req.params.id,
        amount,
        direction,
        reason,
        requestId: request_id,
      });
    });

    await serve(app, coinRoutes[direction], async (req) => {
      const { tenths, reason, request_id } = req.body;
      return changeCoinsByStaff(staffWrite(req), {
        userId: req.params.id,
        tenths,
        direction,
        reason,
        requestId: request_id,
      });
    });
  }

  // --- suspension and sessions ---
  await serve(app, suspendMemberRoute, async (req) =>
    suspendByStaff(staffWrite(req), req.params.id, req.body.reason),
  );

  await serve(app, unsuspendMemberRoute, async (req) =>
    unsuspendByStaff(staffWrite(req), req.params.id, req.body.reason),
  );

  await serve(app, endSessionsRoute, async (req) =>
    endSessionsByStaff(staffWrite(req), req.params.id, req.body.reason),
  );

  // --- SMS verification ---
  await serve(app, resetSmsRoute, async (req) =>
    resetSmsByStaff(staffWrite(req), req.params.id, {
      reason: req.body.reason,
      releasePhone: req.body.release_phone === 1,
    }),
  );
};
