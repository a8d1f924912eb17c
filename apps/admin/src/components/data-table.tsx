import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_equals,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  tableFeatures,
  type ColumnDef,
  type ReactTable,
  type RowData,
} from '@tanstack/react-table';
import { TableWrap } from './table-wrap.tsx';

/**
 * The console's tables (TanStack Table, headless): one feature set for all of them (column and global filters,
 * sorting, pagination), client-side for the lists the API answers whole (packs, shipments) or server-side
 * (`manualPagination`, the filters in the address) for those it pages (audit, cards). `DataTable` draws any of them as a plain <table>, `Pager` its pages.
 */
export const consoleFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  filteredRowModel: createFilteredRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortedRowModel: createSortedRowModel(),
  filterFns: { includesString: filterFn_includesString, equals: filterFn_equals },
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime },
  columnMeta: {} as { className?: string },
});
export type ConsoleFeatures = typeof consoleFeatures;
export type Columns<T extends RowData> = Array<ColumnDef<ConsoleFeatures, T>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ConsoleTable<T extends RowData> = ReactTable<ConsoleFeatures, T, any>;

export function DataTable<T extends RowData>({
  table,
  caption,
  empty,
}: {
  table: ConsoleTable<T>;
  caption: string;
  empty?: ReactNode;
}) {
  const { t } = useTranslation('console');
  const rows = table.getRowModel().rows;
  return (
    <TableWrap label={caption}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortable = header.column.getCanSort();
                const sorted = header.column.getIsSorted();
                const className = header.column.columnDef.meta?.className;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={className}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.isPlaceholder ? null : sortable ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true" className="sort-mark">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length ? (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={cell.column.columnDef.meta?.className}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={table.getAllLeafColumns().length} className="empty">
                {empty ?? t('table.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** First / previous / page x of y / next / last, for a table with the pagination feature. */
export function Pager<T extends RowData>({ table, label }: { table: ConsoleTable<T>; label: string }) {
  const { t } = useTranslation('console');
  const pageCount = table.getPageCount();
  const page = table.state.pagination.pageIndex + 1;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()}>
        {t('pager.first')}
      </button>
      <button type="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">
        {pageCount > 0 ? t('pager.pageOf', { page, count: pageCount }) : t('pager.page', { page })}
      </span>
      <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
        {t('pager.next')}
      </button>
      {pageCount > 0 ? (
        <button type="button" onClick={() => table.lastPage()} disabled={!table.getCanLastPage()}>
          {t('pager.last')}
        </button>
      ) : null}
    </nav>
  );
}
