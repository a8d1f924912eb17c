import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  paymentMethods,
  paymentSorts,
  paymentStatuses,
  type AdminPaymentList,
  type AdminPaymentRow,
} from '@gacha/contract/admin-payments';
import { paymentListRoute } from '@gacha/contract/routes/admin-payments';
import type { Columns } from '../../components/data-table.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { PAYMENTS_KEY, yen } from './payment-query.ts';
import { PaymentStatus } from './payment-status.tsx';
import cols from '../../components/columns.module.css';
import styles from './payments.module.css';

/**
 * /admin/payments: gem purchases newest first (or sorted by id, yen or gems), searched on the server by payment id,
 * reference and (with members.pii) email or transfer name, filtered by method, state, the JST days of their start
 * (both included) and member number; the query in the address (the API's exact email, payment_id and holder_name
 * filters still open from a kept link). Without members.pii the emails are masked and the search leaves the
 * personal columns out (the page says so). "Pending bank transfers" is a shortcut to the ones staff may match by
 * hand.
 */
export function PaymentsPage() {
  const { t } = useTranslation(['payments', 'members']);
  const lang = useLang();
  const can = useCan();
  const [params] = useSearchParams();

  const columns = useMemo<Columns<AdminPaymentRow>>(
    () => [
      {
        id: 'id',
        header: () => t('list.id'),
        cell: ({ row }) => (
          <Link to={`/payments/${row.original.id}`} className={styles.idLink}>
            #{row.original.id}
            <span className={styles.subLine}>{row.original.payment_id}</span>
          </Link>
        ),
      },
      {
        id: 'created_at',
        header: () => t('list.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
      {
        id: 'member',
        header: () => t('list.member'),
        cell: ({ row }) => (
          <>
            <Link to={`/members/${row.original.user_id}`}>#{row.original.user_id}</Link>
            <span className={styles.subLine}>{row.original.email}</span>
          </>
        ),
      },
      {
        id: 'method',
        header: () => t('list.method'),
        cell: ({ row }) => (
          <>
            {t(`members:methods.${row.original.method}`, { defaultValue: row.original.method })}
            <span className={styles.subLine}>{row.original.provider}</span>
          </>
        ),
      },
      {
        id: 'amount_yen',
        header: () => t('list.yen'),
        cell: ({ row }) => yen(row.original.amount_yen, lang),
        meta: { className: 'num' },
      },
      {
        id: 'gems',
        header: () => t('list.gems'),
        cell: ({ row }) => formatNumber(row.original.gems, lang),
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: () => t('list.status'),
        cell: ({ row }) => <PaymentStatus payment={row.original} />,
      },
      {
        id: 'ref',
        header: () => t('list.ref'),
        meta: { className: cols.wideOnly },
        cell: ({ row }) => (
          <>
            {row.original.provider_ref ? (
              <code className={styles.ref}>{row.original.provider_ref}</code>
            ) : (
              '—'
            )}
            {row.original.holder_name ? (
              <span className={styles.subLine}>{row.original.holder_name}</span>
            ) : null}
          </>
        ),
      },
    ],
    [t, lang],
  );

  const resource: Resource<AdminPaymentRow, AdminPaymentList> = {
    route: paymentListRoute,
    queryKey: [...PAYMENTS_KEY, 'list'],
    columns,
    sorts: paymentSorts,
    defaultSort: { id: 'created_at', desc: true },
    filters: [
      {
        name: 'method',
        label: t('list.method'),
        all: t('list.any'),
        options: paymentMethods.map((m) => ({
          value: m,
          label: t(`members:methods.${m}`, { defaultValue: m }),
        })),
      },
      {
        name: 'status',
        label: t('list.status'),
        all: t('list.any'),
        options: paymentStatuses.map((s) => ({
          value: s,
          label: t(`members:payments.statuses.${s}`, { defaultValue: s }),
        })),
      },
      { kind: 'day', name: 'from', label: t('list.from') },
      { kind: 'day', name: 'to', label: t('list.to') },
      { kind: 'text', name: 'user_id', label: t('list.memberId'), numeric: true },
    ],
    caption: t('title'),
    empty: t('list.none'),
    // without members.pii the search leaves the personal columns out: the label says only what it finds
    searchLabel: can('members.pii') ? t('list.q') : t('list.qMasked'),
    frame: cols.tablet,
  };
  const pendingBank = params.get('method') === 'bank' && params.get('status') === 'pending';
  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
        <div className="actions">
          <Link
            className="button"
            to={pendingBank ? '/payments' : '/payments?method=bank&status=pending'}
            aria-current={pendingBank ? 'page' : undefined}
          >
            {t('list.pendingBank')}
          </Link>
        </div>
      </div>
      <ResourceList
        resource={resource}
        notice={(answer) => (answer.pii ? null : <p className="note note-warn">{t('list.masked')}</p>)}
      />
    </>
  );
}
