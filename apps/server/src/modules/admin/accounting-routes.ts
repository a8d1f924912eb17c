import { sendCsv } from '../../http/csv.ts';
import { adminAccountingQuerySchema, adminPrepaidQuerySchema } from '@gacha/contract/admin-accounting';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { accountsRoute, liabilityRoute, prepaidReportRoute } from '@gacha/contract/routes/admin-accounting';
import {
  accountingRange,
  accountingReport,
  dailyCsv,
  liabilityOn,
  paymentsCsv,
  prepaidCsv,
  prepaidReport,
  refundsCsv,
} from './accounting.ts';

/**
 * GET /api/admin/accounting… (accounting.read): the money page's figures, the gem liability on a day, the
 * prepaid-balance report, and their CSV files (UTF-8 with a byte-order mark, for spreadsheets).
 */
export const accountingRoutes: ApiPlugin = async (app) => {
  const { db, clock } = app;
  const config = { staff: 'accounting.read' } as const;

  await serve(app, accountsRoute, async (req) => {
    const now = clock.now();
    return accountingReport(db, accountingRange(req.query, now), now);
  });
  await serve(app, liabilityRoute, async (req) => liabilityOn(db, req.query.date, clock.now()));
  await serve(app, prepaidReportRoute, async (req) => prepaidReport(db, req.query.base, clock.now()));

  app.get(
    '/admin/accounting/daily.csv',
    { schema: { querystring: adminAccountingQuerySchema }, config },
    async (req, reply) => {
      const now = clock.now();
      const range = accountingRange(req.query, now);
      const report = await accountingReport(db, range, now);
      return sendCsv(reply, `daily-${range.from}-${range.to}.csv`, dailyCsv(report));
    },
  );
  app.get(
    '/admin/accounting/payments.csv',
    { schema: { querystring: adminAccountingQuerySchema }, config },
    async (req, reply) => {
      const now = clock.now();
      const range = accountingRange(req.query, now);
      return sendCsv(reply, `payments-${range.from}-${range.to}.csv`, await paymentsCsv(db, range, now));
    },
  );
  app.get(
    '/admin/accounting/refunds.csv',
    { schema: { querystring: adminAccountingQuerySchema }, config },
    async (req, reply) => {
      const now = clock.now();
      const range = accountingRange(req.query, now);
      return sendCsv(reply, `refunds-${range.from}-${range.to}.csv`, await refundsCsv(db, range, now));
    },
  );
  app.get(
    '/admin/accounting/prepaid.csv',
    { schema: { querystring: adminPrepaidQuerySchema }, config },
    async (req, reply) => {
      const report = await prepaidReport(db, req.query.base, clock.now());
      return sendCsv(reply, `prepaid-balance-${report.base_date}.csv`, prepaidCsv(report));
    },
  );
};
