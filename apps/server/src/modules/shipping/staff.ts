import type { MessageRef } from '../../http/api-error.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuditEntry, StaffWrite } from '../admin/service.ts';
import { shipBatch, type ShippedBatch } from '../holdings/service.ts';
import { correctTracking } from './service.ts';

/**
 * Staff's shipping rules (console: shipping.write, and the shell command): marking batches shipped, one at a
 * time or a CSV's worth all or nothing, and correcting a shipped batch's tracking. Each shipped batch leaves one
 * audit row (target 'shipment') in the transaction that ships it.
 */

type Tracking = { shipmentId: number; deliveryCode: string; carrier?: string | null };

const shipped = (done: ShippedBatch): AuditEntry => ({
  action: 'shipment.ship',
  target: { type: 'shipment', id: done.id },
  before: { status: 'open' },
  after: { status: 'shipped', delivery_code: done.delivery_code, carrier: done.carrier, items: done.items },
});

/** Marks an open batch shipped (404 unknown, 409 not open): its items turn 'shipped'. */
export function shipByStaff(write: StaffWrite, args: Tracking): Promise<ShippedBatch> {
  return write(async (tx, audit) => {
    const done = await shipBatch(tx, args, write.now);
    await audit(shipped(done));
    return done;
  });
}

/** A line of a tracking CSV the transaction found refused (a batch shipped by someone else meanwhile). */
export class LineRefused extends Error {
  constructor(
    readonly line: number,
    readonly ref: MessageRef,
  ) {
    super(`line ${line} refused`);
  }
}

/**
 * Ships every line of a checked tracking CSV in one transaction: all or nothing. A batch another clerk shipped (or
 * that vanished) since the check refuses its line with LineRefused, and the whole file rolls back.
 */
export function shipLinesByStaff(
  write: StaffWrite,
  lines: readonly (Tracking & { line: number })[],
): Promise<ShippedBatch[]> {
  return write(async (tx, audit) => {
    const done: ShippedBatch[] = [];
    for (const l of lines) {
      let batch: ShippedBatch;
      try {
        batch = await shipBatch(tx, l, write.now);
      } catch (err) {
        if (err instanceof ApiError && (err.state === 404 || err.state === 409))
          throw new LineRefused(
            l.line,
            err.state === 404 ? 'shipment_not_found' : 'shipment_already_shipped',
          );
        throw err;
      }
      await audit(shipped(batch));
      done.push(batch);
    }
    return done;
  });
}

/** Corrects a shipped batch's carrier and tracking code (a typo on the label); a repeat writes nothing. */
export function correctTrackingByStaff(write: StaffWrite, args: Tracking): Promise<void> {
  return write(async (tx, audit) => {
    const change = await correctTracking(tx, args);
    if (change)
      await audit({
        action: 'shipment.tracking',
        target: { type: 'shipment', id: args.shipmentId },
        ...change,
      });
  });
}
