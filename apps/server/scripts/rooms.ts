/**
 * Release rooms from the command line, by the console's rules (rooms/staff.ts), each change with its audit row
 * (actor: the command line):
 *
 *   npx tsx apps/server/scripts/rooms.ts open <packId> [--minutes-before 60] [--rate 100] [--pass-seconds 300]
 *   npx tsx apps/server/scripts/rooms.ts pause <packId>
 *   npx tsx apps/server/scripts/rooms.ts resume <packId>
 *   npx tsx apps/server/scripts/rooms.ts show <packId>
 *   npx tsx apps/server/scripts/rooms.ts rehearse [--starts-in 60] [--lots 10] [--rate 6] [--pass-seconds 120]
 *
 * open: members may join --minutes-before the pack's start, --rate places are admitted a minute from the start,
 * a pass lasts --pass-seconds. rehearse: a small demo pack starting --starts-in seconds from now with its room
 * open at once (the demo cards must be loaded), for trying a release end to end.
 * Uses the server's configuration (DATABASE_URL etc.) and runs the migrations first. Prints the result as JSON.
 */
import { adminRoomOpenSchema } from '@gacha/contract/admin-rooms';
import type { Db } from '../src/db/index.ts';
import { createReleaseRehearsal } from '../src/demo/demo-release.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { openRoom, pauseRoom, roomForStaff } from '../src/modules/rooms/staff.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = [
  'usage: rooms.ts open <packId> [--minutes-before <n>] [--rate <n>] [--pass-seconds <n>]',
  '       rooms.ts pause|resume|show <packId>',
  '       rooms.ts rehearse [--starts-in <seconds>] [--lots <n>] [--rate <n>] [--pass-seconds <n>]',
].join('\n');

const whole = (v: string | undefined) => (v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** `--name value` pairs, each known and given once, as whole numbers over the defaults; null when not so. */
function options<K extends string>(args: string[], defaults: Record<K, number>): Record<K, number> | null {
  const out: Record<string, number> = { ...defaults };
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, '');
    const value = whole(args[i + 1]);
    if (!name || !args[i]!.startsWith('--') || !(name in defaults) || seen.has(name) || value === undefined)
      return null;
    seen.add(name);
    out[name] = value;
  }
  return out as Record<K, number>;
}

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [cmd, ...args] = argv;
  let run: ((db: Db) => Promise<unknown>) | null = null;
  const packId = whole(args[0]);
  if (cmd === 'open' && packId !== undefined) {
    const o = options(args.slice(1), { 'minutes-before': 60, rate: 100, 'pass-seconds': 300 });
    const parsed =
      o &&
      adminRoomOpenSchema.safeParse({
        minutes_before: o['minutes-before'],
        admit_per_minute: o.rate,
        pass_seconds: o['pass-seconds'],
      });
    if (parsed?.success)
      run = async (db) => {
        const body = parsed.data;
        await openRoom(commandWrite(db), packId, {
          minutesBefore: body.minutes_before,
          admitPerMinute: body.admit_per_minute,
          passSeconds: body.pass_seconds,
        });
        return roomForStaff(db, packId, new Date());
      };
  } else if ((cmd === 'pause' || cmd === 'resume') && packId !== undefined && args.length === 1) {
    run = async (db) => {
      await pauseRoom(commandWrite(db), packId, cmd === 'pause');
      return roomForStaff(db, packId, new Date());
    };
  } else if (cmd === 'show' && packId !== undefined && args.length === 1) {
    run = (db) => roomForStaff(db, packId, new Date());
  } else if (cmd === 'rehearse') {
    const o = options(args, { 'starts-in': 60, lots: 10, rate: 6, 'pass-seconds': 120 });
    if (o && o['starts-in'] >= 1 && o.lots >= 1 && o.rate >= 1 && o['pass-seconds'] >= 60)
      run = async (db) => {
        const now = new Date();
        const id = await createReleaseRehearsal(db, now, {
          startsInSeconds: o['starts-in'],
          lots: o.lots,
          // open from now on
          minutesBefore: Math.ceil(o['starts-in'] / 60) + 1,
          admitPerMinute: o.rate,
          passSeconds: o['pass-seconds'],
        });
        return { pack_id: id, room: await roomForStaff(db, id, now) };
      };
  }
  if (!run) return usageError(io, USAGE);
  const work = run;
  return runCommand(io, ({ db }) => work(db));
}

await runIfEntryPoint(import.meta.url, main);
