import { adminStaffQuerySchema } from '@gacha/contract/admin';
import {
  addStaffRoute,
  changeStaffRoute,
  resetSecondFactorRoute,
  staffListRoute,
} from '@gacha/contract/routes/admin-staff';
import { sendCsv } from '../../http/csv.ts';
import type { ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import { auditedWrite, staffOf } from './request.ts';
import { addStaff, changeStaff, resetSecondFactorOf, staffCsv, staffForOwners } from './staff.ts';

/**
 * Staff accounts from the console (owners: staff.manage): the list, a new account with a temporary password,
 * a role changed, an account disabled or enabled, a second factor reset. Each change is one audit row; the
 * command line (scripts/staff.ts) stays for the first owner.
 */
export const staffRoutes: ApiPlugin = async (app) => {
  const { db, clock } = app;
  const manage = { staff: 'staff.manage' } as const;

  await serve(app, staffListRoute, async (req) => staffForOwners(db, req.query));

  app.get(
    '/admin/staff/export.csv',
    { schema: { querystring: adminStaffQuerySchema }, config: manage },
    async (req, reply) => sendCsv(reply, 'staff.csv', await staffCsv(db, req.query)),
  );

  await serve(app, addStaffRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const made = await addStaff(tx, req.body, clock.now());
      await record('staff.create', { type: 'staff', id: made.id }, null, {
        email: made.email,
        role: made.role,
      });
      return made;
    }),
  );

  await serve(app, changeStaffRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const change = await changeStaff(tx, staffOf(req).id, req.params.id, req.body, clock.now());
      if (change)
        await record('staff.update', { type: 'staff', id: req.params.id }, change.before, change.after);
      return { id: req.params.id };
    }),
  );

  await serve(app, resetSecondFactorRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const was = await resetSecondFactorOf(tx, req.params.id);
      // a repeat finds nothing to reset: no second row
      if (was.enrolled)
        await record('staff.reset_2fa', { type: 'staff', id: req.params.id }, was, { enrolled: false });
      return { id: req.params.id };
    }),
  );
};
