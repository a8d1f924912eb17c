/**
 * Shipping batches from the command line (until the admin console exists):
 *
 *   npx tsx apps/server/scripts/shipping.ts list [--status open|shipped|all]   batches with address and items (JSON)
 *   npx tsx apps/server/scripts/shipping.ts ship <shipmentId> <deliveryCode>   marks an open batch shipped
 *
 * Marking a batch shipped turns its items 'shipped' and shows the delivery code in the member's history.
 * Uses the server's configuration (DATABASE_URL etc.) and runs the migrations first.
 */
import { shipSchema } from '@gacha/contract/draws';
import type { Db } from '../src/db/index.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { allShipments } from '../src/modules/shipping/service.ts';
import { shipByStaff } from '../src/modules/shipping/staff.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = [
  'usage: shipping.ts list [--status open|shipped|all]',
  '       shipping.ts ship <shipmentId> <deliveryCode>',
].join('\n');

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [cmd, ...args] = argv;
  let run: (db: Db) => Promise<unknown>;
  if (cmd === 'list') {
    let status: 'open' | 'shipped' | 'all' = 'open';
    if (args.length) {
      if (args[0] !== '--status' || !['open', 'shipped', 'all'].includes(args[1] ?? '') || args.length > 2) {
        return usageError(io, USAGE);
      }
      status = args[1] as typeof status;
    }
    run = (db) => allShipments(db, { status });
  } else if (cmd === 'ship') {
    const [id, code] = args;
    const parsed = shipSchema.safeParse({ delivery_code: code ?? '' });
    if (!id || !/^\d{1,9}$/.test(id) || !parsed.success || args.length !== 2) return usageError(io, USAGE);
    run = (db) => shipFromCommandLine(db, Number(id), parsed.data.delivery_code);
  } else return usageError(io, USAGE);
  return runCommand(io, ({ db }) => run(db));
}

/** Marks a batch shipped, with its audit row (the command line as the actor). */
const shipFromCommandLine = (db: Db, shipmentId: number, deliveryCode: string) =>
  shipByStaff(commandWrite(db), { shipmentId, deliveryCode });

await runIfEntryPoint(import.meta.url, main);
