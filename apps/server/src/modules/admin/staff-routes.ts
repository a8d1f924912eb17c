import { z } from 'zod';
import {
  adminIdAnswerSchema,
  adminStaffCreatedSchema,
  adminStaffCreateSchema,
  adminStaffListSchema,
  adminStaffQuerySchema,
  adminStaffUpdateSchema,
} from '@gacha/contract/admin';
import { pathId } from '@gacha/contract/path';
import { sendCsv } from '../../http/csv.ts';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
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
  const params = z.object({ id: pathId('staff_not_found') });

  app.get(
    '/admin/staff',
    {
      schema: { querystring: adminStaffQuerySchema, response: okResponse(adminStaffListSchema) },
      config: manage,
    },
    async (req) => staffForOwners(db, req.query),
  );

  app.get(
    '/admin/staff/export.csv',
    { schema: { querystring: adminStaffQuerySchema }, config: manage },
    async (req, reply) => sendCsv(reply, 'staff.csv', await staffCsv(db, req.query)),
  );

  app.post(
    '/admin/staff',
    {
      schema: { body: adminStaffCreateSchema, response: okResponse(adminStaffCreatedSchema) },
      config: manage,
    },
    async (req) =>
      auditedWrite(app, req, async (tx, record) => {
        const made = await addStaff(tx, req.body, clock.now());
        await record('staff.create', { type: 'staff', id: made.id }, null, {
          email: made.email,
          role: made.role,
        });
        return made;
      }),
  );

  app.post(
    '/admin/staff/:id',
    {
      schema: { params, body: adminStaffUpdateSchema, response: okResponse(adminIdAnswerSchema) },
      config: manage,
    },
    async (req) =>
      auditedWrite(app, req, async (tx, record) => {
        const change = await changeStaff(tx, staffOf(req).id, req.params.id, req.body, clock.now());
        if (change)
          await record('staff.update', { type: 'staff', id: req.params.id }, change.before, change.after);
        return { id: req.params.id };
      }),
  );

  app.post(
    '/admin/staff/:id/reset-2fa',
    { schema: { params, response: okResponse(adminIdAnswerSchema) }, config: manage },
    async (req) =>
      auditedWrite(app, req, async (tx, record) => {
        const was = await resetSecondFactorOf(tx, req.params.id);
        // a repeat finds nothing to reset: no second row
        if (was.enrolled)
          await record('staff.reset_2fa', { type: 'staff', id: req.params.id }, was, { enrolled: false });
        return { id: req.params.id };
      }),
  );
};
