import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../src/config.ts';
import { migrate, openDb, type Db } from '../src/db/index.ts';
import { ApiError } from '../src/http/api-error.ts';

/** Where a staff command writes and which environment it reads: the process's own, or a test's. */
export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

/** A staff command: its arguments (without node and the script) in, its exit code out. */
export type Command = (argv: string[], io?: CommandIo) => Promise<number>;

export const processIo: CommandIo = { stdout: process.stdout, stderr: process.stderr, env: process.env };

/**
 * Runs `main` with the process's arguments, streams and environment, and exits with its code, when the file
 * at `moduleUrl` is the one node was started with (`npx tsx apps/server/scripts/<x>.ts …`); does nothing when
 * the file is imported (tests call its main in-process).
 */
export async function runIfEntryPoint(moduleUrl: string, main: Command): Promise<void> {
  if (isEntryPoint(fileURLToPath(moduleUrl))) process.exitCode = await main(process.argv.slice(2), processIo);
}

/** Whether node was started with `file`: by its path, through a symlink, or without the `.ts` (tsx finds it). */
function isEntryPoint(file: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  const started = existsSync(entry) ? realpathSync(entry) : resolve(entry);
  return started === file || `${started}.ts` === file;
}

/** A usage error, or what is wrong with the arguments: the message on stderr, exit code 2. */
export function usageError(io: CommandIo, message: string): number {
  io.stderr.write(`${message}\n`);
  return 2;
}

/**
 * What every staff command does around its own work: checks the configuration (DATABASE_URL etc.), opens the
 * database and runs the migrations, prints the answer as JSON, closes the database. Exit code 0 when done, 1
 * when the configuration is wrong or the work is refused (its reason on stderr; DEBUG=1 adds the stack).
 * Usage errors (exit 2) are the command's own, decided before this runs.
 */
export async function runCommand(
  io: CommandIo,
  work: (ctx: { db: Db; config: Config }) => Promise<unknown>,
  opts: { oneLine?: boolean } = {},
): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const db = openDb(config.databaseUrl);
  try {
    await migrate(db);
    const answer = await work({ db, config });
    io.stdout.write(`${opts.oneLine ? JSON.stringify(answer) : JSON.stringify(answer, null, 2)}\n`);
    return 0;
  } catch (err) {
    io.stderr.write(`refused: ${reasonOf(err)}\n`);
    if (io.env.DEBUG && err instanceof Error) io.stderr.write(`${err.stack}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

function reasonOf(err: unknown): string {
  if (err instanceof ApiError) {
    const reason = err.opts.errors ? Object.values(err.opts.errors)[0] : err.opts.message;
    return `${err.state} ${typeof reason === 'string' ? reason : JSON.stringify(reason)}`;
  }
  return err instanceof Error ? err.message : String(err);
}
