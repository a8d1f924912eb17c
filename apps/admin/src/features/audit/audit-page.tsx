import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { type AdminAuditEntry } from '@gacha/contract/admin';
import { auditFacetsRoute, auditLogRoute } from '@gacha/contract/routes/admin-session';
import { ChangeView } from '../../components/change-view.tsx';
import type { Columns } from '../../components/data-table.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { call, unwrap } from '../../lib/api.ts';
import { formatJst } from '../../lib/format.ts';

/**
 * /admin/audit: every admin write, newest first (GET /api/admin/audit, the console's resource list), searched by
 * action, target, staff email or IP, filtered by an action and a staff member picked from those recorded (GET
 * /api/admin/audit/facets), days in Japan time and the target; times, also inside the changes, in JST. The query
 * lives in the address, so a filtered view can be shared.
 */
export function AuditPage() {
  const { t } = useTranslation('console');
  const facets = useQuery({
    queryKey: ['admin', 'audit', 'facets'],
    queryFn: async () => unwrap(await call(auditFacetsRoute, {})),
  });

  const columns = useMemo<Columns<AdminAuditEntry>>(
    () => [
      {
        id: 'id',
        header: () => t('audit.when'),
        cell: ({ row }) => (
          <time dateTime={row.original.created_at}>{formatJst(row.original.created_at)}</time>
        ),
        meta: { className: 'nowrap' },
      },
      {
        id: 'staff',
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

  const resource: Resource<AdminAuditEntry> = {
    route: auditLogRoute,
    queryKey: ['admin', 'audit', 'list'],
    columns,
    sorts: ['id', 'action', 'staff'],
    defaultSort: { id: 'id', desc: true },
    filters: [
      {
        name: 'action',
        label: t('audit.filter.action'),
        all: t('audit.anyAction'),
        options: (facets.data?.actions ?? []).map((a) => ({ value: a, label: a })),
      },
      {
        name: 'staff_id',
        label: t('audit.filter.staff_id'),
        all: t('audit.anyStaff'),
        options: (facets.data?.staff ?? []).map((f) => ({ value: f.id, label: f.email })),
      },
      { kind: 'day', name: 'from', label: t('audit.filter.from') },
      { kind: 'day', name: 'to', label: t('audit.filter.to') },
      { kind: 'text', name: 'target_type', label: t('audit.filter.target_type') },
      { kind: 'text', name: 'target_id', label: t('audit.filter.target_id') },
    ],
    caption: t('audit.title'),
    empty: t('audit.empty'),
    searchLabel: t('audit.q'),
  };
  return (
    <>
      <h1>{t('audit.title')}</h1>
      <ResourceList resource={resource} />
    </>
  );
}
