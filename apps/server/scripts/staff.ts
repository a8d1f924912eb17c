/**
 * Staff accounts of the console from the command line:
 *
 *   npx tsx apps/server/scripts/staff.ts create --email <email> --role owner|operator|support|viewer [--password <p>]
 *   npx tsx apps/server/scripts/staff.ts list
 *   npx tsx apps/server/scripts/staff.ts disable <id> | enable <id>      (ends its sessions)
 *   npx tsx apps/server/scripts/staff.ts reset-2fa <id>                  (it sets up its authenticator again)
 *
 * Without --password a random one is made and printed once. The new member sets up two-step verification (TOTP)
 * at its first sign-in at /admin. Uses the server's configuration (DATABASE_URL etc.) and runs the migrations
 * first. Prints the result as JSON.
 */
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../src/db/schema.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import { changeStaff, createStaff, listStaff, resetSecondFactor } from '../src/modules/admin/staff.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = [
  'usage: staff.ts create --email <email> --role owner|operator|support|viewer [--password <password>]',
  '       staff.ts list',
  '       staff.ts disable <id> | enable <id> | reset-2fa <id>',
].join('\n');

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [cmd, ...args] = argv;
  if (cmd === 'create') {
    const opts = new Map<string, string>();
    for (let i = 0; i < args.length; i += 2) {
      if (!args[i]?.startsWith('--') || args[i + 1] === undefined || opts.has(args[i]!))
        return usageError(io, USAGE);
      opts.set(args[i]!, args[i + 1]!);
    }
    const email = opts.get('--email');
    const role = opts.get('--role') as StaffRole | undefined;
    if (!email || !role || [...opts.keys()].some((k) => !['--email', '--role', '--password'].includes(k))) {
      return usageError(io, USAGE);
    }
    const generated = !opts.has('--password');
    const password = opts.get('--password') ?? randomBytes(12).toString('base64url');
    return runCommand(io, async ({ db }) => ({
      ...(await createStaff(commandWrite(db), { email, password, role })),
      ...(generated ? { password } : {}),
    }));
  }
  if (cmd === 'list' && args.length === 0) return runCommand(io, ({ db }) => listStaff(db));
  const id = args.length === 1 && /^\d{1,9}$/.test(args[0]!) ? Number(args[0]) : undefined;
  if (id !== undefined && (cmd === 'disable' || cmd === 'enable')) {
    return runCommand(io, ({ db }) =>
      changeStaff(commandWrite(db), id, { disabled: cmd === 'disable' ? 1 : 0 }),
    );
  }
  if (id !== undefined && cmd === 'reset-2fa')
    return runCommand(io, ({ db }) => resetSecondFactor(commandWrite(db), id));
  return usageError(io, USAGE);
}

await runIfEntryPoint(import.meta.url, main);
