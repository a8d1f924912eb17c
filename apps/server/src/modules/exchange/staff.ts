import type { Transaction, Updateable } from 'kysely';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import type { Database, ExchangeCardsTable } from '../../db/schema.ts';
import { fieldError, notFound } from '../../http/api-error.ts';
import { cardExists, insertExchangeCard, type NewExchangeCard } from './repo.ts';

type Executor = Db | Transaction<Database>;

/**
 * The exchange counter's stock as the console keeps it. Writes run in the caller's transaction and
 * answer before and after. The stock moves by an amount, never to a value: members take from it meanwhile, and a
 * take below zero is refused by one conditional update.
 */

const row = (ex: Executor, id: number) =>
  ex.selectFrom('exchange_cards').selectAll().where('id', '=', id).executeTakeFirst();

export async function exchangeCardsForStaff(db: Db) {
  const rows = await db
    .selectFrom('exchange_cards as e')
    .innerJoin('cards as c', 'c.id', 'e.card_id')
    .select((eb) => [
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
    ])
    .orderBy('e.sort')
    .orderBy('e.id', 'desc')
    .execute();
  return { list: rows.map((r) => ({ ...r, exchanged: Number(r.exchanged ?? 0) })) };
}

export async function addExchangeCard(tx: Executor, card: Omit<NewExchangeCard, 'created_at'>, now: Date) {
  if (!(await cardExists(tx, card.card_id))) throw fieldError('card_id', 'card_not_found');
  return insertExchangeCard(tx, { ...card, created_at: now.toISOString() });
}

export async function changeExchangeCard(tx: Executor, id: number, set: Updateable<ExchangeCardsTable>) {
  const before = await row(tx, id);
  if (!before) throw notFound('exchange_card_not_found');
  const after = { ...before, ...set };
  if (after.visible_from && after.visible_until && after.visible_from >= after.visible_until)
    throw fieldError('visible_until', 'window_invalid');
  const changed = changedColumns(before, set);
  if (!changed) return null;
  await tx.updateTable('exchange_cards').set(changed).where('id', '=', id).execute();
  return { before, after };
}

export async function changeStock(tx: Executor, id: number, add: number) {
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
  return { before: { stock: before.stock }, after: { stock: r.stock, added: add } };
}
