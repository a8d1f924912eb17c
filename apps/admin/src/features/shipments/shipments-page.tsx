import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AdminShipment } from '@gacha/contract/draws';
import {
  SHIPPING_DUE_DAYS,
  shipmentAges,
  shipmentSorts,
  type ShipmentAge,
} from '@gacha/contract/admin-shipping';
import { shipmentListRoute } from '@gacha/contract/routes/admin-shipping';
import type { Columns } from '../../components/data-table.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { formatJst } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { ShipButton } from './ship-dialog.tsx';
import { carrierName, categoryName, SHIPMENTS_KEY, yen } from './shipment-query.ts';
import { TrackingImportButton } from './tracking-import.tsx';
import cols from '../../components/columns.module.css';
import styles from './shipments.module.css';

const STATUSES = ['open', 'shipped', 'all'] as const;

/**
 * /admin/shipments, the fulfilment page: shipment batches (one per member's request) oldest first, on the console's
 * resource list (GET /api/admin/shipments: searched by the member's name, email, tel or postcode or the tracking
 * code; filtered by state, wait and member; the query in the address). Each batch shows its member and address, its
 * items with spec §9's customs category and declared value, the declared total, and how many days it has waited —
 * past the terms' 14 days it is overdue and marked so. Batches are picked for the printable packing list and
 * customs sheet (/shipments/print); a role with shipping.write marks one shipped with its carrier and tracking code,
 * or many from a CSV of tracking codes.
 */
