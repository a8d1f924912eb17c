import {
  adminCardFieldsSchema,
  CARD_CSV_COLUMNS,
  CARD_CSV_MAX_LINES,
  customsCategories,
} from '@gacha/contract/admin';
import type { MessageRef } from '../../http/api-error.ts';
import { readCsv } from '../../http/csv.ts';
import type { z } from 'zod';

/**
 * The cards' CSV as staff import it: a header line naming the columns (CARD_CSV_COLUMNS, any order),
 * then one card per line — an empty id adds one, an id changes that card. Read with csv-parse; every line is
 * checked on its own and against the others (the same card twice). What needs the database (the card types, the
 * ids) is checked by the service. Nothing here writes.
 */

export interface CardCsvLine {
  /** The file's line number (1 = the header). */
  line: number;
  id: number | null;
  nameEn: string;
  fields: CardCsvFields | null;
  field: string | null;
  error: MessageRef | null;
}

export interface CardCsvFile {
  fileError: MessageRef | null;
  lines: CardCsvLine[];
}

/** Whole numbers with their allowed range (what a line says when it is outside). */
const NUMBERS = {
  card_type_id: [1, 999_999_999],
  rarity: [1, 7],
  conversion_value: [0, 10_000_000],
  ship_only: [0, 1],
} as const;

const lineSchema = adminCardFieldsSchema.omit({ image: true });
/** A line's card, as the console's card form sends one (without its picture). */
export type CardCsvFields = z.infer<typeof lineSchema>;

export function readCardCsv(text: string): CardCsvFile {
  const read = readCsv(text);
  if ('unreadableAt' in read) return { fileError: 'csv_unreadable', lines: [] };
  const [head, ...body] = read.records;
  if (!head || !body.length) return { fileError: 'csv_empty', lines: [] };
  const columns = head.record.map((c) => c.trim().toLowerCase());
  const missing = CARD_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length)
    return { fileError: { key: 'csv_card_header', params: { columns: missing.join(', ') } }, lines: [] };
  if (body.length > CARD_CSV_MAX_LINES)
    return { fileError: { key: 'csv_too_many_lines', params: { max: CARD_CSV_MAX_LINES } }, lines: [] };

  const at = Object.fromEntries(CARD_CSV_COLUMNS.map((c) => [c, columns.indexOf(c)])) as Record<
    (typeof CARD_CSV_COLUMNS)[number],
    number
  >;
  const firstOfId = new Map<number, number>();
  return {
    fileError: null,
    lines: body.map(({ record, info }) => {
      const cell = (c: (typeof CARD_CSV_COLUMNS)[number]) => record[at[c]] ?? '';
      const line = info.lines;
      const base = { line, nameEn: cell('name_en'), fields: null };
      const rawId = cell('id');
      if (rawId !== '' && !/^[1-9]\d{0,8}$/.test(rawId))
        return { ...base, id: null, field: 'id', error: 'csv_card_id' };
      const id = rawId === '' ? null : Number(rawId);
      const fail = (field: string, error: MessageRef): CardCsvLine => ({ ...base, id, field, error });
      if (id !== null) {
        const first = firstOfId.get(id);
        if (first !== undefined) return fail('id', { key: 'csv_duplicate_card', params: { line: first } });
        firstOfId.set(id, line);
      }
      const numbers: Record<string, number> = {};
      for (const [name, [min, max]] of Object.entries(NUMBERS)) {
        const raw = cell(name as keyof typeof NUMBERS);
        const n = /^-?\d{1,12}$/.test(raw) ? Number(raw) : NaN;
        if (!(n >= min && n <= max)) return fail(name, { key: 'number_range', params: { min, max } });
        numbers[name] = n;
      }
      const customs = cell('customs_category') || 'cards';
      if (!(customsCategories as readonly string[]).includes(customs))
        return fail('customs_category', 'invalid');
      const parsed = lineSchema.safeParse({
        ...numbers,
        name_en: cell('name_en'),
        name_ja: cell('name_ja'),
        model_number: cell('model_number'),
        rarity_label: cell('rarity_label'),
        customs_category: customs,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = String(issue.path[0] ?? 'csv');
        const ref: MessageRef =
          issue.message === 'too_long' && 'maximum' in issue
            ? { key: 'too_long', params: { max: Number(issue.maximum) } }
            : issue.message === 'required'
              ? 'required'
              : 'invalid';
        return fail(field, ref);
      }
      return { ...base, id, fields: parsed.data, field: null, error: null };
    }),
  };
}
