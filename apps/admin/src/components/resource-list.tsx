import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  useTable,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { z } from 'zod';
import { fillPath, type Route, type RouteSchemas } from '@gacha/contract/route';
import { Options } from '@gacha/client/components/options';
import { API_BASE, call, query, unwrap } from '../lib/api.ts';
import { consoleFeatures, DataTable, Pager, type Columns } from './data-table.tsx';

/** One page of a console list as the server answers it (contract admin-list.ts). */
export interface ListAnswer<T> {
  list: T[];
  page: number;
  all_page: number;
  per_page: number;
  total: number;
}

/**
 * A field above the list that filters it on the server; its value goes into the address as `name`. A select
 * applies when it changes, a text field or a day when the search is sent.
 */
export type ListFilter =
  | {
      kind?: 'select';
      name: string;
      label: string;
      /** The option for every row (none: the server's default is the first option). */
      all?: string;
      options: ReadonlyArray<{ value: string | number; label: string }>;
    }
  | {
      /** A word or a number the server matches in one column (`numeric`: a member's number, an amount). */
      kind: 'text';
      name: string;
      label: string;
      numeric?: boolean;
    }
  | {
      /** A day in Japan time (YYYY-MM-DD): `from` and `to` of a range, both included. */
      kind: 'day';
      name: string;
      label: string;
    };

/**
 * A resource of the console as a list: where the server answers it, its row and columns, which columns sort on
 * the server, its filters. The page around it adds its title and its own actions.
 */
export interface Resource<T extends RowData, A extends ListAnswer<T> = ListAnswer<T>> {
  /**
   * The list's route (contract routes/: a GET whose query is the list's search, filters, sort and page, whose
   * answer is a page of T); its CSV is the route's path with /export.csv.
   */
  route: Route<RouteSchemas & { answer: z.ZodType<A> }>;
  /** What fills the route's path (a coupon's id for its uses). */
  params?: Record<string, string | number>;
  /** The cache key the list's pages live under; a write invalidates it. */
  queryKey: readonly unknown[];
  columns: Columns<T>;
  /** The columns (by id) the server sorts; the address says which and which way. */
  sorts: readonly string[];
  /** The server's order when the address names none (its header shows it, `aria-sort` says it). */
  defaultSort?: { id: string; desc: boolean };
  filters?: readonly ListFilter[];
  caption: string;
  empty: string;
  /** The search box's label: what it finds ("Name, model number or #id"). */
  searchLabel: string;
  csv?: boolean;
  /** The table's frame class (the column rules of a wide list at tablet width). */
  frame?: string;
}

/** The list's state in the address: a kept or shared link opens the same page. */
function useListAddress(filterNames: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const read = (name: string) => params.get(name) ?? '';
  const state = {
    q: read('q'),
    sort: read('sort'),
    dir: read('dir'),
    page: Math.max(1, Number(read('page')) || 1),
    filters: Object.fromEntries(filterNames.map((n) => [n, read(n)])),
  };
  /** Moves to another page, order, search or filter (any change but the page's goes back to page 1). */
  const show = (next: Partial<Omit<typeof state, 'filters'>> & { filters?: Record<string, string> }) => {
    const all: Record<string, string | number | undefined> = {
      q: next.q ?? state.q,
      ...state.filters,
      ...next.filters,
      sort: next.sort ?? state.sort,
      dir: next.dir ?? state.dir,
      page: next.page,
    };
    setParams(
      new URLSearchParams(
        Object.entries(all).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
      ),
    );
  };
  return { state, show };
}

/**
 * A console list searched, filtered, sorted and paged on the server (TanStack Table in manual mode): the search
 * box and the filters, the CSV of every matching row, the table, the pager.
 */
