import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  shipmentAgeBuckets,
  type AdminDashboard,
  type AdminDashboardTotals,
} from '@gacha/contract/admin-dashboard';
import { NAV } from '../../app/nav.ts';
import { Section as PanelSection } from '../../components/section.tsx';
import { dashboardRoute } from '@gacha/contract/routes/admin-dashboard';
import { call, unwrap } from '../../lib/api.ts';
import { formatJst, formatNumber, formatPercent } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import type { Words } from '../../locales/index.ts';
import { useCan } from '../../lib/me.ts';
import { COLORS } from './dashboard-colors.ts';
import styles from './dashboard.module.css';
import { TableWrap } from '../../components/table-wrap.tsx';
import { TableHead } from '@gacha/client/components/table-head';

// recharts only in the dashboard's chunk
const DailyChart = lazy(() => import('./dashboard-charts.tsx').then((m) => ({ default: m.DailyChart })));
const RowsChart = lazy(() => import('./dashboard-charts.tsx').then((m) => ({ default: m.RowsChart })));

export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;
/** The packs drawn in the chart (the table lists every one). */
const CHART_PACKS = 12;

/**
 * /admin/dashboard, the console's home for a role with dashboard.read (GET /api/admin/dashboard, read again
 * every minute): what waits on staff (shipments by age, pending bank transfers, posts to moderate) with links to
 * the pages that handle them; today and this month in Japan time — gems sold by payment method and their yen,
 * gems spent on packs, coins issued; the packs on sale with sold and remaining lots. Every chart has its figures
 * as a table beside it (the charts are for the eye; screen readers read the tables).
 */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'console']);
  const dashboard = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: async () => unwrap(await call(dashboardRoute, {})),
    refetchInterval: 60_000,
  });
  const data = dashboard.data;

  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
        {data ? <span className="muted">{t('asOf', { when: formatJst(data.generated_at) })}</span> : null}
        <div className="actions">
          <button type="button" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            {dashboard.isFetching ? t('refreshing') : t('refresh')}
          </button>
        </div>
      </div>
      {dashboard.isError ? <p role="alert">{dashboard.error.message}</p> : null}
      {dashboard.isPending ? (
        <p className="loading">{t('console:common.loading')}</p>
      ) : data ? (
        <>
          <Waiting data={data} />
          <Totals data={data} />
          <Daily data={data} />
          <ByMethod data={data} />
          <CoinsIssued data={data} />
          <PacksSelling data={data} />
          <ShipmentsByAge data={data} />
        </>
      ) : null}
    </>
  );
}

function Section(props: Omit<Parameters<typeof PanelSection>[0], 'className'>) {
  return <PanelSection {...props} className={styles.section} />;
}

function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div className={styles.chart}>
      <Suspense fallback={<div style={{ height }} className={styles.chartLoading} />}>{children}</Suspense>
    </div>
  );
}

/** The page of a section when the console has it and the role may read it (null otherwise). */
function useSectionLink(path: string): string | null {
  const can = useCan();
  const item = NAV.find((n) => n.path === path);
  return item && can(item.permission) ? path : null;
}

// --- what waits on staff ---

