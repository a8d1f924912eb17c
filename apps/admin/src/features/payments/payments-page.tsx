import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  adminPaymentListSchema,
  paymentMethods,
  paymentStatuses,
  type AdminPaymentRow,
} from '@gacha/contract/admin-payments';
import { DayRangeFields } from '../../components/day-range-fields.tsx';
import type { Columns } from '../../components/data-table.tsx';
import { api, query, unwrap } from '../../lib/api.ts';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { PAYMENTS_KEY, yen } from './payment-query.ts';
import { PaymentStatus } from './payment-status.tsx';
import cols from '../../components/columns.module.css';
import styles from './payments.module.css';

/** The list's filters, as the address and the API name them (contract adminPaymentQuerySchema). */
const FILTERS = ['method', 'status', 'from', 'to', 'user_id', 'email', 'payment_id', 'holder_name'] as const;
type Filter = (typeof FILTERS)[number];
type Values = Record<Filter, string>;

/**
 * /admin/payments: gem purchases newest first, 50 a page as the API pages them (GET /api/admin/payments), filtered
 * by method, state, the JST days of their start (both included), member number or email, the shop's payment id or
 * the provider's reference, and a bank transfer's holder name; filters and page in the address. Without
 * members.pii the emails are masked and the email and holder-name filters are ignored (the page says so).
 * "Pending bank transfers" is a shortcut to the ones staff may match by hand.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Values;
  const page = Math.max(1, Number(params.get('page')) || 1);

  const payments = useQuery({
    queryKey: [...PAYMENTS_KEY, 'list', filters, page],
    queryFn: async () =>
      unwrap(await api.get(`admin/payments${query({ ...filters, page })}`, adminPaymentListSchema)),
    placeholderData: keepPreviousData,
  });

  const form = useForm<Values>({ values: filters });
  const apply = (values: Partial<Values>) => {
    const next = new URLSearchParams();
    for (const f of FILTERS) {
      const v = (values[f] ?? '').trim();
      if (v) next.set(f, v);
    }
    setParams(next);
  };
  const search = form.handleSubmit(apply);
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };

  const columns = useMemo<Columns<AdminPaymentRow>>(
    () => [
      {
        id: 'id',
        header: () => t('pay.list.id'),
        cell: ({ row }) => (
          <Link to={`/payments/${row.original.id}`} className={styles.idLink}>
            #{row.original.id}
            <span className={styles.subLine}>{row.original.payment_id}</span>
          </Link>
        ),
      },
      {
        id: 'when',
        header: () => t('pay.list.when'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }),
        meta: { className: 'nowrap' },
      },
      {
        id: 'member',
        header: () => t('pay.list.member'),
        cell: ({ row }) => (
          <>
            <Link to={`/members/${row.original.user_id}`}>#{row.original.user_id}</Link>
            <span className={styles.subLine}>{row.original.email}</span>
          </>
        ),
      },
      {
        id: 'method',
        header: () => t('pay.list.method'),
        cell: ({ row }) => (
          <>
            {t(`members.methods.${row.original.method}`, { defaultValue: row.original.method })}
            <span className={styles.subLine}>{row.original.provider}</span>
          </>
        ),
      },
      {
        id: 'yen',
        header: () => t('pay.list.yen'),
        cell: ({ row }) => yen(row.original.amount_yen, lang),
        meta: { className: 'num' },
      },
      {
        id: 'gems',
        header: () => t('pay.list.gems'),
        cell: ({ row }) => formatNumber(row.original.gems, lang),
        meta: { className: 'num' },
      },
      {
        id: 'status',
        header: () => t('pay.list.status'),
        cell: ({ row }) => <PaymentStatus payment={row.original} />,
      },
      {
        id: 'ref',
        header: () => t('pay.list.ref'),
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

  const data = payments.data;
  const filtered = FILTERS.some((f) => filters[f]);
  const pendingBank = filters.method === 'bank' && filters.status === 'pending';
  return (
    <>
      <div className="page-head">
        <h1>{t('pay.title')}</h1>
        <div className="actions">
          <button
            type="button"
            aria-pressed={pendingBank}
            onClick={() => apply(pendingBank ? {} : { method: 'bank', status: 'pending' })}
          >
            {t('pay.list.pendingBank')}
          </button>
        </div>
      </div>
      <form
        className={`filters ${styles.filters}`}
        role="search"
        onSubmit={search}
        aria-label={t('pay.list.filters')}
      >
        <label className="filter">
          <span>{t('pay.list.method')}</span>
          <select {...form.register('method')}>
            <option value="">{t('pay.list.any')}</option>
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {t(`members.methods.${m}`, { defaultValue: m })}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span>{t('pay.list.status')}</span>
          <select {...form.register('status')}>
            <option value="">{t('pay.list.any')}</option>
            {paymentStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`members.payments.statuses.${s}`, { defaultValue: s })}
              </option>
            ))}
          </select>
        </label>
        <DayRangeFields
          register={(name) => form.register(name)}
          labels={{ from: t('pay.list.from'), to: t('pay.list.to') }}
        />
        <label className="filter">
          <span>{t('pay.list.memberId')}</span>
          <input
            inputMode="numeric"
            className={styles.short}
            autoComplete="off"
            {...form.register('user_id')}
          />
        </label>
        <label className="filter">
          <span>{t('pay.list.email')}</span>
          <input type="search" autoComplete="off" {...form.register('email')} />
        </label>
        <label className="filter">
          <span>{t('pay.list.reference')}</span>
          <input type="search" autoComplete="off" {...form.register('payment_id')} />
        </label>
        <label className="filter">
          <span>{t('pay.list.holder')}</span>
          <input type="search" autoComplete="off" {...form.register('holder_name')} />
        </label>
        <div className="filter-actions">
          <button type="submit" className="button-primary">
            {t('pay.list.search')}
          </button>
          {filtered ? (
            <button type="button" onClick={() => apply({})}>
              {t('table.clear')}
            </button>
          ) : null}
        </div>
      </form>
      {data && !data.pii ? <p className="note note-warn">{t('pay.list.masked')}</p> : null}
      {payments.isError ? <p role="alert">{payments.error.message}</p> : null}
      {payments.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {t('pay.list.count', { count: data?.total ?? 0 })}
          </p>
          <div className={cols.tablet}>
            <PagedTable
              columns={columns}
              data={data ? { ...data, per_page: 50 } : undefined}
              page={page}
              onPage={goTo}
              caption={t('pay.title')}
              empty={filtered ? t('pay.list.none') : t('pay.list.empty')}
              pagerLabel={t('pay.list.pages')}
            />
          </div>
        </>
      )}
    </>
  );
}
