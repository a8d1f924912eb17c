import { shipSchema } from '@gacha/contract/draws';
import type { ModuleDeps } from '../../http/module-deps.ts';
import { notFound } from '../../http/api-error.ts';
import { assertAdmin, listShipments, markShipped } from './service.ts';

/**
 * Admin shipping routes, behind the `x-admin-secret` header equal to config.adminSecret (ADMIN_SECRET; refused when unset).
 * They speak the same envelope as every API call: the POST needs the csrf pair of a previous answer.
 */
export function registerShippingRoutes({ api, db, clock, config }: ModuleDeps): void {
  api.get('/admin/shipments', {}, async ({ req }) => {
    assertAdmin(req.headers['x-admin-secret'], config.adminSecret);
    const q = (req.query ?? {}) as Record<string, unknown>;
    const status = q.status === 'shipped' || q.status === 'all' ? q.status : 'open';
    return { list: await listShipments(db, { status }) };
  });

  api.post('/admin/shipments/:id/ship', { body: shipSchema }, async ({ req, body }) => {
    assertAdmin(req.headers['x-admin-secret'], config.adminSecret);
    const id = String((req.params as { id?: string }).id ?? '');
    if (!/^\d{1,9}$/.test(id)) throw notFound();
    const shipped = await markShipped(
      db,
      { shipmentId: Number(id), deliveryCode: body.delivery_code },
      clock.now(),
    );
    return { result: '1', shipment: shipped };
  });
}
