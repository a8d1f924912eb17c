import { z } from 'zod';
import { adminShipmentListSchema, adminShipResultSchema, shipSchema } from '@gacha/contract/draws';
import { pathId } from '@gacha/contract/path';
import { okResponse, type ApiPlugin } from '../../http/envelope.ts';
import { markShipped } from '../holdings/service.ts';
import { assertAdmin, listShipments } from './service.ts';

/**
 * Admin shipping routes, behind the `x-admin-secret` header equal to config.adminSecret (ADMIN_SECRET; refused
 * when unset). They speak the same envelope as every API call: the POST needs the csrf pair of a previous answer.
 */
export const shippingApi: ApiPlugin = async (app) => {
  const { db, clock, config } = app;

  app.get(
    '/admin/shipments',
    {
      schema: {
        querystring: z.object({ status: z.enum(['open', 'shipped', 'all']).catch('open') }),
        response: okResponse(adminShipmentListSchema),
      },
    },
    async (req) => {
      assertAdmin(req.headers['x-admin-secret'], config.adminSecret);
      return { list: await listShipments(db, { status: req.query.status }) };
    },
  );

  app.post(
    '/admin/shipments/:id/ship',
    {
      schema: {
        params: z.object({ id: pathId() }),
        body: shipSchema,
        response: okResponse(adminShipResultSchema),
      },
    },
    async (req) => {
      assertAdmin(req.headers['x-admin-secret'], config.adminSecret);
      const shipped = await markShipped(
        db,
        { shipmentId: req.params.id, deliveryCode: req.body.delivery_code },
        clock.now(),
      );
      return { result: '1' as const, shipment: shipped };
    },
  );
};
