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
import { addStaff, changeStaff, resetSecondFactor, staffCsv, staffForOwners } from './staff.ts';
import { staffWrite } from './staff-write.ts';

/**
 * Staff accounts from the console (owners: staff.manage): the list, a new account with a temporary password,
 * a role changed, an account disabled or enabled, a second factor reset. Each change is one audit row; the
 * command line (scripts/staff.ts) stays for the first owner.
 */
export const staffRoutes: ApiPlugin = async (app) => {
  const { db } = app;
  const manage = { staff: 'staff.manage' } as const;

  await serve(app, staffListRoute, async (req) => staffForOwners(db, req.query));

  app.get(
    '/admin/staff/export.csv',
    { schema: { querystring: adminStaffQuerySchema }, config: manage },
    async (req, reply) => sendCsv(reply, 'staff.csv', await staffCsv(db, req.query)),
  );

  await serve(app, addStaffRoute, async (req) => addStaff(staffWrite(req), req.body));

  await serve(app, changeStaffRoute, async (req) => {
    await changeStaff(staffWrite(req), req.params.id, req.body);
    return { id: req.params.id };
  });

  await serve(app, resetSecondFactorRoute, async (req) => {
    await resetSecondFactor(staffWrite(req), req.params.id);
    return { id: req.params.id };
  });
};
