import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PageInfo } from '@gacha/contract/paging';
import { TableHead, type Column } from '@gacha/client/components/table-head';
import { Pager } from './pager.tsx';
import styles from './history-table.module.css';

interface HistoryTableProps<Row> {
  /** A page of the history (kept while the next one loads: the table is then marked busy). */
  query: UseQueryResult<PageInfo & { list: readonly Row[] }>;
  /** Shown while the first page loads, when it failed, and when the history has no rows. */
  loading: ReactNode;
  error: ReactNode;
  empty: ReactNode;
  caption: string;
  columns: readonly Column[];
  /** One `<tr>` (with its key) a row. */
  renderRow: (row: Row) => ReactNode;
  onPage: (page: number) => void;
  /** The page's table class, composing this module's `table` with its own small-screen layout. */
  className?: string;
}

/**
 * A member's history list (spec §2 Histories): its loading, error or empty state, else the table of rows,
 * busy while another page loads, and the pager.
 */
export function HistoryTable<Row>({
  query,
  loading,
  error,
  empty,
  caption,
  columns,
  renderRow,
  onPage,
  className = styles.table,
}: HistoryTableProps<Row>) {
  if (query.isPending) return loading;
  if (query.isError) return error;
  const { data } = query;
  if (!data.list.length) return empty;
  return (
    <div aria-busy={query.isPlaceholderData || undefined}>
      <table className={className}>
        <TableHead caption={caption} columns={columns} />
        <tbody>{data.list.map(renderRow)}</tbody>
      </table>
      <Pager page={data.page} allPage={data.all_page} pages={data.pages} onChange={onPage} />
    </div>
  );
}
