/**
 * The monthly rank rollover from the command line (the server runs it at 00:00 JST on the 1st, and at start for
 * any month it missed):
 *
 *   npx tsx apps/server/scripts/ranks.ts rollover --month 2026-12   fixes every member's rank for that month from
 *                                                                   their spend in the month before (idempotent)
 *   npx tsx apps/server/scripts/ranks.ts catch-up                   every month since the last rollover
 *   npx tsx apps/server/scripts/ranks.ts history <memberId>         a member's rank months, newest first
 *
 * Uses the server's configuration (DATABASE_URL etc.) and runs the migrations first. Prints the result as JSON.
 */
import { catchUpRollovers, rolloverMonth } from '../src/modules/ranks/rollover.ts';
import { rankHistory } from '../src/modules/ranks/service.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = [
  'usage: ranks.ts rollover --month <YYYY-MM>',
  '       ranks.ts catch-up',
  '       ranks.ts history <memberId>',
].join('\n');

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb === 'rollover') {
    const month = rest[0] === '--month' ? rest[1] : undefined;
    if (!month || rest.length !== 2 || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return usageError(io, USAGE);
    return runCommand(io, async ({ db }) => {
      const t0 = Date.now();
      return { ...(await rolloverMonth(db, month, new Date())), ms: Date.now() - t0 };
    });
  }
  if (verb === 'catch-up' && rest.length === 0) {
    return runCommand(io, async ({ db }) => ({ ran: await catchUpRollovers(db, new Date()) }));
  }
  if (verb === 'history' && rest.length === 1 && /^\d{1,9}$/.test(rest[0]!)) {
    return runCommand(io, async ({ db }) => rankHistory(db, Number(rest[0])));
  }
  return usageError(io, USAGE);
}

await runIfEntryPoint(import.meta.url, main);
