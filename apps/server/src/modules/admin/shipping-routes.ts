import type { FastifyRequest } from 'fastify';
import { type AdminTrackingLine } from '@gacha/contract/admin-shipping';
import { message, type MessageKey } from '@gacha/contract/messages';
import { ApiError, type MessageRef } from '../../http/api-error.ts';
import { type ApiPlugin } from '../../http/envelope.ts';
import { serve } from '../../http/serve.ts';
import {
  correctTrackingRoute,
  packingListRoute,
  shipBatchRoute,
  shipmentListRoute,
  trackingImportRoute,
} from '@gacha/contract/routes/admin-shipping';
import type { ShippedBatch } from '../holdings/service.ts';
import { mailerFor } from '../mail/service.ts';
import {
  checkTrackingCsv,
  listShipments,
  packingList,
  shippedMails,
  type TrackingLine,
} from '../shipping/service.ts';
import { correctTrackingByStaff, LineRefused, shipByStaff, shipLinesByStaff } from '../shipping/staff.ts';
import { staffWrite } from './staff-write.ts';

const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The console's shipping (it replaced the x-admin-secret routes): batches by age with
 * their address, items and customs declared values; the packing list and customs sheet to print; marking batches
 * shipped with carrier and tracking code one at a time or from a CSV (all or nothing). Each shipped batch leaves
 * one audit row in its transaction and its member gets an email once it is committed.
 */
export const shippingRoutes: ApiPlugin = async (app) => {
  const { db, clock, config } = app;
  const mailer = mailerFor({ db, config, log: app.log });

  /**
   * Emails the members of committed batches (delivery is not part of the answer, and a failure to prepare the
   * mails does not turn a committed shipment into an error: it is logged).
   */
  async function tellMembers(batches: ShippedBatch[]) {
    try {
      for (const mail of await shippedMails(db, batches)) mailer.sendLater(mail);
    } catch (err) {
      app.log.error({ err, shipments: batches.map((b) => b.id) }, 'shipping emails not sent');
    }
  }

  await serve(app, shipmentListRoute, async (req) => listShipments(db, req.query, clock.now()));

  await serve(app, packingListRoute, async (req) =>
    packingList(
      db,
      req.query.ids,
      { name: config.seller.name, address: config.seller.address, email: config.seller.email },
      clock.now(),
    ),
  );

  await serve(app, shipBatchRoute, async (req) => {
    const shipped = await shipByStaff(staffWrite(req), {
      shipmentId: req.params.id,
      deliveryCode: req.body.delivery_code,
      carrier: req.body.carrier ?? null,
    });
    await tellMembers([shipped]);
    return {
      result: '1' as const,
      shipment: {
        id: shipped.id,
        user_id: shipped.user_id,
        items: shipped.items,
        delivery_code: shipped.delivery_code,
        carrier: req.body.carrier ?? null,
      },
    };
  });

  // a shipped batch's tracking code corrected (a typo on the label): one audit row, none for a repeat
  await serve(app, correctTrackingRoute, async (req) => {
    await correctTrackingByStaff(staffWrite(req), {
      shipmentId: req.params.id,
      deliveryCode: req.body.delivery_code,
      ...(req.body.carrier ? { carrier: req.body.carrier } : {}),
    });
    return { id: req.params.id };
  });

  const report = (req: FastifyRequest, lines: TrackingLine[]): AdminTrackingLine[] =>
    lines.map((l) => {
      const ref = l.error;
      const key: MessageKey | null = ref === null ? null : typeof ref === 'string' ? ref : ref.key;
      return {
        line: l.line,
        shipment_id: l.shipmentId,
        carrier: l.carrier,
        tracking_code: l.trackingCode,
        error: key,
        message:
          ref === null
            ? null
            : typeof ref === 'string'
              ? message(ref, req.lang)
              : message(ref.key, req.lang, ref.params),
      };
    });
  const refused = (req: FastifyRequest, fileError: MessageRef | null, lines: TrackingLine[]) =>
    new ApiError(400, {
      errors: { csv: fileError ?? 'csv_import_refused' },
      extra: { applied: false, shipped: 0, lines: report(req, lines) },
    });

  await serve(
    app,
    trackingImportRoute,
    async (req) => {
      const file = await checkTrackingCsv(db, req.body.csv);
      if (file.fileError || file.lines.some((l) => l.error)) throw refused(req, file.fileError, file.lines);
      if (req.body.dry_run) return { applied: false, shipped: 0, lines: report(req, file.lines) };
      let done: ShippedBatch[];
      try {
        done = await shipLinesByStaff(
          staffWrite(req),
          file.lines.map((l) => ({
            line: l.line,
            shipmentId: l.shipmentId!,
            deliveryCode: l.trackingCode!,
            carrier: l.carrier,
          })),
        );
      } catch (err) {
        if (!(err instanceof LineRefused)) throw err;
        throw refused(
          req,
          null,
          file.lines.map((l) => (l.line === err.line ? { ...l, error: err.ref } : l)),
        );
      }
      await tellMembers(done);
      return { applied: true, shipped: done.length, lines: report(req, file.lines) };
    },
    {},
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
};