export function ShipmentsPage() {
  const { t } = useTranslation(['shipping', 'console']);
  const lang = useLang();
  const can = useCan();
  const canShip = can('shipping.write');
  const [done, setDone] = useState<string | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns = useMemo<Columns<AdminShipment>>(
    () => [
      {
        id: 'pick',
        header: ({ table }) => {
          const shown = table.getRowModel().rows.map((r) => r.original.id);
          const allPicked = shown.length > 0 && shown.every((id) => picked.has(id));
          return (
            <input
              type="checkbox"
              aria-label={t('pickAll')}
              checked={allPicked}
              onChange={() => setPicked(allPicked ? new Set() : new Set(shown))}
            />
          );
        },
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={t('pick', { id: row.original.id })}
            checked={picked.has(row.original.id)}
            onChange={() => toggle(row.original.id)}
          />
        ),
      },
      {
        id: 'id',
        header: () => t('batch'),
        cell: ({ row }) => (
          <span className={styles.batchId}>
            #{row.original.id}
            <span className={styles.sub}>{formatJst(row.original.created_at, { zone: false })}</span>
          </span>
        ),
      },
      {
        id: 'member',
        header: () => t('member'),
        cell: ({ row }) => <Recipient shipment={row.original} />,
      },
      {
        id: 'item_count',
        header: () => t('items'),
        cell: ({ row }) => (
          <ul className={styles.items}>
            {row.original.items.map((item, i) => (
              <li key={`${item.history_id ?? 'x'}-${item.exchange_id ?? 'x'}-${i}`}>
                <span>
                  {item.name} {item.model_number ? <span className="muted">{item.model_number}</span> : null}
                  <span className={styles.sub}>{categoryName(item.customs_category, lang)}</span>
                </span>
                <span className={styles.declared}>{yen(item.declared_value_yen, lang)}</span>
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'declared',
        header: () => t('declaredTotal'),
        cell: ({ row }) => yen(row.original.declared_total_yen, lang),
        // at tablet width the total goes (each item keeps its value), so the row's buttons stay in view
        meta: { className: `num ${cols.wideOnly}` },
      },
      {
        id: 'age',
        header: () => t('age'),
        cell: ({ row }) => <AgeCell shipment={row.original} />,
      },
      {
        id: 'shipped_at',
        header: () => t('state'),
        cell: ({ row }) => {
          const s = row.original;
          return (
            <div className={styles.rowActions}>
              {s.status === 'shipped' ? (
                <span>
                  <span className="status status-shipped">{t('shipped')}</span>
                  <span className={styles.sub}>{carrierName(s.carrier, lang)}</span>
                  <code className={styles.code}>{s.delivery_code}</code>
                  <span className={styles.sub}>{formatJst(s.shipped_at)}</span>
                  {canShip ? <ShipButton shipment={s} onDone={setDone} correct /> : null}
                </span>
              ) : canShip ? (
                <ShipButton shipment={s} onDone={setDone} />
              ) : (
                <span className="status status-open">{t('open')}</span>
              )}
              <Link to={`/shipments/print?ids=${s.id}`} className="button">
                {t('print')}
              </Link>
            </div>
          );
        },
      },
    ],
    [t, lang, canShip, picked],
  );

  const resource: Resource<AdminShipment> = {
    route: shipmentListRoute,
    queryKey: [...SHIPMENTS_KEY, 'list'],
    columns,
    sorts: shipmentSorts,
    defaultSort: { id: 'id', desc: false },
    filters: [
      {
        name: 'status',
        label: t('status'),
        options: STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
      },
      {
        name: 'age',
        label: t('ageFilter'),
        all: t('ages.any'),
        options: (Object.keys(shipmentAges) as ShipmentAge[]).map((a) => ({
          value: a,
          label: t(`ages.${a}`, { days: SHIPPING_DUE_DAYS }),
        })),
      },
      { kind: 'text', name: 'user_id', label: t('memberId'), numeric: true },
    ],
    caption: t('console:nav.shipments'),
    empty: t('empty'),
    searchLabel: t('q'),
    frame: `${styles.table} ${cols.tablet}`,
  };
  const pickedIds = [...picked].sort((a, b) => a - b);
  return (
    <>
      <div className="page-head">
        <h1>{t('console:nav.shipments')}</h1>
        <div className="actions">{canShip ? <TrackingImportButton onDone={setDone} /> : null}</div>
      </div>
      <p className="muted">{t('intro', { days: SHIPPING_DUE_DAYS })}</p>
      {done ? (
        <p className="success" role="status">
          {done}
        </p>
      ) : null}
      <ResourceList
        resource={resource}
        notice={(answer) => (
          <div className={styles.toolbar}>
            <span className="muted">
              {t('overdueCount', { count: answer.list.filter((s) => s.overdue).length })}
            </span>
            {pickedIds.length ? (
              <Link
                className="button button-primary"
                to={`/shipments/print?ids=${pickedIds.slice(0, 50).join(',')}`}
              >
                {t('printPicked', { count: Math.min(pickedIds.length, 50) })}
              </Link>
            ) : (
              <span className="muted">{t('pickHint')}</span>
            )}
          </div>
        )}
      />
    </>
  );
}

function Recipient({ shipment }: { shipment: AdminShipment }) {
  const { t } = useTranslation('shipping');
  const lang = useLang();
  const a = shipment.address;
  const country = (lang === 'ja' ? a.country_ja : a.country_en) ?? a.country_en;
  return (
    <address className={styles.address}>
      <strong>{a.name || '—'}</strong>{' '}
      <Link to={`/members/${shipment.user_id}`} className="muted">
        #{shipment.user_id}
      </Link>
      <br />
      {a.zipcode} {a.state} {a.city}
      <br />
      {a.address} {a.building}
      <br />
      {a.tel}
      {a.country_id !== null ? (
        <span className="muted"> · {country ?? t('country', { id: a.country_id })}</span>
      ) : null}
    </address>
  );
}

function AgeCell({ shipment }: { shipment: AdminShipment }) {
  const { t } = useTranslation('shipping');
  const s = shipment;
  return (
    <span className={s.overdue ? styles.overdue : undefined} data-overdue={s.overdue || undefined}>
      <strong>{t('days', { count: s.age_days })}</strong>
      {s.overdue ? <span className={`status ${styles.overdueBadge}`}>{t('overdue')}</span> : null}
      <span className={styles.sub}>{t('due', { when: formatJst(s.due_at, { zone: false }) })}</span>
    </span>
  );
}
