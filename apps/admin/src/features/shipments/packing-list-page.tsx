import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { type AdminPackingList, type AdminPackingSheet } from '@gacha/contract/admin-shipping';
import { CUSTOMS_RULES_NOTE, customsRangeText } from '@gacha/contract/customs';
import { packingListRoute } from '@gacha/contract/routes/admin-shipping';
import { call, unwrap } from '../../lib/api.ts';
import { formatJst } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { carrierName, categoryName, SHIPMENTS_KEY, yen } from './shipment-query.ts';
import { TableHead } from '@gacha/client/components/table-head';
import styles from './shipments.module.css';
import './print.css';

/**
 * /admin/shipments/print?ids=1,2: the packing list and the customs sheet of each batch, one batch per printed page
 * (GET /api/admin/shipments/packing-list?ids). The screen shows a Print button; printed (print.css), the console's
 * header, nav and this page's own controls are hidden. The customs sheet is in English (CN22/CN23 are filled in
 * English or French), the packing list in the staff member's language.
 */
export function PackingListPage() {
  const { t } = useTranslation(['shipping', 'console']);
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').replace(/[^\d,]/g, '');
  const list = useQuery({
    queryKey: [...SHIPMENTS_KEY, 'packing-list', ids],
    queryFn: async () => unwrap(await call(packingListRoute, { query: { ids } })),
    enabled: ids !== '',
  });
  return (
    <div className="print-root" data-print-root>
      <div className={`${styles.printBar} no-print`}>
        <Link to="/shipments">{t('printPage.back')}</Link>
        <h1>{t('printPage.title')}</h1>
        <button type="button" className="button-primary" onClick={() => window.print()} disabled={!list.data}>
          {t('printPage.print')}
        </button>
      </div>
      {ids === '' ? <p role="alert">{t('printPage.none')}</p> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.isLoading ? <p className="loading">{t('console:common.loading')}</p> : null}
      {list.data ? (
        <>
          <p className={`${styles.printNote} no-print`}>
            {t('printPage.count', { count: list.data.sheets.length })}
          </p>
          {list.data.sheets.map((sheet) => (
            <Sheet key={sheet.shipment.id} sheet={sheet} list={list.data} />
          ))}
        </>
      ) : null}
    </div>
  );
}

function Sheet({ sheet, list }: { sheet: AdminPackingSheet; list: AdminPackingList }) {
  const { t } = useTranslation('shipping');
  const lang = useLang();
  const s = sheet.shipment;
  const r = sheet.recipient;
  return (
    <article
      className={`print-sheet ${styles.sheet}`}
      aria-labelledby={`sheet-${s.id}`}
      data-testid="packing-sheet"
    >
      <header className={styles.sheetHead}>
        <h2 id={`sheet-${s.id}`}>{t('printPage.sheetTitle', { id: s.id })}</h2>
        <span>
          {t('printPage.requested', { when: formatJst(s.created_at) })} · {t('days', { count: s.age_days })}
          {s.status === 'shipped' ? ` · ${carrierName(s.carrier, lang)} ${s.delivery_code ?? ''}` : ''}
        </span>
      </header>
      <div className={styles.parties}>
        <section>
          <h3>{t('printPage.from')}</h3>
          <p>
            {list.sender.name}
            <br />
            {list.sender.address}
            <br />
            {list.sender.email}
          </p>
        </section>
        <section>
          <h3>{t('printPage.to')}</h3>
          <p>
            <strong>{r.name}</strong> (#{s.user_id})
            <br />
            {r.address} {r.building}
            <br />
            {r.city} {r.state} {r.zipcode}
            <br />
            {r.country} ({r.country_code})
            <br />
            {t('printPage.tel')}: {r.tel}
          </p>
        </section>
      </div>
      <h3>{t('printPage.packing')}</h3>
      <table className={styles.printTable}>
        <TableHead
          columns={[
            '✓',
            t('printPage.item'),
            t('printPage.model'),
            t('printPage.category'),
            { label: t('printPage.declared'), className: 'num' },
          ]}
        />
        <tbody>
          {sheet.items.map((item, i) => (
            <tr key={`${item.history_id ?? 'x'}-${item.exchange_id ?? 'x'}-${i}`} data-testid="packing-item">
              <td className={styles.tick}>☐</td>
              <td>{item.name}</td>
              <td>{item.model_number || '—'}</td>
              <td>
                {categoryName(item.customs_category, lang)}{' '}
                <span className="muted">
                  ({customsRangeText(item.customs_category, lang === 'ja' ? 'ja' : 'en')})
                </span>
              </td>
              <td className="num">{yen(item.declared_value_yen, lang)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t('printPage.itemsTotal', { count: sheet.items.length })}
            </th>
            <td className="num">{yen(sheet.declared_total_yen, lang)}</td>
          </tr>
        </tfoot>
      </table>
      <section className={styles.customs} lang="en" aria-label="Customs declaration (CN22/CN23)">
        <h3>Customs declaration — CN22 / CN23</h3>
        <p>
          Nature: {list.nature === 'merchandise' ? 'Merchandise' : list.nature} · Origin:{' '}
          {list.origin_country} · Currency: {list.currency}
        </p>
        <table className={styles.printTable}>
          <TableHead
            columns={[
              'Description of contents',
              { label: 'Quantity', className: 'num' },
              { label: 'Value (JPY)', className: 'num' },
              'Origin',
            ]}
          />
          <tbody>
            {sheet.customs.map((c) => (
              <tr key={c.customs_category}>
                <td>{c.description}</td>
                <td className="num">{c.quantity}</td>
                <td className="num">{c.declared_value_yen.toLocaleString('en-US')}</td>
                <td>{list.origin_country}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{sheet.customs.reduce((n, c) => n + c.quantity, 0)}</td>
              <td className="num" data-testid="customs-total">
                {sheet.declared_total_yen.toLocaleString('en-US')}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
        <p className={styles.small}>
          Sender: {list.sender.name}, {list.sender.address} · Recipient: {r.name}, {r.country} ·{' '}
          {CUSTOMS_RULES_NOTE.en} · Printed {formatJst(list.printed_at)}
        </p>
        <p className={styles.signature}>Date and sender's signature: ______________________________</p>
      </section>
    </article>
  );
}
