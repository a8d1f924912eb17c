/**
 * CSV as the shop writes it for staff and members: UTF-8 with a byte-order mark (spreadsheet programs then read
 * the Japanese names), CRLF line ends, a field quoted only when it holds a comma, a quote or a line end.
 * Reading is csv-parse's (shipping/tracking-import.ts, packs/card-csv.ts).
 */
export const csvField = (value: string | number | null): string => {
  const s = value === null ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function csvFile(
  header: readonly string[],
  rows: Iterable<readonly (string | number | null)[]>,
): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
