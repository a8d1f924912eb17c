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
import { markShipped, shipBatch, type ShippedBatch } from '../holdings/service.ts';
import { mailerFor } from '../mail/service.ts';
import {
  checkTrackingCsv,
  correctTracking,
  listShipments,
  packingList,
  shippedMails,
  type TrackingLine,
} from '../shipping/service.ts';
import { auditedWrite, recorderOf } from './request.ts';

const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** A line of the CSV the transaction found refused (a batch shipped by someone else meanwhile): nothing applies. */
class LineRefused extends Error {
  constructor(
    readonly line: number,
    readonly ref: MessageRef,
  ) {
    super(`line ${line} refused`);
  }
}

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

  const auditShip = (done: ShippedBatch) =>
    [
      'shipment.ship',
      { type: 'shipment', id: done.id },
      { status: 'open' },
      {
        status: 'shipped',
        delivery_code: done.delivery_code,
        carrier: done.carrier,
        items: done.items,
      },
    ] as const;

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
    const record = recorderOf(app, req);
    const shipped = await markShipped(
      db,
      {
        shipmentId: req.params.id,
        deliveryCode: req.body.delivery_code,
        carrier: req.body.carrier ?? null,
      },
      clock.now(),
      (tx, done) => record(tx, ...auditShip(done)),
    );
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
  await serve(app, correctTrackingRoute, async (req) =>
    auditedWrite(app, req, async (tx, record) => {
      const change = await correctTracking(tx, {
        shipmentId: req.params.id,
        deliveryCode: req.body.delivery_code,
        ...(req.body.carrier ? { carrier: req.body.carrier } : {}),
      });
      if (change)
        await record(
          'shipment.tracking',
          { type: 'shipment', id: req.params.id },
          change.before,
          change.after,
        );
      return { id: req.params.id };
    }),
  );

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
      const now = clock.now();
      let done: ShippedBatch[];
      try {
        done = await auditedWrite(app, req, async (tx, record) => {
          const shipped: ShippedBatch[] = [];
          for (const l of file.lines) {
            let batch: ShippedBatch;
            try {
              batch = await shipBatch(
                tx,
                { shipmentId: l.shipmentId!, deliveryCode: l.trackingCode!, carrier: l.carrier },
                now,
              );
            } catch (err) {
              // another clerk shipped it since the check: the whole file rolls back
              if (err instanceof ApiError && (err.state === 404 || err.state === 409))
                throw new LineRefused(
                  l.line,
                  err.state === 404 ? 'shipment_not_found' : 'shipment_already_shipped',
                );
              throw err;
            }
            await record(...auditShip(batch));
            shipped.push(batch);
          }
          return shipped;
        });
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
