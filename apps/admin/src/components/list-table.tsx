import { useTable, type RowData } from '@tanstack/react-table';
import { consoleFeatures, DataTable, type Columns } from './data-table.tsx';

/**
 * A short list shown whole in the order the API answers it (a payment's events, a member's sessions, a pack's
 * videos): the console's table without sorting or pages.
 */
export function ListTable<T extends RowData>({
  rows,
  columns,
  caption,
  empty,
}: {
  rows: T[];
  columns: Columns<T>;
  caption: string;
  empty?: string;
}) {
  const table = useTable({
    features: consoleFeatures,
    columns,
    data: rows,
    enableSorting: false,
    state: { pagination: { pageIndex: 0, pageSize: Math.max(1, rows.length) } },
  });
  return <DataTable table={table} caption={caption} empty={empty} />;
}
