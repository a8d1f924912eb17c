import type { Transaction, Updateable } from 'kysely';
import { changedColumns } from '../../db/changes.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, fieldError, notFound } from '../../http/api-error.ts';
import type { StaffWrite } from '../admin/service.ts';
import { cardTypeRows } from './card-type-rows.ts';
import { readCardCsv, type CardCsvFile, type CardCsvLine } from './card-csv.ts';
import * as repo from './repo.ts';
import type { CardFields, NewCard } from './repo.ts';

/**
 * The packs module's staff rules for cards and card types: a card added, changed or deleted, a CSV of cards
 * imported, a card type (a Top tab) added or changed. Each runs in the StaffWrite it is given, one transaction with
 * its audit row (targets 'card' and 'card_type'); a change that changes nothing appends none. Packs: staff.ts.
 */

type Executor = Db | Transaction<Database>;

/**
 * Adds a card: its picture at `imageUrl` when staff uploaded one, else the generated artwork (one URL per card,
 * repo.setGeneratedImages). Answers its id.
 */
export function addCard(write: StaffWrite, fields: CardFields & NewCard, imageUrl: string | undefined) {
  return write(async (tx, audit) => {
    const [id] = await repo.insertCards(tx, [{ ...fields, image_url: imageUrl ?? '' }]);
    if (!imageUrl) await repo.setGeneratedImages(tx, [id!]);
    const after = { ...fields, image_url: imageUrl };
    await audit({ action: 'card.create', target: { type: 'card', id: id! }, before: null, after });
    return id!;
  });
}

/** Changes a card (its picture too when `imageUrl` is given); nothing written when nothing changes. */
export function changeCard(write: StaffWrite, id: number, fields: CardFields, imageUrl: string | undefined) {
  return write(async (tx, audit) => {
    const before = await repo.cardRow(tx, id);
    if (!before) throw notFound();
    const set = changedColumns(before, { ...fields, ...(imageUrl ? { image_url: imageUrl } : {}) });
    if (!set) return;
    await repo.updateCard(tx, id, set);
    const after = (await repo.cardRow(tx, id))!;
    await audit({ action: 'card.update', target: { type: 'card', id }, before, after });
  });
}

/** Deletes a card nothing names (no prize, won item or exchange). */
export function deleteUnusedCard(write: StaffWrite, cardId: number) {
  return write(async (tx, audit) => {
    const card = await repo.cardRow(tx, cardId);
    if (!card) throw notFound('card_not_found');
    if (await repo.cardInUse(tx, cardId)) throw conflict('card', 'card_delete_in_use');
    if (!(await repo.deleteCard(tx, cardId))) throw notFound('card_not_found');
    await audit({ action: 'card.delete', target: { type: 'card', id: card.id }, before: card, after: null });
  });
}

/**
 * The CSV read and checked against the catalogue: its card types exist, the cards it changes exist, and a new
 * card is not one already there or twice in the file (same type, English name and model number) — so sending
 * the same file twice adds its cards once. Writes nothing.
 */
export async function checkCardCsv(db: Executor, text: string): Promise<CardCsvFile> {
  const file = readCardCsv(text);
  if (file.fileError) return file;
  const ok = file.lines.filter((l) => !l.error);
  const types = new Set((await repo.listCardTypes(db)).map((t) => t.id));
  const ids = await repo.existingCards(
    db,
    ok.flatMap((l) => (l.id !== null ? [l.id] : [])),
  );
  const fresh = ok.filter((l) => l.id === null);
  const identity = (c: { card_type_id: number; name_en: string; model_number: string }) =>
    `${c.card_type_id}\u0000${c.name_en}\u0000${c.model_number}`;
  const known = new Map(
    (
      await repo.cardsNamed(
        db,
        fresh.map((l) => l.fields!.name_en),
      )
    ).map((c) => [identity(c), c.id]),
  );
  const firstInFile = new Map<string, number>();
  file.lines = file.lines.map((l): CardCsvLine => {
    if (l.error) return l;
    const refuse = (field: string, error: CardCsvLine['error']) => ({ ...l, fields: null, field, error });
    if (l.id !== null && !ids.has(l.id)) return refuse('id', 'csv_card_id');
    if (!types.has(l.fields!.card_type_id)) return refuse('card_type_id', 'card_type_not_found');
    if (l.id === null) {
      const key = identity(l.fields!);
      const existing = known.get(key);
      if (existing !== undefined) return refuse('id', { key: 'csv_card_exists', params: { id: existing } });
      const first = firstInFile.get(key);
      if (first !== undefined)
        return refuse('name_en', { key: 'csv_duplicate_card', params: { line: first } });
      firstInFile.set(key, l.line);
    }
    return l;
  });
  return file;
}

