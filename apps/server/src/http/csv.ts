import type { FastifyReply } from 'fastify';
import { CsvError, parse } from 'csv-parse/sync';

/**
 * CSV as the shop writes it for staff and members: UTF-8 with a byte-order mark (spreadsheet programs then read
 * the Japanese names), CRLF line ends, a field quoted only when it holds a comma, a quote or a line end.
 * Reading is csv-parse's (shipping/tracking-import.ts, packs/card-csv.ts).
 */
export const csvField = (value: string | number | null): string => {
  const s = value === null ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Sends a CSV file for download (UTF-8 with a byte-order mark, for spreadsheets), never cached. */
export function sendCsv(reply: FastifyReply, filename: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export function csvFile(
  header: readonly string[],
  rows: Iterable<readonly (string | number | null)[]>,
): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** A record of a file staff upload, with the file's line number where it ends (1-based). */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/**
 * A CSV file staff upload, read with csv-parse: quoted fields, a byte-order mark, CRLF, LF or CR, blank lines
 * skipped, fields trimmed, lines of any length. Answers its records, or the line where it stopped being CSV.
 */
export function readCsv(text: string): { records: CsvRecord[] } | { unreadableAt: number } {
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as CsvRecord[];
    return { records };
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    return { unreadableAt: (err as CsvError & { lines?: number }).lines ?? 1 };
  }
}
