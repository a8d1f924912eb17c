import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTable, type RowData } from '@tanstack/react-table';
import { consoleFeatures, DataTable, type Columns } from './data-table.tsx';

/**
 * A list the API answers whole (card types, gem price courses, campaigns), sorted in the browser: its refusal,
 * its loading line, then the table in `frame` (the column rules at tablet width).
 */
export function WholeTable<T extends RowData>({
  query,
  columns,
  sort,
  pageSize,
  caption,
  empty,
  frame,
}: {
  query: UseQueryResult<T[]>;
  columns: Columns<T>;
  /** The order it opens in (a header changes it). */
  sort: { id: string; desc: boolean };
  /** More rows than any such list has: it is shown on one page. */
  pageSize: number;
  caption: string;
  empty: string;
  frame?: string;
}) {
  const { t } = useTranslation('console');
  const table = useTable({
    features: consoleFeatures,
    columns,
    data: query.data ?? [],
    initialState: { sorting: [sort], pagination: { pageIndex: 0, pageSize } },
  });
  return (
    <>
      {query.isError ? <p role="alert">{query.error.message}</p> : null}
      {query.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <div className={frame}>
          <DataTable table={table} caption={caption} empty={empty} />
        </div>
      )}
    </>
  );
}
