/**
 * Coupons from the command line (until the admin console exists):
 *
 *   npx tsx apps/server/scripts/coupon.ts create --gems <n> [options]        a coupon granting n bonus gems
 *   npx tsx apps/server/scripts/coupon.ts create --courses <id,id> [options] a coupon unlocking hidden courses
 *   npx tsx apps/server/scripts/coupon.ts list                               every coupon with its use count (JSON)
 *
 * options: --code <CODE> (default: 10 random characters), --from <ISO time> (default: now),
 *          --until <ISO time> (default: 30 days after --from; exclusive), --max <total uses> (default: unlimited),
 *          --note <text>
 *
 * Members redeem a code on My page (POST /user/coupon/use), once each, inside the window, while the total lasts.
 * Uses the server's configuration (DATABASE_URL etc.) and runs the migrations first. Prints the result as JSON.
 */
import type { Db } from '../src/db/index.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { couponsMatching } from '../src/modules/coupons/service.ts';
import { createCoupon, type NewCoupon } from '../src/modules/coupons/staff.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = [
  'usage: coupon.ts create (--gems <n> | --courses <id,id,...>) [--code <CODE>] [--from <ISO>] [--until <ISO>]',
  '                        [--max <n>] [--note <text>]',
  '       coupon.ts list',
].join('\n');

class UsageError extends Error {}

function parseCreate(args: string[], now: Date): NewCoupon {
  const opts = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i];
    const value = args[i + 1];
    if (!key?.startsWith('--') || value === undefined || opts.has(key)) throw new UsageError();
    opts.set(key, value);
  }
  const known = ['--gems', '--courses', '--code', '--from', '--until', '--max', '--note'];
  if ([...opts.keys()].some((k) => !known.includes(k))) throw new UsageError();
  const int = (v: string | undefined, name: string) => {
    if (v === undefined) return undefined;
    if (!/^\d{1,9}$/.test(v)) throw new Error(`${name} must be a whole number`);
    return Number(v);
  };
  const time = (v: string | undefined, name: string, fallback: Date) => {
    if (v === undefined) return fallback;
    const d = new Date(v);
    if (Number.isNaN(d.getTime()))
      throw new Error(`${name} must be an ISO time, e.g. 2026-12-01T00:00:00+09:00`);
    return d;
  };
  const gems = int(opts.get('--gems'), '--gems');
  const courses = opts.get('--courses');
  if ((gems === undefined) === (courses === undefined)) throw new UsageError();
  const startsAt = time(opts.get('--from'), '--from', now);
  const endsAt = time(opts.get('--until'), '--until', new Date(startsAt.getTime() + 30 * 24 * 3600_000));
  const pointPriceIds = courses?.split(',').map((c) => int(c.trim(), '--courses')!);
  return {
    kind: gems !== undefined ? 'gems' : 'unlock',
    ...(gems !== undefined ? { gems } : {}),
    ...(pointPriceIds ? { pointPriceIds } : {}),
    ...(opts.has('--code') ? { code: opts.get('--code')! } : {}),
    startsAt,
    endsAt,
    maxUses: int(opts.get('--max'), '--max') ?? null,
    note: opts.get('--note') ?? '',
  };
}

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [cmd, ...args] = argv;
  const now = new Date();
  let run: (db: Db) => Promise<unknown>;
  try {
    if (cmd === 'create') {
      const input = parseCreate(args, now);
      run = (db) => createCoupon(commandWrite(db, now), input);
    } else if (cmd === 'list' && args.length === 0) {
      run = (db) => couponsMatching(db, {}, now);
    } else throw new UsageError();
  } catch (err) {
    return usageError(io, err instanceof UsageError ? USAGE : (err as Error).message);
  }
  return runCommand(io, ({ db }) => run(db));
}

await runIfEntryPoint(import.meta.url, main);
