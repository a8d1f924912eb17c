import type { z } from 'zod';
import type { AdminExchangeCardSort, adminExchangeCardQuerySchema } from '@gacha/contract/admin-shop';
import type { Transaction, Updateable } from 'kysely';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import { listAll, listPage, type ListSpec } from '../../db/list-page.ts';
import { csvFile } from '../../http/csv.ts';
import type { Database, ExchangeCardsTable } from '../../db/schema.ts';
import { fieldError, notFound } from '../../http/api-error.ts';
import type { StaffWrite } from '../admin/service.ts';
import { cardExists, insertExchangeCard, type NewExchangeCard } from './repo.ts';

type Executor = Db | Transaction<Database>;

/**
 * The exchange counter's stock as the console keeps it. Each staff rule (createExchangeCard, updateExchangeCard,
 * changeExchangeStock) runs its change in a staff write with its audit row (target 'exchange_card'). The stock
 * moves by an amount, never to a value: members take from it meanwhile, and a take below zero is refused by one
 * conditional update.
 */

const row = (ex: Executor, id: number) =>
  ex.selectFrom('exchange_cards').selectAll().where('id', '=', id).executeTakeFirst();

type StaffExchangeQuery = z.output<typeof adminExchangeCardQuerySchema>;

/** The console's list of exchange cards: searched by the card's name or the offer's `#id`. */
const STAFF_EXCHANGE_LIST: ListSpec<AdminExchangeCardSort> = {
  search: ['c.name_en', 'c.name_ja'],
  id: 'e.id',
  sorts: { sort: 'e.sort', id: 'e.id', coins: 'e.sub_coin', stock: 'e.stock', exchanged: 'exchanged' },
  defaultSort: 'sort',
  defaultDir: 'asc',
};

/** The offers in a phase of their window at `now` and with or without stock. */
function staffExchangeCards(db: Db, f: StaffExchangeQuery, now: string) {
  let q = db.selectFrom('exchange_cards as e').innerJoin('cards as c', 'c.id', 'e.card_id');
  if (f.stock === 'in') q = q.where('e.stock', '>', 0);
  if (f.stock === 'out') q = q.where('e.stock', '<=', 0);
  if (f.phase === 'upcoming') q = q.where('e.visible_from', '>', now);
  if (f.phase === 'ended') q = q.where('e.visible_until', '<=', now);
  if (f.phase === 'open')
    q = q
      .where((eb) => eb.or([eb('e.visible_from', 'is', null), eb('e.visible_from', '<=', now)]))
      .where((eb) => eb.or([eb('e.visible_until', 'is', null), eb('e.visible_until', '>', now)]));
  return q;
}

const exchangeColumns = (q: ReturnType<typeof staffExchangeCards>) =>
  q.select((eb) => [
    'e.id',
    'e.card_id',
    'c.name_en',
    'c.name_ja',
    'c.rarity',
    'c.image_url',
    'e.sub_coin',
    'e.stock',
    'e.member_limit',
    'e.visible_from',
    'e.visible_until',
    'e.sort',
    eb
      .selectFrom('exchanges as x')
      .select((x) => x.fn.countAll<number>().as('n'))
      .whereRef('x.exchange_card_id', '=', 'e.id')
      .as('exchanged'),
  ]);

const withCount = <R extends { exchanged: number | string | null }>(r: R) => ({
  ...r,
  exchanged: Number(r.exchanged ?? 0),
});

/** One page of the exchange counter's cards as the console lists them, with how many were exchanged. */
export async function exchangeCardsForStaff(db: Db, query: StaffExchangeQuery, now: Date) {
  const page = await listPage(
    staffExchangeCards(db, query, now.toISOString()),
    exchangeColumns,
    STAFF_EXCHANGE_LIST,
    query,
  );
  return { ...page, list: page.list.map(withCount) };
}

/** Every offer the list's query finds, in the list's order (the CSV, the command line's list). */
export async function exchangeCardsMatching(db: Db, query: StaffExchangeQuery, now: Date) {
  const rows = await listAll(
    staffExchangeCards(db, query, now.toISOString()),
    exchangeColumns,
    STAFF_EXCHANGE_LIST,
    query,
  );
  return rows.map(withCount);
}

/** The offers the list's query finds as a CSV. */
export async function exchangeCardsCsv(db: Db, query: StaffExchangeQuery, now: Date): Promise<string> {
  const rows = await exchangeCardsMatching(db, query, now);
  return csvFile(
    [
      'id',
      'card_id',
      'name_en',
      'name_ja',
      'rarity',
      'coins',
      'stock',
      'exchanged',
      'member_limit',
      'visible_from',
      'visible_until',
      'sort',
    ],
    rows
      .map(withCount)
      .map((r) => [
        r.id,
        r.card_id,
        r.name_en,
        r.name_ja,
        r.rarity,
        r.sub_coin,
        r.stock,
        r.exchanged,
        r.member_limit,
        r.visible_from,
        r.visible_until,
        r.sort,
      ]),
  );
}

type ExchangeCardFields = Omit<NewExchangeCard, 'created_at'>;

/** Offers a card at the counter, with its audit row; answers the offer's id. */
export async function createExchangeCard(write: StaffWrite, card: ExchangeCardFields): Promise<number> {
  if (card.visible_from && card.visible_until && card.visible_from >= card.visible_until)
    throw fieldError('visible_until', 'window_invalid');
  return write(async (tx, audit) => {
    if (!(await cardExists(tx, card.card_id))) throw fieldError('card_id', 'card_not_found');
    const id = await insertExchangeCard(tx, { ...card, created_at: write.now.toISOString() });
    await audit({
      action: 'exchange_card.create',
      target: { type: 'exchange_card', id },
      before: null,
      after: card,
    });
    return id;
  });
}

/** Edits an offer (its price, limit, window, order), with its audit row (none when the edit changes nothing). */
export function updateExchangeCard(
  write: StaffWrite,
  id: number,
  set: Updateable<ExchangeCardsTable>,
): Promise<void> {
  return write(async (tx, audit) => {
    const before = await row(tx, id);
    if (!before) throw notFound('exchange_card_not_found');
    const after = { ...before, ...set };
    if (after.visible_from && after.visible_until && after.visible_from >= after.visible_until)
      throw fieldError('visible_until', 'window_invalid');
    const changed = changedColumns(before, set);
    if (!changed) return;
    await tx.updateTable('exchange_cards').set(changed).where('id', '=', id).execute();
    await audit({ action: 'exchange_card.update', target: { type: 'exchange_card', id }, before, after });
  });
}

/** Moves an offer's stock by `add` (negative: takes some away, never below zero), with its audit row. */
export function changeExchangeStock(write: StaffWrite, id: number, add: number): Promise<void> {
  return write(async (tx, audit) => {
    const before = await row(tx, id);
    if (!before) throw notFound('exchange_card_not_found');
    const r = await tx
      .updateTable('exchange_cards')
      .set((eb) => ({ stock: eb('stock', '+', add) }))
      .where('id', '=', id)
      .where('stock', '>=', -add)
      .returning('stock')
      .executeTakeFirst();
    if (!r) throw fieldError('add', 'stock_negative');
    await audit({
      action: 'exchange_card.stock',
      target: { type: 'exchange_card', id },
      before: { stock: before.stock },
      after: { stock: r.stock, added: add },
    });
  });
}
