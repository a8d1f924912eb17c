import type { ReactNode } from 'react';

/** A column heading: its text, or the text with a class (`num` for a column of figures). */
export type Column = ReactNode | { label: ReactNode; className: string | undefined };

function isStyled(c: Column): c is { label: ReactNode; className: string | undefined } {
  return typeof c === 'object' && c !== null && 'className' in c && 'label' in c;
}

/**
 * A data table's caption, read by screen readers only, and its one row of column headings: the head both apps'
 * tables open with. Goes right inside `<table>`, before `<tbody>`.
 */
export function TableHead({ caption, columns }: { caption?: ReactNode; columns: readonly Column[] }) {
  return (
    <>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) =>
            isStyled(c) ? (
              <th key={i} scope="col" className={c.className}>
                {c.label}
              </th>
            ) : (
              <th key={i} scope="col">
                {c}
              </th>
            ),
          )}
        </tr>
      </thead>
    </>
  );
}