function Waiting({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const n = (v: number) => formatNumber(v, lang);
  const shipments = useSectionLink('/shipments');
  const payments = useSectionLink('/payments');
  const board = useSectionLink('/board');
  const { shipments_waiting: ship, bank_transfers_pending: bank, posts_pending: posts } = data;
  const late = ship.by_age.find((b) => b.age === 'over_14_days')?.batches ?? 0;
  return (
    <section aria-labelledby="dash-waiting" className={styles.waitingSection}>
      <h2 id="dash-waiting">{t('waiting.title')}</h2>
      <ul className={styles.tiles}>
        <li className={`${styles.tile} ${late ? styles.tileLate : ''}`}>
          <h3>{t('waiting.shipments')}</h3>
          <p className={styles.big} data-testid="waiting-shipments">
            {t('waiting.batches', { count: ship.batches, n: n(ship.batches) })}
          </p>
          <p className={styles.tileSub}>
            {t('waiting.items', { count: ship.items, n: n(ship.items) })}
            {ship.oldest_at ? ` · ${t('waiting.oldest', { when: formatJst(ship.oldest_at) })}` : ''}
          </p>
          {late ? <p className={styles.lateNote}>{t('waiting.late', { count: late, n: n(late) })}</p> : null}
          {shipments ? (
            <Link to={`${shipments}?status=open`} className={styles.tileLink}>
              {t('waiting.toShipments')}
            </Link>
          ) : null}
        </li>
        <li className={styles.tile}>
          <h3>{t('waiting.bank')}</h3>
          <p className={styles.big} data-testid="waiting-bank">
            {t('waiting.transfers', { count: bank.count, n: n(bank.count) })}
          </p>
          <p className={styles.tileSub}>
            {t('waiting.bankSub', { yen: yen(bank.yen, lang), gems: n(bank.gems) })}
            {bank.oldest_at ? ` · ${t('waiting.oldest', { when: formatJst(bank.oldest_at) })}` : ''}
          </p>
          {payments ? (
            <Link to={`${payments}?method=bank&status=pending`} className={styles.tileLink}>
              {t('waiting.toPayments')}
            </Link>
          ) : null}
        </li>
        <li className={styles.tile}>
          <h3>{t('waiting.posts')}</h3>
          <p className={styles.big} data-testid="waiting-posts">
            {t('waiting.postsCount', { count: posts.count, n: n(posts.count) })}
          </p>
          <p className={styles.tileSub}>
            {posts.oldest_at ? t('waiting.oldest', { when: formatJst(posts.oldest_at) }) : t('waiting.none')}
          </p>
          {board ? (
            <Link to={board} className={styles.tileLink}>
              {t('waiting.toBoard')}
            </Link>
          ) : null}
        </li>
      </ul>
    </section>
  );
}

/** A JST time as its date and its time, which may go on two lines. */
function When({ iso }: { iso: string }) {
  const [date, time] = formatJst(iso, { zone: false }).split(' ');
  return (
    <>
      <span className="nowrap">{date}</span> <span className="nowrap">{time}</span>
    </>
  );
}

/** A chart label cut to `max` characters. */
function short(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function yen(v: number, lang: string): string {
  return `${v < 0 ? '−' : ''}¥${formatNumber(Math.abs(v), lang)}`;
}

function coins(tenths: number, lang: string): string {
  return (tenths / 10).toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

// --- today and this month ---

const FIGURES: Array<{
  key: keyof Words<'dashboard'>['figures'];
  value: (x: AdminDashboardTotals, lang: string) => string;
}> = [
  { key: 'yen', value: (x, l) => yen(x.sold.yen, l) },
  { key: 'refunds', value: (x, l) => yen(x.refunds.yen, l) },
  { key: 'net', value: (x, l) => yen(x.net_yen, l) },
  { key: 'gemsSold', value: (x, l) => formatNumber(x.sold.gems, l) },
  { key: 'payments', value: (x, l) => formatNumber(x.sold.payments, l) },
  { key: 'gemsSpent', value: (x, l) => formatNumber(x.gems_spent_on_packs, l) },
  { key: 'coinsSpent', value: (x, l) => formatNumber(x.coins_spent_on_packs, l) },
  { key: 'purchases', value: (x, l) => formatNumber(x.pack_purchases, l) },
  { key: 'plays', value: (x, l) => formatNumber(x.packs_played, l) },
  { key: 'coinsIssued', value: (x, l) => coins(x.coins_issued_tenths, l) },
];
const TILES = ['yen', 'gemsSold', 'gemsSpent', 'coinsIssued'];

function Totals({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const periods = [
    {
      id: 'today',
      label: t('today', { date: data.today.date.replace(/-/g, '/') }),
      totals: data.today,
    },
    {
      id: 'month',
      label: t('month', { month: data.month.month.replace('-', '/') }),
      totals: data.month,
    },
  ];
  return (
    <Section id="dash-totals" title={t('totals.title')}>
      <div className={styles.periods}>
        {periods.map((p) => (
          <div key={p.id}>
            <h3>{p.label}</h3>
            <dl className={styles.kpis} data-testid={`kpis-${p.id}`}>
              {FIGURES.filter((f) => TILES.includes(f.key)).map((f) => (
                <div key={f.key}>
                  <dt>{t(`figures.${f.key}`)}</dt>
                  <dd>{f.value(p.totals, lang)}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
      <TableWrap label={t('totals.title')}>
        <table className="data-table" data-testid="totals-table">
          <TableHead
            caption={t('totals.title')}
            columns={[t('totals.figure'), ...periods.map((p) => ({ label: p.label, className: 'num' }))]}
          />
          <tbody>
            {FIGURES.map((f) => (
              <tr key={f.key}>
                <th scope="row">{t(`figures.${f.key}`)}</th>
                {periods.map((p) => (
                  <td key={p.id} className="num">
                    {f.value(p.totals, lang)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </Section>
  );
}

function Daily({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const rows = data.daily.map((d) => ({
    label: d.date.slice(5).replace('-', '/'),
    yen: d.yen,
    gems_sold: d.gems_sold,
    gems_spent: d.gems_spent_on_packs,
  }));
  return (
    <Section
      id="dash-daily"
      title={t('daily.title', { month: data.month.month.replace('-', '/') })}
      intro={t('daily.intro')}
    >
      <div className={styles.twoCharts}>
        <figure className={styles.figure}>
          <figcaption>{t('daily.yenChart')}</figcaption>
          {data.month.sold.yen > 0 ? (
            <ChartSlot height={280}>
              <DailyChart
                data={rows}
                series={[{ key: 'yen', label: t('figures.yen'), color: COLORS.yen }]}
                format={(v) => yen(v, lang)}
              />
            </ChartSlot>
          ) : (
            <p className={styles.noChart}>{t('methods.none')}</p>
          )}
        </figure>
        <figure className={styles.figure}>
          <figcaption>{t('daily.gemsChart')}</figcaption>
          {data.month.sold.gems + data.month.gems_spent_on_packs > 0 ? (
            <ChartSlot height={280}>
              <DailyChart
                data={rows}
                series={[
                  { key: 'gems_sold', label: t('figures.gemsSold'), color: COLORS.gems },
                  {
                    key: 'gems_spent',
                    label: t('figures.gemsSpent'),
                    color: COLORS.spent,
                    type: 'line',
                  },
                ]}
                format={(v) => formatNumber(v, lang)}
              />
            </ChartSlot>
          ) : (
            <p className={styles.noChart}>{t('daily.nothing')}</p>
          )}
        </figure>
      </div>
      <details className={styles.details}>
        <summary>{t('daily.asTable')}</summary>
        <TableWrap label={t('daily.title', { month: data.month.month.replace('-', '/') })}>
          <table className="data-table">
            <TableHead
              caption={t('daily.title', { month: data.month.month.replace('-', '/') })}
              columns={[
                t('daily.date'),
                { label: t('figures.payments'), className: 'num' },
                { label: t('figures.gemsSold'), className: 'num' },
                { label: t('figures.yen'), className: 'num' },
                { label: t('figures.gemsSpent'), className: 'num' },
                { label: t('figures.coinsSpent'), className: 'num' },
                { label: t('figures.plays'), className: 'num' },
                { label: t('figures.coinsIssued'), className: 'num' },
              ]}
            />
            <tbody>
              {data.daily.map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="nowrap">
                    {d.date.replace(/-/g, '/')}
                  </th>
                  <td className="num">{formatNumber(d.payments, lang)}</td>
                  <td className="num">{formatNumber(d.gems_sold, lang)}</td>
                  <td className="num">{yen(d.yen, lang)}</td>
                  <td className="num">{formatNumber(d.gems_spent_on_packs, lang)}</td>
                  <td className="num">{formatNumber(d.coins_spent_on_packs, lang)}</td>
                  <td className="num">{formatNumber(d.packs_played, lang)}</td>
                  <td className="num">{coins(d.coins_issued_tenths, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </details>
    </Section>
  );
}

function useMethodName() {
  const { t } = useTranslation('dashboard');
  return (method: string) => t(`methodNames.${method}`, { defaultValue: method });
}

function ByMethod({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const methodName = useMethodName();
  // the month's order (most yen first), then any method only today has (none: today is in the month)
  const methods = [
    ...data.month.gems_sold.map((m) => m.method),
    ...data.today.gems_sold
      .map((m) => m.method)
      .filter((m) => !data.month.gems_sold.some((x) => x.method === m)),
  ];
  const of = (totals: AdminDashboardTotals, method: string) =>
    totals.gems_sold.find((m) => m.method === method) ?? { payments: 0, gems: 0, yen: 0 };
  return (
    <Section id="dash-methods" title={t('methods.title')}>
      {methods.length ? (
        <div className={styles.chartAndTable}>
          <figure className={styles.figure}>
            <figcaption>{t('methods.chart', { month: data.month.month.replace('-', '/') })}</figcaption>
            <ChartSlot height={Math.max(120, methods.length * 34 + 60)}>
              <RowsChart
                data={data.month.gems_sold.map((m) => ({ label: methodName(m.method), yen: m.yen }))}
                series={[{ key: 'yen', label: t('figures.yen'), color: COLORS.yen }]}
                format={(v) => yen(v, lang)}
              />
            </ChartSlot>
          </figure>
          <TableWrap label={t('methods.title')}>
            <table className="data-table" data-testid="methods-table">
              <caption className="visually-hidden">{t('methods.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" rowSpan={2}>
                    {t('methods.method')}
                  </th>
                  <th scope="colgroup" colSpan={2} className={styles.groupHead}>
                    {t('today', { date: data.today.date.replace(/-/g, '/') })}
                  </th>
                  <th scope="colgroup" colSpan={2} className={styles.groupHead}>
                    {t('month', { month: data.month.month.replace('-', '/') })}
                  </th>
                </tr>
                <tr>
                  {['today', 'month'].flatMap((period) =>
                    (['gems', 'yen'] as const).map((figure) => (
                      <th key={`${period}-${figure}`} scope="col" className="num">
                        {t(`methods.${figure}`)}
                      </th>
                    )),
                  )}
                </tr>
              </thead>
              <tbody>
                {methods.map((m) => {
                  const day = of(data.today, m);
                  const month = of(data.month, m);
                  return (
                    <tr key={m}>
                      <th scope="row">
                        {methodName(m)}
                        <span className={styles.subLine}>
                          {t('methods.payments', {
                            count: month.payments,
                            n: formatNumber(month.payments, lang),
                          })}
                        </span>
                      </th>
                      <td className="num">{formatNumber(day.gems, lang)}</td>
                      <td className="num">{yen(day.yen, lang)}</td>
                      <td className="num">{formatNumber(month.gems, lang)}</td>
                      <td className="num">{yen(month.yen, lang)}</td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('methods.total')}</th>
                  <td className="num">{formatNumber(data.today.sold.gems, lang)}</td>
                  <td className="num">{yen(data.today.sold.yen, lang)}</td>
                  <td className="num">{formatNumber(data.month.sold.gems, lang)}</td>
                  <td className="num">{yen(data.month.sold.yen, lang)}</td>
                </tr>
              </tfoot>
            </table>
          </TableWrap>
        </div>
      ) : (
        <p className="muted">{t('methods.none')}</p>
      )}
    </Section>
  );
}

function CoinsIssued({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const reasons = data.month.coins_issued_by_reason.map((r) => r.reason);
  const of = (totals: AdminDashboardTotals, reason: string) =>
    totals.coins_issued_by_reason.find((r) => r.reason === reason)?.tenths ?? 0;
  const reasonName = (r: string) => t(`coinReasons.${r}`, { defaultValue: r });
  return (
    <Section id="dash-coins" title={t('coins.title')} intro={t('coins.intro')}>
      {reasons.length ? (
        <TableWrap label={t('coins.title')}>
          <table className="data-table">
            <TableHead
              caption={t('coins.title')}
              columns={[
                t('coins.reason'),
                { label: t('today', { date: data.today.date.replace(/-/g, '/') }), className: 'num' },
                { label: t('month', { month: data.month.month.replace('-', '/') }), className: 'num' },
              ]}
            />
            <tbody>
              {reasons.map((r) => (
                <tr key={r}>
                  <th scope="row">{reasonName(r)}</th>
                  <td className="num">{coins(of(data.today, r), lang)}</td>
                  <td className="num">{coins(of(data.month, r), lang)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('methods.total')}</th>
                <td className="num">{coins(data.today.coins_issued_tenths, lang)}</td>
                <td className="num">{coins(data.month.coins_issued_tenths, lang)}</td>
              </tr>
            </tfoot>
          </table>
        </TableWrap>
      ) : (
        <p className="muted">{t('coins.none')}</p>
      )}
    </Section>
  );
}

function PacksSelling({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const packs = data.packs_selling;
  const name = (p: (typeof packs)[number]) => (lang === 'ja' ? p.name_ja : p.name_en);
  const charted = [...packs].sort((a, b) => b.sold_this_month - a.sold_this_month).slice(0, CHART_PACKS);
  return (
    <Section id="dash-packs" title={t('packs.title', { count: packs.length })}>
      {packs.length ? (
        <>
          <figure className={styles.figure}>
            <figcaption>
              {packs.length > CHART_PACKS ? t('packs.chartTop', { n: CHART_PACKS }) : t('packs.chart')}
            </figcaption>
            <ChartSlot height={Math.max(120, charted.length * 30 + 60)}>
              <RowsChart
                rowHeight={30}
                data={charted.map((p) => ({
                  label: short(name(p), lang === 'ja' ? 11 : 24),
                  sold: p.sold,
                  remaining: p.remaining,
                }))}
                series={[
                  { key: 'sold', label: t('packs.sold'), color: COLORS.sold, stack: 'lots' },
                  {
                    key: 'remaining',
                    label: t('packs.remaining'),
                    color: COLORS.remaining,
                    stack: 'lots',
                  },
                ]}
                format={(v) => formatNumber(v, lang)}
              />
            </ChartSlot>
          </figure>
          <TableWrap label={t('packs.title', { count: packs.length })}>
            <table className="data-table" data-testid="packs-table">
              <TableHead
                caption={t('packs.title', { count: packs.length })}
                columns={[
                  t('packs.pack'),
                  { label: t('packs.price'), className: 'num' },
                  { label: t('packs.soldOfTotal'), className: 'num' },
                  { label: t('packs.remaining'), className: 'num' },
                  { label: t('packs.soldToday'), className: 'num' },
                  { label: t('packs.soldMonth'), className: 'num' },
                  t('packs.ends'),
                ]}
              />
              <tbody>
                {packs.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className={styles.packName}>
                      <Link to={`/packs/${p.id}`}>{name(p)}</Link>
                      {p.paused ? (
                        <>
                          {' '}
                          <span className="status status-open">{t('packs.paused')}</span>
                        </>
                      ) : null}
                    </th>
                    <td className="num">
                      {t(p.payment_method === 2 ? 'packs.coins' : 'packs.gems', {
                        n: formatNumber(p.point, lang),
                      })}
                    </td>
                    <td className="num">
                      {formatNumber(p.sold, lang)} / {formatNumber(p.total, lang)}
                      <span className={styles.subLine}>
                        {formatPercent(p.total ? p.sold / p.total : 0, lang)}
                      </span>
                    </td>
                    <td className="num">{formatNumber(p.remaining, lang)}</td>
                    <td className="num">{formatNumber(p.sold_today, lang)}</td>
                    <td className="num">{formatNumber(p.sold_this_month, lang)}</td>
                    <td className="nowrap">{p.end_at ? <When iso={p.end_at} /> : t('packs.noEnd')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      ) : (
        <p className="muted">{t('packs.none')}</p>
      )}
    </Section>
  );
}

function ShipmentsByAge({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const ship = data.shipments_waiting;
  const buckets = shipmentAgeBuckets.map(
    (age) => ship.by_age.find((b) => b.age === age) ?? { age, batches: 0, items: 0 },
  );
  const color = { under_7_days: COLORS.fresh, days_7_to_14: COLORS.due, over_14_days: COLORS.late };
  return (
    <Section id="dash-ages" title={t('ages.title')} intro={t('ages.intro')}>
      <div className={styles.chartAndTable}>
        <figure className={styles.figure}>
          <figcaption>{t('ages.chart')}</figcaption>
          <ChartSlot height={180}>
            <RowsChart
              data={buckets.map((b) => ({ label: t(`ages.${b.age}`), batches: b.batches }))}
              series={[{ key: 'batches', label: t('ages.batches'), color: COLORS.fresh }]}
              colors={buckets.map((b) => color[b.age])}
              format={(v) => formatNumber(v, lang)}
            />
          </ChartSlot>
        </figure>
        <TableWrap label={t('ages.title')}>
          <table className="data-table" data-testid="ages-table">
            <TableHead
              caption={t('ages.title')}
              columns={[
                t('ages.age'),
                { label: t('ages.batches'), className: 'num' },
                { label: t('ages.items'), className: 'num' },
              ]}
            />
            <tbody>
              {buckets.map((b) => (
                <tr
                  key={b.age}
                  className={b.age === 'over_14_days' && b.batches ? styles.lateRow : undefined}
                >
                  <th scope="row">{t(`ages.${b.age}`)}</th>
                  <td className="num">{formatNumber(b.batches, lang)}</td>
                  <td className="num">{formatNumber(b.items, lang)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('methods.total')}</th>
                <td className="num">{formatNumber(ship.batches, lang)}</td>
                <td className="num">{formatNumber(ship.items, lang)}</td>
              </tr>
            </tfoot>
          </table>
        </TableWrap>
      </div>
    </Section>
  );
}
