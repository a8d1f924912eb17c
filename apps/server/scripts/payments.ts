/**
 * Gem purchase housekeeping from the command line (the server also runs the sweeps on its schedule):
 *
 *   npx tsx apps/server/scripts/payments.ts expire-payments [--now <ISO time>]
 *       pending convenience store / bank transfer payments past 3 days (redirect and 3-D Secure ones past a
 *       day) expire; one the provider reports paid is credited instead
 *   npx tsx apps/server/scripts/payments.ts expire-gems [--now <ISO time>]
 *       gem lots past their 6 months are zeroed, one 'expired' ledger row each
 *   npx tsx apps/server/scripts/payments.ts fx-set <YYYY-MM> <yen per dollar>
 *       stores the USD/JPY rate of a month (effective from 12:00 JST on its 1st)
 *   npx tsx apps/server/scripts/payments.ts fx-list
 *       the stored monthly rates, and the one in effect now
 *
 * Every command is safe to run at any time and any number of times, also while the server runs. Prints JSON.
 * Uses the server's configuration (DATABASE_URL etc.) and runs the migrations first.
 */
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/index.ts';
import { expireLots } from '../src/modules/gems/service.ts';
import { fxRateAt, listRates, setMonthlyRate } from '../src/modules/payments/fx.ts';
import { expirePayments } from '../src/modules/payments/jobs.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = [
  'usage: payments.ts expire-payments [--now <ISO time>]',
  '       payments.ts expire-gems [--now <ISO time>]',
  '       payments.ts fx-set <YYYY-MM> <yen per dollar>',
  '       payments.ts fx-list',
].join('\n');

function parseNow(rest: string[]): Date | null {
  if (!rest.length) return new Date();
  if (rest.length === 2 && rest[0] === '--now') {
    const d = new Date(rest[1]!);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [cmd, ...rest] = argv;
  let run: (ctx: { db: Db; config: Config }) => Promise<object>;
  if (cmd === 'expire-payments' || cmd === 'expire-gems') {
    const now = parseNow(rest);
    if (!now) return usageError(io, USAGE);
    run =
      cmd === 'expire-payments'
        ? ({ db, config }) => expirePayments({ db, config, clock: { now: () => now } })
        : ({ db }) => expireLots(db, now);
  } else if (cmd === 'fx-set' && rest.length === 2 && /^\d{4}-\d{2}$/.test(rest[0]!) && Number(rest[1]) > 0) {
    run = async ({ db }) => {
      await setMonthlyRate(db, rest[0]!, Number(rest[1]));
      return { month: rest[0], rate: Number(rest[1]) };
    };
  } else if (cmd === 'fx-list' && !rest.length) {
    run = async ({ db, config }) => {
      const current = await fxRateAt(db, new Date(), config.payments.fxUsdJpy);
      return { rates: await listRates(db), now: { ...current, since: current.since.toISOString() } };
    };
  } else return usageError(io, USAGE);
  return runCommand(
    io,
    async (ctx) => {
      const t0 = Date.now();
      const result = await run(ctx);
      return { command: cmd, ...result, ms: Date.now() - t0 };
    },
    { oneLine: true },
  );
}

await runIfEntryPoint(import.meta.url, main);