/**
 * Applies a file, checked again in its transaction under the card types' lock (two imports of the same file at
 * once add its cards once): adds the new cards with their generated pictures, changes the others (their pictures
 * kept), with one audit row for the file. Answers the file as checked and what was done (nothing, and no audit
 * row, when a line failed).
 */
export function importCards(write: StaffWrite, text: string) {
  return write(async (tx, audit) => {
    await repo.lockCardTypes(tx);
    const file = await checkCardCsv(tx, text);
    if (file.fileError || file.lines.some((l) => l.error)) return { file, created: [], updated: [] };
    const added = file.lines.filter((l) => l.id === null).map((l) => l.fields!);
    const created: number[] = [];
    // 500 rows a statement: far inside both engines' bound-parameter limits at any file size
    for (let i = 0; i < added.length; i += 500)
      created.push(
        ...(await repo.insertCards(
          tx,
          added.slice(i, i + 500).map((f) => ({ ...f, image_url: '' })),
        )),
      );
    await repo.setGeneratedImages(tx, created);
    const updated: number[] = [];
    for (const l of file.lines) {
      if (l.id === null) continue;
      const before = await repo.cardRow(tx, l.id);
      const set = before && changedColumns(before, l.fields!);
      if (set) {
        await repo.updateCard(tx, l.id, set);
        updated.push(l.id);
      }
    }
    await audit({
      action: 'card.import',
      target: { type: 'card', id: null },
      before: null,
      after: { lines: file.lines.length, created, updated },
    });
    return { file, created, updated };
  });
}

const typeRow = (ex: Executor, id: number) =>
  ex.selectFrom('card_types').selectAll().where('id', '=', id).executeTakeFirst();

/** Adds a card type (a Top tab); its id is staff's choice, refused when taken. Every process's tabs follow. */
export async function addCardType(
  write: StaffWrite,
  row: {
    id: number;
    name_en: string;
    name_ja: string;
    sort: number;
    top_tab?: number;
    exchange_tab?: number;
  },
) {
  const added = await write(async (tx, audit) => {
    if (await typeRow(tx, row.id)) throw fieldError('id', 'card_type_exists');
    await tx.insertInto('card_types').values(row).execute();
    await audit({
      action: 'card_type.create',
      target: { type: 'card_type', id: row.id },
      before: null,
      after: row,
    });
    return row;
  });
  cardTypeRows.forget(write.db);
  return added;
}

/** Changes a card type; nothing written when nothing changes. Every process's tabs follow. */
export async function changeCardType(write: StaffWrite, id: number, set: Updateable<Database['card_types']>) {
  await write(async (tx, audit) => {
    const before = await typeRow(tx, id);
    if (!before) throw notFound('card_type_not_found');
    const changed = changedColumns(before, set);
    if (!changed) return;
    await tx.updateTable('card_types').set(changed).where('id', '=', id).execute();
    const after = (await typeRow(tx, id))!;
    await audit({ action: 'card_type.update', target: { type: 'card_type', id }, before, after });
  });
  cardTypeRows.forget(write.db);
}
