import type { FastifyRequest } from 'fastify';
import { type AdminPaymentRow } from '@gacha/contract/admin-payments';
import {
  matchTransferRoute,
  paymentDetailRoute,
  paymentListRoute,
  refundPaymentRoute,
} from '@gacha/contract/routes/admin-payments';
import { type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import {
  listPayments,
  matchBankTransfer,
  paymentForStaff,
  paymentRowForStaff,
  refundForStaff,
  refundPayment,
} from '../payments/staff.ts';
import { maskMail } from './members.ts';
import { allows } from './permissions.ts';
import { staffOf } from './request.ts';
import { staffWrite } from './staff-write.ts';

/**
 * The console's payments: gem purchases with their filters, one payment with its provider
 * events, refunds through the payment provider (payments.refund) and pending bank transfers matched by hand
 * (payments.match). The rules are the payments module's (refunds.ts, staff-payments.ts); these routes mask personal
 * data for roles without members.pii and write the audit rows (target 'payment') in the writes' transactions.
 */
export const paymentsRoutes: ApiPlugin = async (app) => {
  const { clock } = app;
  const deps = app.payments;
  const pii = (req: FastifyRequest) => allows(staffOf(req).role, 'members.pii');
  const masked = <R extends AdminPaymentRow>(row: R, full: boolean): R =>
    full ? row : { ...row, email: maskMail(row.email), holder_name: null };

  await serve(app, paymentListRoute, async (req) => {
    const full = pii(req);
    const page = await listPayments(deps, req.query, { pii: full });
    return { ...page, list: page.list.map((r) => masked(r, full)), pii: full };
  });

  await serve(app, paymentDetailRoute, async (req) => {
    const full = pii(req);
    const d = await paymentForStaff(deps, req.params.id, clock.now());
    return {
      ...d,
      payment: masked(d.payment, full),
      match: d.match && !full ? { ...d.match, holder_name: null } : d.match,
      pii: full,
    };
  });

  await serve(app, refundPaymentRoute, async (req) => {
    const r = await refundPayment(
      deps,
      { paymentId: req.params.id, kind: req.body.reason_kind, reason: req.body.reason },
      staffWrite(req),
    );
    return { changed: r.changed, refund: await refundForStaff(deps, r.refund) };
  });

  await serve(app, matchTransferRoute, async (req) => {
    const r = await matchBankTransfer(
      deps,
      {
        paymentId: req.params.id,
        userId: req.body.user_id,
        amountYen: req.body.amount_yen,
        holderName: req.body.holder_name,
        reason: req.body.reason,
      },
      staffWrite(req),
    );
    return { ...r, payment: masked(await paymentRowForStaff(deps, req.params.id), pii(req)) };
  });
};
