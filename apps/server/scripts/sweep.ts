/**
 * Runs a sweep once from the command line (the server also runs it on its schedule):
 *
 *   npx tsx apps/server/scripts/sweep.ts auto-convert [--now 2026-11-21T00:00:00Z]
 *
 * auto-convert: won items still unselected 24 hours after the win are decided — choosable ones converted to
 * gems, shipping-only ones added to the member's shipment batch. Safe to run at any time and any number of
 * times, also while the server runs: each item is decided exactly once. Prints what it did as JSON.
 * Uses the server's configuration (DATABASE_URL etc.) and runs the migrations first.
 */
import { runAutoConvert } from '../src/modules/holdings/service.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = 'usage: sweep.ts auto-convert [--now <ISO time>]';

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [job, ...rest] = argv;
  let now = new Date();
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--now' && rest[i + 1]) now = new Date(rest[++i]!);
    else return usageError(io, USAGE);
  }
  if (job !== 'auto-convert' || Number.isNaN(now.getTime())) return usageError(io, USAGE);
  return runCommand(
    io,
    async ({ db }) => {
      const t0 = Date.now();
      const result = await runAutoConvert(db, now);
      return { job, now: now.toISOString(), ...result, ms: Date.now() - t0 };
    },
    { oneLine: true },
  );
}

await runIfEntryPoint(import.meta.url, main);
