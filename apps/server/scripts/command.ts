import { ConfigError, loadConfig, type Config } from '../src/config.ts';
import { migrate, openDb, type Db } from '../src/db/index.ts';
import { ApiError } from '../src/http/api-error.ts';

/**
 * What every staff command does around its own work: checks the configuration (DATABASE_URL etc.), opens the
 * database and runs the migrations, prints the answer as JSON, closes the database. Exit code 0 when done, 1
 * when the configuration is wrong or the work is refused (its reason on stderr; DEBUG=1 adds the stack).
 * Usage errors (exit 2) are the command's own, decided before this runs.
 */
export async function runCommand(
  work: (ctx: { db: Db; config: Config }) => Promise<unknown>,
  opts: { oneLine?: boolean } = {},
): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const db = openDb(config.databaseUrl);
  try {
    await migrate(db);
    const answer = await work({ db, config });
    console.log(opts.oneLine ? JSON.stringify(answer) : JSON.stringify(answer, null, 2));
    return 0;
  } catch (err) {
    console.error(`refused: ${reasonOf(err)}`);
    if (process.env.DEBUG && err instanceof Error) console.error(err.stack);
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
