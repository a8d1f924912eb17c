/**
 * A pack's own opening videos from the command line (until the admin console exists):
 *
 *   npx tsx apps/server/scripts/pack-video.ts list <packId>
 *   npx tsx apps/server/scripts/pack-video.ts add <packId> <file.mp4|file.webm> [--rarity 1-7] [--style N]
 *   npx tsx apps/server/scripts/pack-video.ts remove <videoId>
 *
 * An added file is kept in the database and served at /media/packs/{packId}/videos/{id}.{ext}; the opening of a
 * purchase plays the video whose rarity and style match (a missing --rarity or --style means any). Running
 * servers see a change within 10 seconds (the buy path's pack cache). An add or a remove is written to the audit
 * log as the command line's, as the console's are. Uses the server's configuration (DATABASE_URL etc.) and runs
 * the migrations first.
 */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Db } from '../src/db/index.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { listPackVideos, VIDEO_TYPES } from '../src/modules/packs/service.ts';
import { addPackVideo, removePackVideo } from '../src/modules/packs/staff.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = [
  'usage: pack-video.ts list <packId>',
  '       pack-video.ts add <packId> <file.mp4|file.webm> [--rarity 1-7] [--style N]',
  '       pack-video.ts remove <videoId>',
].join('\n');

const id = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
const typeOf = (file: string) =>
  Object.entries(VIDEO_TYPES).find(([, ext]) => `.${ext}` === extname(file).toLowerCase())?.[0];

type Run = (db: Db) => Promise<unknown>;

function parse(argv: string[]): Run | string {
  const [cmd, ...args] = argv;
  if (cmd === 'list' && args.length === 1 && id(args[0]) !== undefined) {
    return (db) => listPackVideos(db, id(args[0])!);
  }
  if (cmd === 'remove' && args.length === 1 && id(args[0]) !== undefined) {
    return (db) => removePackVideo(commandWrite(db), id(args[0])!);
  }
  if (cmd !== 'add') return USAGE;
  const [pack, file, ...flags] = args;
  const packId = id(pack);
  if (packId === undefined || !file) return USAGE;
  const contentType = typeOf(file);
  if (!contentType) return `the file must end in ${Object.values(VIDEO_TYPES).map((e) => `.${e}`)}`;
  let rarity: number | null = null;
  let movieStyle: number | null = null;
  for (let i = 0; i < flags.length; i += 2) {
    const value = id(flags[i + 1]);
    if (flags[i] === '--rarity' && value !== undefined && value >= 1 && value <= 7) rarity = value;
    else if (flags[i] === '--style' && value !== undefined) movieStyle = value;
    else return USAGE;
  }
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (err) {
    return `cannot read ${file}: ${(err as Error).message}`;
  }
  return (db) => addPackVideo(commandWrite(db), { packId, rarity, movieStyle, file: { contentType, data } });
}

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const run = parse(argv);
  if (typeof run === 'string') return usageError(io, run);
  return runCommand(io, ({ db }) => run(db));
}

await runIfEntryPoint(import.meta.url, main);
