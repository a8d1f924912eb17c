import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { type AdminAccountingPeriod, type AdminGemMoves } from '@gacha/contract/admin-accounting';
import { DayRangeFields } from '../../components/day-range-fields.tsx';
import { Section } from '../../components/section.tsx';
import { accountsRoute, liabilityRoute, prepaidReportRoute } from '@gacha/contract/routes/admin-accounting';
import { call, query, unwrap } from '../../lib/api.ts';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { TableWrap } from '../../components/table-wrap.tsx';
import { TableHead } from '@gacha/client/components/table-head';
import { Options } from '@gacha/client/components/options';
import { useLang } from '../../lib/i18n.ts';
import type { Words } from '../../locales/index.ts';

const yen = (v: number, lang: string) => `${v < 0 ? '−' : ''}¥${formatNumber(Math.abs(v), lang)}`;
const day = (d: string) => d.replace(/-/g, '/');

/**
 * /admin/accounting (accounting.read): the money as an accountant reads it. For a range of JST days (this month by
 * default; the range lives in the address): gross sales, refunds and net in total, by payment method, by month and
 * by day, with the paid and free gems issued, used, expired, refunded and left; the CSV files of the days, the
 * payments and the refunds. Below: the unused gems on any day, and the prepaid-balance report of the Payment
 * Services Act on its base dates with its CSV.
 */
export function AccountingPage() {
  const { t } = useTranslation(['accounting', 'console']);
  const [params, setParams] = useSearchParams();
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const report = useQuery({
    queryKey: ['admin', 'accounting', range.from, range.to],
    queryFn: async () => unwrap(await call(accountsRoute, { query: { from: range.from, to: range.to } })),
    placeholderData: keepPreviousData,
  });
  const form = useForm({ values: range });
  const apply = form.handleSubmit((v) => {
    const next = new URLSearchParams();
    if (v.from) next.set('from', v.from);
    if (v.to) next.set('to', v.to);
    setParams(next);
  });
  const data = report.data;
  const csv = (name: string) =>
    `/api/admin/accounting/${name}.csv${query({ from: data?.from ?? null, to: data?.to ?? null })}`;

  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
      </div>
      <form className="filters" onSubmit={apply} aria-label={t('range')}>
        <DayRangeFields register={(name) => form.register(name)} labels={{ from: t('from'), to: t('to') }} />
        <div className="filter-actions">
          <button type="submit" className="button-primary">
            {t('show')}
          </button>
        </div>
      </form>
      {report.isError ? <p role="alert">{report.error.message}</p> : null}
      {report.isPending ? (
        <p className="loading">{t('console:common.loading')}</p>
      ) : data ? (
        <>
          <p className="muted" aria-live="polite">
            {t('showing', { from: day(data.from), to: day(data.to) })}
          </p>
          <p className="actions">
            <a className="button" href={csv('daily')} download>
              {t('csv.daily')}
            </a>{' '}
            <a className="button" href={csv('payments')} download>
              {t('csv.payments')}
            </a>{' '}
            <a className="button" href={csv('refunds')} download>
              {t('csv.refunds')}
            </a>
          </p>
          <Section id="acct-total" title={t('total.title')}>
            <MoneyTable
              periods={[data.total]}
              label={() => t('total.period')}
              labelledBy="acct-total"
              byMethod
            />
            <GemsTable total={data.total} />
          </Section>
          <Section id="acct-months" title={t('months')}>
            <MoneyTable
              periods={data.months}
              label={(p) => p.period.replace('-', '/')}
              labelledBy="acct-months"
              gems
            />
          </Section>
          <Section id="acct-days" title={t('days')}>
            <MoneyTable periods={data.days} label={(p) => day(p.period)} labelledBy="acct-days" gems />
          </Section>
        </>
      ) : null}
      <Liability />
      <PrepaidReport />
    </>
  );
}