export function ResourceList<T extends RowData, A extends ListAnswer<T> = ListAnswer<T>>({
  resource,
  actions,
  notice,
}: {
  resource: Resource<T, A>;
  /** Extra buttons next to the CSV link. */
  actions?: ReactNode;
  /** Said between the filters and the table, from the answer (what the list leaves out for this staff member). */
  notice?: (answer: A) => ReactNode;
}) {
  const { t } = useTranslation('console');
  const filters = resource.filters ?? [];
  const { state, show } = useListAddress(filters.map((f) => f.name));
  const blank = Object.fromEntries(filters.map((f) => [f.name, '']));
  /** The form's search and every filter, as they stand, from page 1. */
  const apply = (form: HTMLFormElement) => {
    const values = new FormData(form);
    const read = (name: string) => String(values.get(name) ?? '').trim();
    // a select without an every-row option has the server's default first: the address leaves it out
    const given = (f: ListFilter) => {
      const v = read(f.name);
      if (f.kind === 'text' || f.kind === 'day') return v;
      return f.all === undefined && v === String(f.options[0]?.value) ? '' : v;
    };
    show({ q: read('q'), filters: Object.fromEntries(filters.map((f) => [f.name, given(f)])) });
  };
  const request = {
    q: state.q,
    ...state.filters,
    sort: state.sort,
    dir: state.dir,
  };
  const list = useQuery({
    queryKey: [...resource.queryKey, request, state.page],
    queryFn: async () =>
      unwrap(
        await call<Route>(resource.route, {
          params: resource.params,
          query: { ...request, page: state.page },
        }),
      ) as A,
    placeholderData: keepPreviousData,
  });
  const data = list.data;

  const sorting: SortingState = state.sort
    ? [{ id: state.sort, desc: state.dir === 'desc' }]
    : resource.defaultSort
      ? [resource.defaultSort]
      : [];
  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: data?.per_page ?? 50 };
  const table = useTable({
    features: consoleFeatures,
    columns: resource.columns.map((c) => {
      const sortable = c.id !== undefined && resource.sorts.includes(c.id);
      // the server sorts; a column the table may sort needs an accessor, whose value it never reads
      return sortable && !('accessorFn' in c)
        ? { ...c, accessorFn: () => 0 }
        : { ...c, enableSorting: sortable };
    }) as Columns<T>,
    data: data?.list ?? [],
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    // a first click sorts up, a second down, whatever the column holds
    sortDescFirst: false,
    pageCount: Math.max(1, data?.all_page ?? 1),
    state: { sorting, pagination },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      if (next) show({ sort: next.id, dir: next.desc ? 'desc' : 'asc' });
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const page = (typeof updater === 'function' ? updater(pagination) : updater).pageIndex + 1;
      // page 1 is the list without a page: the address does not say it
      if (page !== state.page) show({ page: page > 1 ? page : undefined });
    },
  });

  return (
    <>
      <form
        className="filters"
        role="search"
        aria-label={resource.caption}
        onSubmit={(e) => {
          e.preventDefault();
          apply(e.currentTarget);
        }}
      >
        {filters.map((f) => (
          <label className="filter" key={f.name}>
            <span>{f.label}</span>
            {f.kind === 'text' || f.kind === 'day' ? (
              <input
                name={f.name}
                type={f.kind === 'day' ? 'date' : 'search'}
                {...(f.kind === 'text' && f.numeric ? { inputMode: 'numeric' as const } : {})}
                autoComplete="off"
                maxLength={f.kind === 'text' ? 254 : undefined}
                defaultValue={state.filters[f.name]}
                key={`${f.name}${state.filters[f.name]}`}
              />
            ) : (
              <select
                name={f.name}
                value={state.filters[f.name]}
                onChange={(e) => apply(e.currentTarget.form!)}
              >
                {f.all === undefined ? null : <option value="">{f.all}</option>}
                <Options of={f.options} value={(o) => o.value} label={(o) => o.label} />
              </select>
            )}
          </label>
        ))}
        <label className="filter">
          <span>{resource.searchLabel}</span>
          <input type="search" name="q" defaultValue={state.q} key={`q${state.q}`} maxLength={100} />
        </label>
        <button type="submit">{t('table.search')}</button>
        {state.q || Object.values(state.filters).some(Boolean) ? (
          <button type="button" onClick={() => show({ q: '', filters: blank })}>
            {t('table.clear')}
          </button>
        ) : null}
        {data ? (
          <span className="muted" role="status">
            {t('table.found', { count: data.total })}
          </span>
        ) : null}
        {resource.csv || actions ? (
          <span className="actions">
            {resource.csv ? (
              <a
                className="button"
                href={`${API_BASE}${fillPath(resource.route.path, resource.params)}/export.csv${query(request)}`}
                download
              >
                {t('table.export')}
              </a>
            ) : null}
            {actions}
          </span>
        ) : null}
      </form>
      {data && notice ? notice(data) : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <>
          <div className={resource.frame}>
            <DataTable table={table} caption={resource.caption} empty={resource.empty} />
          </div>
          {(data?.all_page ?? 1) > 1 ? (
            <Pager table={table} label={t('pager.label', { list: resource.caption })} />
          ) : null}
        </>
      )}
    </>
  );
}
