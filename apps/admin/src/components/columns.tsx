import type { ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { formatJst } from '../lib/format.ts';
import type { Columns } from './data-table.tsx';

type Column<R extends RowData> = Columns<R>[number];

/** A column drawn from each row; `className` goes on its heading and cells (`num`, `nowrap`, `mono small`). */
export function column<R extends RowData>(
  id: string,
  header: ReactNode,
  cell: (row: R) => ReactNode,
  className?: string,
): Column<R> {
  return { id, header: () => header, cell: ({ row }) => cell(row.original), meta: { className } };
}

/** A column of figures: right-aligned, its heading too. */
export function figureColumn<R extends RowData>(
  id: string,
  header: string,
  cell: (row: R) => ReactNode,
): Column<R> {
  return column(id, header, cell, 'num');
}

/** A column of times in JST, the zone left to the heading, kept on one line. */
export function timeColumn<R extends RowData>(
  id: string,
  header: string,
  at: (row: R) => string | null,
): Column<R> {
  return column(id, header, (row) => formatJst(at(row), { zone: false }), 'nowrap');
}
