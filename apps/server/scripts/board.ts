/**
 * Everyone's Record from the command line (until the staff console exists):
 *
 *   npx tsx apps/server/scripts/board.ts pending                       posts waiting for a decision, oldest first
 *   npx tsx apps/server/scripts/board.ts approve <postId>              shows it on the board; 500 gems to its member, once
 *   npx tsx apps/server/scripts/board.ts reject <postId> --reason <text>  never shown; the member sees the reason
 *
 * Uses the server's configuration (DATABASE_URL etc.) and runs the migrations first. Prints the result as JSON.
 */
import { commandWrite } from '../src/modules/admin/service.ts';
import { pendingPosts } from '../src/modules/board/service.ts';
import { approvePost, rejectPost } from '../src/modules/board/staff.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = [
  'usage: board.ts pending',
  '       board.ts approve <postId>',
  '       board.ts reject <postId> --reason <text>',
].join('\n');

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [cmd, id, ...rest] = argv;
  const postId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : undefined;
  if (cmd === 'pending' && id === undefined) return runCommand(io, ({ db }) => pendingPosts(db, 200));
  if (cmd === 'approve' && postId !== undefined && rest.length === 0) {
    return runCommand(io, ({ db }) => approvePost(commandWrite(db), postId));
  }
  if (
    cmd === 'reject' &&
    postId !== undefined &&
    rest.length === 2 &&
    rest[0] === '--reason' &&
    rest[1]!.trim()
  ) {
    return runCommand(io, ({ db }) => rejectPost(commandWrite(db), postId, rest[1]!));
  }
  return usageError(io, USAGE);
}

await runIfEntryPoint(import.meta.url, main);