function MoneyTable({
  periods,
  label,
  labelledBy,
  byMethod = false,
  gems = false,
}: {
  periods: AdminAccountingPeriod[];
  label: (p: AdminAccountingPeriod) => string;
  labelledBy: string;
  byMethod?: boolean;
  gems?: boolean;
}) {
  const { t } = useTranslation(['accounting', 'dashboard']);
  const lang = useLang();
  const n = (v: number) => formatNumber(v, lang);
  const rows = periods.flatMap((p) => [
    { key: p.period, name: label(p), p, sub: false },
    ...(byMethod
      ? p.by_method.map((m) => ({
          key: `${p.period}-${m.method}`,
          name: t(`dashboard:methodNames.${m.method}`, { defaultValue: m.method }),
          p: { ...p, ...m },
          sub: true,
        }))
      : []),
  ]);
  return (
    <TableWrap labelledBy={labelledBy}>
      <table className="data-table">
        <TableHead
          columns={[
            byMethod ? t('method') : t('period'),
            { label: t('payments'), className: 'num' },
            { label: t('gross'), className: 'num' },
            { label: t('refunds'), className: 'num' },
            { label: t('net'), className: 'num' },
            ...(gems
              ? [
                  { label: t('paidLeft'), className: 'num' },
                  { label: t('bonusLeft'), className: 'num' },
                ]
              : []),
          ]}
        />
        <tbody>
          {rows.map(({ key, name, p, sub }) => (
            <tr key={key}>
              <th scope="row" className={sub ? 'muted' : undefined}>
                {sub ? `— ${name}` : name}
              </th>
              <td className="num">{n(p.payments)}</td>
              <td className="num">{yen(p.gross_yen, lang)}</td>
              <td className="num">
                {yen(p.refunds_yen, lang)}
                {p.refunds ? <span className="muted"> ({n(p.refunds)})</span> : null}
              </td>
              <td className="num">{yen(p.net_yen, lang)}</td>
              {gems ? (
                <>
                  <td className="num">{n(p.paid_gems.balance)}</td>
                  <td className="num">{n(p.bonus_gems.balance)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

const MOVES: Array<keyof AdminGemMoves> = ['issued', 'used', 'expired', 'refunded', 'balance'];

function GemsTable({ total }: { total: AdminAccountingPeriod }) {
  const { t } = useTranslation('accounting');
  const lang = useLang();
  return (
    <TableWrap labelledBy="acct-gems">
      <table className="data-table">
        <caption id="acct-gems">{t('gems.title')}</caption>
        <TableHead
          columns={[t('gems.kind'), ...MOVES.map((m) => ({ label: t(`gems.${m}`), className: 'num' }))]}
        />
        <tbody>
          {(['paid_gems', 'bonus_gems'] as const).map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`gems.${kind}`)}</th>
              {MOVES.map((m) => (
                <td key={m} className="num">
                  {formatNumber(total[kind][m], lang)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function Liability() {
  const { t } = useTranslation('accounting');
  const lang = useLang();
  const [date, setDate] = useState('');
  const form = useForm({ values: { date } });
  const liability = useQuery({
    queryKey: ['admin', 'accounting', 'liability', date],
    queryFn: async () => unwrap(await call(liabilityRoute, { query: { date } })),
  });
  const l = liability.data;
  return (
    <Section id="acct-liability" title={t('liability.title')} intro={t('liability.intro')}>
      <form className="filters" onSubmit={form.handleSubmit((v) => setDate(v.date))}>
        <label className="filter">
          <span>{t('liability.date')}</span>
          <input type="date" {...form.register('date')} />
        </label>
        <div className="filter-actions">
          <button type="submit">{t('show')}</button>
        </div>
      </form>
      {liability.isError ? <p role="alert">{liability.error.message}</p> : null}
      {l ? (
        <dl className="summary" aria-live="polite" data-testid="liability">
          <div>
            <dt>{t('liability.at')}</dt>
            <dd>{formatJst(l.at)}</dd>
          </div>
          <div>
            <dt>{t('gems.paid_gems')}</dt>
            <dd>{formatNumber(l.paid, lang)}</dd>
          </div>
          <div>
            <dt>{t('gems.bonus_gems')}</dt>
            <dd>{formatNumber(l.bonus, lang)}</dd>
          </div>
          <div>
            <dt>{t('liability.total')}</dt>
            <dd>{formatNumber(l.total, lang)}</dd>
          </div>
        </dl>
      ) : null}
    </Section>
  );
}

function PrepaidReport() {
  const { t } = useTranslation(['accounting', 'console']);
  const lang = useLang();
  const [base, setBase] = useState('');
  const report = useQuery({
    queryKey: ['admin', 'accounting', 'prepaid', base],
    queryFn: async () => unwrap(await call(prepaidReportRoute, { query: { base } })),
    placeholderData: keepPreviousData,
  });
  const r = report.data;
  const figures: Array<[keyof Words<'accounting'>['prepaid'], string]> = r
    ? [
        ['period', t('prepaid.periodValue', { from: day(r.period_from), to: day(r.period_to) })],
        ['issued', yen(r.issued, lang)],
        ['used', yen(r.used, lang)],
        ['expired', yen(r.expired, lang)],
        ['refunded', yen(r.refunded, lang)],
        ['unused', yen(r.unused_balance, lang)],
        ['deposit', yen(r.deposit_required, lang)],
        ['due', day(r.due_date)],
      ]
    : [];
  return (
    <Section id="acct-prepaid" title={t('prepaid.title')} intro={t('prepaid.intro')}>
      {r ? (
        <>
          <div className="filters">
            <label className="filter">
              <span>{t('prepaid.base')}</span>
              <select value={r.base_date} onChange={(e) => setBase(e.target.value)}>
                <Options of={r.base_dates} label={(d) => day(d)} />
              </select>
            </label>
            <div className="filter-actions">
              <a
                className="button"
                href={`/api/admin/accounting/prepaid.csv${query({ base: r.base_date })}`}
                download
              >
                {t('csv.prepaid')}
              </a>
            </div>
          </div>
          {r.provisional ? <p className="muted">{t('prepaid.provisional')}</p> : null}
          <dl className="summary" aria-live="polite" data-testid="prepaid">
            {figures.map(([key, value]) => (
              <div key={key}>
                <dt>{t(`prepaid.${key}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p role={r.exceeds ? 'alert' : undefined} className={r.exceeds ? 'note note-warn' : 'muted'}>
            {r.exceeds
              ? t('prepaid.exceeds', {
                  threshold: yen(r.threshold, lang),
                  deposit: yen(r.deposit_required, lang),
                  due: day(r.due_date),
                })
              : t('prepaid.below', { threshold: yen(r.threshold, lang) })}
          </p>
        </>
      ) : report.isError ? (
        <p role="alert">{report.error.message}</p>
      ) : (
        <p className="loading">{t('console:common.loading')}</p>
      )}
    </Section>
  );
}
