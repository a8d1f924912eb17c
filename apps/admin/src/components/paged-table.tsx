import { useTranslation } from 'react-i18next';
import { useTable, type PaginationState, type RowData, type Updater } from '@tanstack/react-table';
import { consoleFeatures, DataTable, Pager, type Columns } from './data-table.tsx';

/** The paging fields of a paged answer (members, payments, shipments). */
export interface PagedAnswer<T> {
  list: T[];
  page: number;
  all_page: number;
  per_page: number;
  total: number;
}

/**
 * A table of one page the API answered (TanStack Table with manual pagination): the page and the page count are
 * the server's, a move asks `onPage` (which puts the page in the address). The pager is named after the caption.
 */
export function PagedTable<T extends RowData>({
  columns,
  data,
  onPage,
  caption,
  empty,
}: {
  columns: Columns<T>;
  /** undefined when the page could not be read (the refusal is shown above): an empty table, no pager */
  data: PagedAnswer<T> | undefined;
  onPage: (page: number) => void;
  caption: string;
  empty: string;
}) {
  const { t } = useTranslation('console');
  const pagination: PaginationState = { pageIndex: (data?.page ?? 1) - 1, pageSize: data?.per_page ?? 50 };
  const table = useTable({
    features: consoleFeatures,
    columns,
    data: data?.list ?? [],
    enableSorting: false,
    manualPagination: true,
    pageCount: Math.max(1, data?.all_page ?? 1),
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      onPage(next.pageIndex + 1);
    },
  });
  return (
    <>
      <DataTable table={table} caption={caption} empty={empty} />
      {(data?.all_page ?? 1) > 1 ? <Pager table={table} label={t('pager.label', { list: caption })} /> : null}
    </>
  );
}
