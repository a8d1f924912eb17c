import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTable, type PaginationState, type Updater } from '@tanstack/react-table';
import { adminAuditFacetsSchema, adminAuditListSchema, type AdminAuditEntry } from '@gacha/contract/admin';
import { DayRangeFields } from '../../components/day-range-fields.tsx';
import { ChangeView } from '../../components/change-view.tsx';
import { consoleFeatures, DataTable, Pager, type Columns } from '../../components/data-table.tsx';
import { api, query, unwrap } from '../../lib/api.ts';
import { formatJst } from '../../lib/format.ts';

/** The server's page size of the audit log (apps/server/src/modules/admin/audit.ts). */
const AUDIT_PAGE = 50;
const FILTERS = ['action', 'staff_id', 'from', 'to', 'target_type', 'target_id'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/**
 * /admin/audit: every admin write, newest first (GET /api/admin/audit), filtered by an action and a staff member
 * picked from those recorded (GET /api/admin/audit/facets), days in Japan time and the target, 50 a page; times,
 * also inside the changes, in JST. The filters and the page live in the address, so a filtered view can be shared.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
  const facets = useQuery({
    queryKey: ['admin', 'audit', 'facets'],
    queryFn: async () => unwrap(await api.get('admin/audit/facets', adminAuditFacetsSchema)),
  });
  const key = JSON.stringify(filters);

  const audit = useQuery({
    queryKey: ['admin', 'audit', key, page],
    queryFn: async () =>
      unwrap(await api.get(`admin/audit${query({ ...filters, page })}`, adminAuditListSchema)),
    placeholderData: keepPreviousData,
  });

  const form = useForm<Filters>({ values: filters });
  const apply = form.handleSubmit((values) => {
    const next = new URLSearchParams();
    for (const name of FILTERS) if (values[name].trim()) next.set(name, values[name].trim());
    setParams(next);
  });

  const columns = useMemo<Columns<AdminAuditEntry>>(
    () => [
      {
        id: 'when',
        header: () => t('audit.when'),
        cell: ({ row }) => (
          <time dateTime={row.original.created_at}>{formatJst(row.original.created_at)}</time>
        ),
        meta: { className: 'nowrap' },
      },
      {
        id: 'who',
        header: () => t('audit.who'),
        cell: ({ row }) => (
          <>
            {row.original.staff_email}
            {row.original.staff_id !== null ? <span className="muted"> #{row.original.staff_id}</span> : null}
          </>
        ),
      },
      { id: 'ip', header: () => t('audit.ip'), accessorFn: (r) => r.ip, meta: { className: 'nowrap' } },
      {
        id: 'action',
        header: () => t('audit.action'),
        cell: ({ row }) => <code>{row.original.action}</code>,
      },
      {
        id: 'target',
        header: () => t('audit.target'),
        cell: ({ row }) =>
          `${row.original.target_type}${row.original.target_id ? ` #${row.original.target_id}` : ''}`,
        meta: { className: 'nowrap' },
      },
      {
        id: 'change',
        header: () => t('audit.change'),
        cell: ({ row }) => <ChangeView before={row.original.before} after={row.original.after} />,
        meta: { className: 'wide' },
      },
    ],
    [t],
  );

  const list = audit.data?.list ?? [];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize: AUDIT_PAGE };
  const table = useTable({
    features: consoleFeatures,
    columns,
    data: list,
    enableSorting: false,
    manualPagination: true,
    // the API answers no total: a full page means there may be another
    pageCount: list.length < AUDIT_PAGE ? page : page + 1,
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      const p = new URLSearchParams(params);
      p.set('page', String(next.pageIndex + 1));
      setParams(p);
    },
  });

  return (
    <>
      <h1>{t('audit.title')}</h1>
      <form className="filters" onSubmit={apply} aria-label={t('audit.filters')}>
        <label className="filter">
          <span>{t('audit.filter.action')}</span>
          <select {...form.register('action')}>
            <option value="">{t('audit.anyAction')}</option>
            {(facets.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span>{t('audit.filter.staff_id')}</span>
          <select {...form.register('staff_id')}>
            <option value="">{t('audit.anyStaff')}</option>
            {(facets.data?.staff ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.email}
              </option>
            ))}
          </select>
        </label>
        <DayRangeFields
          register={(name) => form.register(name)}
          labels={{ from: t('audit.filter.from'), to: t('audit.filter.to') }}
        />
        {(['target_type', 'target_id'] as const).map((name) => (
          <label key={name} className="filter">
            <span>{t(`audit.filter.${name}`)}</span>
            <input {...form.register(name)} />
          </label>
        ))}
        <div className="filter-actions">
          <button type="submit" className="button-primary">
            {t('table.apply')}
          </button>
          <button type="button" onClick={() => setParams(new URLSearchParams())}>
            {t('table.clear')}
          </button>
        </div>
      </form>
      {audit.isError ? <p role="alert">{audit.error.message}</p> : null}
      {audit.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <>
          <DataTable table={table} caption={t('audit.title')} empty={t('audit.empty')} />
          <Pager table={table} label={t('audit.pages')} />
        </>
      )}
    </>
  );
}
