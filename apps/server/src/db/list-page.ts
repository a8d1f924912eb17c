import { sql, type SelectQueryBuilder } from 'kysely';
import { LIST_PER_PAGE, type ListParams } from '@gacha/contract/admin-list';
import { countRows } from './count.ts';

/**
 * How a console list (contract admin-list.ts) reads its table: the columns `q` searches, the column a sort key
 * orders by, the default order. Column names are the spec's own (never the caller's input), so they go into
 * the SQL as identifiers.
 */
export interface ListSpec<Sort extends string> {
  /** Searched for `q` anywhere, any case (`lower(col) LIKE %q%`, the same on both engines). */
  search: readonly string[];
  /** The row's id: `#12` (or a bare 12) finds that row, and it breaks ties of every sort. */
  id: string;
  /** The column each sort key orders by. */
  sorts: Record<Sort, string>;
  defaultSort: Sort;
  defaultDir: 'asc' | 'desc';
}

/** The rows `q` finds: a row by `#id`, or any of the searched columns containing it. */
export function searched<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  spec: Pick<ListSpec<string>, 'search' | 'id'>,
  q: string | undefined,
): SelectQueryBuilder<DB, TB, O> {
  const text = q?.trim().toLowerCase();
  if (!text) return query;
  const byId = /^#?(\d{1,9})$/.exec(text);
  // `#12` names a row: the primary key, not a scan of the text columns
  if (byId && text.startsWith('#')) return query.where(sql.ref(spec.id), '=', Number(byId[1]));
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return query.where((eb) =>
    eb.or([
      ...spec.search.map((col) => eb(sql`lower(${sql.ref(col)})`, 'like', sql<string>`${like} escape '\\'`)),
      ...(byId ? [eb(sql.ref(spec.id), '=', Number(byId[1]))] : []),
    ]),
  );
}

/**
 * The list's order: the asked sort (or the default), rows without a value last either way (the engines disagree
 * on where NULL sorts), ties broken by the id in the same direction.
 */
function ordered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec<string>,
  params: ListParams,
): SelectQueryBuilder<DB, TB, O> {
  const key = params.sort && params.sort in spec.sorts ? params.sort : spec.defaultSort;
  const dir = params.dir ?? (params.sort ? 'asc' : spec.defaultDir);
  const column = spec.sorts[key]!;
  // the id is never null and is the primary key: ordered by it alone, the engine walks the index
  if (column === spec.id) return query.orderBy(sql.ref(column), dir);
  return query
    .orderBy(sql`${sql.ref(column)} is null`)
    .orderBy(sql.ref(column), dir)
    .orderBy(sql.ref(spec.id), dir);
}

/**
 * One page of a list: `base` is the table with the list's filters (no selection yet), `select` picks the row's
 * columns. The page is clamped to the last one; `total` counts the matching rows on every page.
 */
export async function listPage<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  spec: ListSpec<string>,
  params: ListParams,
): Promise<{ list: Row[]; page: number; all_page: number; per_page: number; total: number }> {
  const filtered = searched(base, spec, params.q);
  const per = params.per ?? LIST_PER_PAGE;
  const total = await countRows(filtered);
  const allPage = Math.max(1, Math.ceil(total / per));
  const page = Math.min(Math.max(1, params.page ?? 1), allPage);
  const list = await ordered(select(filtered), spec, params)
    .limit(per)
    .offset((page - 1) * per)
    .execute();
  return { list: list as Row[], page, all_page: allPage, per_page: per, total };
}

/** Every row of a list in its order, unpaged: what its CSV export writes. */
export async function listAll<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  spec: ListSpec<string>,
  params: ListParams,
): Promise<Row[]> {
  return (await ordered(select(searched(base, spec, params.q)), spec, params).execute()) as Row[];
}
