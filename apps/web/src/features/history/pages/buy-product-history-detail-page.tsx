import { useId, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HistoryCard } from '@gacha/contract/draws';
import { GemIcon } from '../../../components/currency-icons.tsx';
import { WonItemList, type WonItem } from '../../../components/won-item-list.tsx';
import { formatGems } from '../../../lib/format.ts';
import { useHistoryDetail } from '../api/get-history-detail.ts';
import { sendStateKey } from '../send-state.ts';
import styles from './buy-product-history-detail-page.module.css';
import { PageUnavailable } from '../../../components/page-unavailable.tsx';

/**
 * /buy-product-history-detail?packHistoryId (spec §2 Histories): shipped items, gem-converted items, the purchase
 * date, the delivery code when there is one, the gems received, and back to the list.
 */
export function BuyProductHistoryDetailPage() {
  const { t } = useTranslation('history');
  const [params] = useSearchParams();
  const id = params.get('packHistoryId') ?? '';
  const { data, isPending, isError } = useHistoryDetail(id);
  const shipId = useId();
  const gemsId = useId();
  const openId = useId();

  if (!/^\d{1,10}$/.test(id)) return <Navigate to="/buy-product-history" replace />;
  if (isPending) return <div className="page" aria-busy="true" />;
  if (isError || !data) {
    return (
      <PageUnavailable title={t('detail.notFound')} to="/buy-product-history" action={t('detail.back')} />
    );
  }

  const item = (c: HistoryCard, aside: ReactNode): WonItem => ({
    key: c.history_id,
    image: c.image,
    name: c.name,
    model_number: c.model_number,
    rarity: c.rarity,
    rarity_label: c.rarity_label,
    numLabel: c.num > 1 ? t('detail.setOf', { count: c.num }) : undefined,
    aside,
  });

  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t('detail.title')}</h1>
      <div className={`card ${styles.panel}`}>
        <dl className={styles.facts}>
          <div>
            <dt>{t('detail.pack')}</dt>
            <dd>
              <Link to={`/pack-detail?${new URLSearchParams({ packId: String(data.pack_id) })}`}>
                {data.pack_name}
              </Link>
            </dd>
          </div>
          <div>
            <dt>{t('detail.date')}</dt>
            <dd className="num">{data.created}</dd>
          </div>
          <div>
            <dt>{t('detail.purchaseId')}</dt>
            <dd className="num">{data.id}</dd>
          </div>
          {data.delivery_code && (
            <div>
              <dt>{t('detail.deliveryCode')}</dt>
              <dd className={`num ${styles.code}`}>{data.delivery_code}</dd>
            </div>
          )}
          <div>
            <dt>{t('detail.gemsReceived')}</dt>
            <dd className={styles.gems}>
              <GemIcon size={18} />
              <span className="num">{formatGems(data.reduction_point)}</span>
            </dd>
          </div>
        </dl>

        <section className={styles.section} aria-labelledby={shipId}>
          <h2 id={shipId} className={styles.h2}>
            {t('detail.shipped', { count: data.send_card.length })}
          </h2>
          <WonItemList
            label={t('detail.shippedList')}
            empty={t('detail.noneShipped')}
            items={data.send_card.map((c) =>
              item(
                c,
                <span className={`${styles.state} ${styles[c.send_state] ?? ''}`}>
                  {t(sendStateKey(c.send_state))}
                  {c.delivery_code ? <span className={styles.itemCode}>{c.delivery_code}</span> : null}
                </span>,
              ),
            )}
          />
        </section>

        <section className={styles.section} aria-labelledby={gemsId}>
          <h2 id={gemsId} className={styles.h2}>
            {t('detail.converted', { count: data.reduction_card.length })}
          </h2>
          <WonItemList
            label={t('detail.convertedList')}
            empty={t('detail.noneConverted')}
            items={data.reduction_card.map((c) =>
              item(
                c,
                <span className={styles.plus}>
                  <GemIcon size={14} />+{formatGems(c.buy_point)}
                </span>,
              ),
            )}
          />
        </section>

        {data.unselected_card.length > 0 && (
          <section className={styles.section} aria-labelledby={openId}>
            <h2 id={openId} className={styles.h2}>
              {t('detail.unselected', { count: data.unselected_card.length })}
            </h2>
            <WonItemList
              label={t('detail.unselectedList')}
              items={data.unselected_card.map((c) => item(c, t('state.unselected')))}
            />
            <Link
              to={`/get-card-list?${new URLSearchParams({ c: String(data.id) })}`}
              className="btn btn-primary btn-sm"
            >
              {t('detail.choose')}
            </Link>
          </section>
        )}

        <Link to="/buy-product-history" className={`btn btn-secondary ${styles.back}`}>
          {t('detail.back')}
        </Link>
      </div>
    </div>
  );
}

export default BuyProductHistoryDetailPage;
