/**
 * Runs the inactivity rule once from the command line (the server also runs it every hour):
 *
 *   npx tsx apps/server/scripts/inactivity.ts [--now 2027-06-01T00:00:00Z]
 *
 * Members without a gem use for 6 months are flagged and mailed a notice (in their language); 30 days after
 * the notice, still without a gem use, their gems are voided (one 'voided' ledger row per lot) and their
 * personal data anonymised; financial records stay. Idempotent: running it again changes nothing.
 * Uses the server's configuration (DATABASE_URL, MAIL_URL etc.) and runs the migrations first. Prints JSON.
 */
import { mailerFor } from '../src/modules/mail/service.ts';
import { runInactivitySweep } from '../src/modules/inactivity/service.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = 'usage: inactivity.ts [--now <ISO time>]';

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  let now = new Date();
  if (argv.length) {
    if (argv.length !== 2 || argv[0] !== '--now' || Number.isNaN(new Date(argv[1]!).getTime()))
      return usageError(io, USAGE);
    now = new Date(argv[1]!);
  }
  return runCommand(
    io,
    async ({ db, config }) => {
      const mailer = mailerFor({ db, config });
      try {
        const t0 = Date.now();
        const result = await runInactivitySweep({ db, mailer }, now);
        return { job: 'inactivity', now: now.toISOString(), ...result, ms: Date.now() - t0 };
      } finally {
        mailer.close();
      }
    },
    { oneLine: true },
  );
}

await runIfEntryPoint(import.meta.url, main);
