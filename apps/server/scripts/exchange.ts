/**
 * The exchange counter's cards from the command line, by the console's rules (exchange/staff.ts), each change
 * with its audit row (actor: the command line):
 *
 *   npx tsx apps/server/scripts/exchange.ts add --card <cardId> --coins <n> --stock <n> [--limit <n>]
 *                                               [--from <ISO time>] [--until <ISO time>]
 *   npx tsx apps/server/scripts/exchange.ts restock <exchangeCardId> <count>
 *   npx tsx apps/server/scripts/exchange.ts list
 *
 * --limit: exchanges per member (default none); --from/--until: when the card is on show (default always).
 * Uses the server's configuration (DATABASE_URL etc.) and runs the migrations first. Prints the result as JSON.
 */
import type { Db } from '../src/db/index.ts';
import { commandWrite } from '../src/modules/admin/service.ts';
import {
  changeExchangeStock,
  createExchangeCard,
  exchangeCardsMatching,
} from '../src/modules/exchange/staff.ts';
import { processIo, runCommand, runIfEntryPoint, usageError, type CommandIo } from './command.ts';

const USAGE = [
  'usage: exchange.ts add --card <cardId> --coins <n> --stock <n> [--limit <n>] [--from <ISO>] [--until <ISO>]',
  '       exchange.ts restock <exchangeCardId> <count>',
  '       exchange.ts list',
].join('\n');

const whole = (v: string | undefined) => (v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

function parseAdd(args: string[]) {
  const opts = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const [key, value] = [args[i], args[i + 1]];
    if (!key?.startsWith('--') || value === undefined || opts.has(key)) return null;
    opts.set(key, value);
  }
  if (
    [...opts.keys()].some(
      (k) => !['--card', '--coins', '--stock', '--limit', '--from', '--until'].includes(k),
    )
  )
    return null;
  const time = (v: string | undefined) => (v === undefined ? null : new Date(v));
  const card = whole(opts.get('--card'));
  const coins = whole(opts.get('--coins'));
  const stock = whole(opts.get('--stock'));
  const limit = opts.has('--limit') ? whole(opts.get('--limit')) : 0;
  const from = time(opts.get('--from'));
  const until = time(opts.get('--until'));
  if (card === undefined || coins === undefined || stock === undefined || limit === undefined) return null;
  if (coins < 1) return null;
  if ((from && Number.isNaN(from.getTime())) || (until && Number.isNaN(until.getTime()))) return null;
  return {
    card_id: card,
    sub_coin: coins,
    stock,
    member_limit: limit,
    visible_from: from?.toISOString() ?? null,
    visible_until: until?.toISOString() ?? null,
  };
}

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [cmd, ...args] = argv;
  let run: ((db: Db) => Promise<unknown>) | null = null;
  if (cmd === 'add') {
    const card = parseAdd(args);
    if (card) run = async (db) => ({ id: await createExchangeCard(commandWrite(db), card), ...card });
  } else if (cmd === 'restock' && args.length === 2) {
    const [id, count] = [whole(args[0]), whole(args[1])];
    if (id !== undefined && count !== undefined && count > 0)
      run = async (db) => {
        await changeExchangeStock(commandWrite(db), id, count);
        return { id, added: count };
      };
  } else if (cmd === 'list' && args.length === 0) {
    run = (db) => exchangeCardsMatching(db, {}, new Date());
  }
  if (!run) return usageError(io, USAGE);
  const work = run;
  return runCommand(io, ({ db }) => work(db));
}

await runIfEntryPoint(import.meta.url, main);
