import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PointPriceItem, PointPriceList } from '@gacha/contract/payments';
import { Modal } from '../../../components/modal.tsx';
import { LoadingBlock } from '../../../components/page-skeleton.tsx';
import { Pager } from '../../../components/pager.tsx';
import { PointTransfer } from '../../../components/point-transfer.tsx';
import { State } from '../../../lib/api.ts';
import { formatDate, formatDateTime, formatGems } from '../../../lib/format.ts';
import { currentLang, useCatalogue } from '../../../lib/i18n.ts';
import { useSubmit } from '@gacha/client/use-submit';
import { presentFreeGrant, usePointPrices } from '../api/payments.ts';
import { isCampaignOn } from '../campaign.ts';
import { CourseList } from '../components/course-list.tsx';
import { JapanAddressNotice } from '../components/japan-address-notice.tsx';
import { useAlert } from '../components/result-alert.tsx';
import styles from './payments.module.css';

export function CampaignNote({ data }: { data: PointPriceList }) {
  const { t } = useTranslation('payments');
  const lang = currentLang();
  if (!isCampaignOn(data, new Date())) return null;
  // the server's figure; without one the note names no percentage rather than guess it
  const percent =
    Number.isFinite(data.campaign_percent) && data.campaign_percent > 0 ? data.campaign_percent : null;
  return (
    <p className={`${styles.note} ${styles.campaign}`}>
      <span className={`${styles.badge} ${styles.badgeOn}`}>{t('buy.campaignOn')}</span>
      {percent
        ? t('buy.campaign', {
            percent,
            start: formatDateTime(data.campaign_start, lang),
            end: formatDateTime(data.campaign_end, lang),
          })
        : t('buy.campaignNoPercent', {
            start: formatDateTime(data.campaign_start, lang),
            end: formatDateTime(data.campaign_end, lang),
          })}
    </p>
  );
}

/**
 * /buy-point?productId (spec §2 Buy gems): the gem courses with yen and dollar prices, the FX-rate date, the
 * campaign note, free-grant courses (confirm, then POST /user/coupon/point/present) and the legal links. A member
 * whose address is in Japan reads first that gems cannot be bought for shipping there.
 */
export function BuyPointPage() {
  const { t } = useTranslation('payments');
  const catalogue = useCatalogue();
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError } = usePointPrices(page);
  const [free, setFree] = useState<PointPriceItem | null>(null);
  const alert = useAlert();
  const navigate = useNavigate();

  // the free grant: POST /user/coupon/point/present once, however often Yes is pressed
  const grant = useSubmit({
    mutationFn: (item: PointPriceItem) => presentFreeGrant(item.id),
    onSuccess: (res) => {
      if (res.state === State.ok) navigate('/complete-buy-point?append=true');
      else alert.show(catalogue('grant_failed'));
    },
    onError: () => alert.show(catalogue('grant_failed')),
  });

  return (
    <div className="page">
      <h1 className="page-title">{t('common:pages.buyPoint')}</h1>
      <JapanAddressNotice />
      <p className={styles.lead}>{t('buy.lead')}</p>
      {productId && <p className={styles.lead}>{t('buy.productNote')}</p>}
      {isPending ? (
        <LoadingBlock blocks={2} lines={4} />
      ) : isError ? (
        <p role="alert" className={styles.error}>
          {t('common.loadError')}
        </p>
      ) : (
        <>
          <div className={styles.notes}>
            <p className={styles.note}>
              {t('buy.fx', {
                date: formatDate(data.fx_date, currentLang()),
                rate: data.fx_rate.toLocaleString('en-US'),
              })}
            </p>
            <CampaignNote data={data} />
          </div>
          {data.list.length ? (
            <CourseList
              list={data.list}
              productId={productId}
              label={t('buy.coursesLabel')}
              onFree={setFree}
            />
          ) : (
            <p className={styles.empty}>{t('buy.empty')}</p>
          )}
          <Pager
            page={data.page}
            allPage={data.all_page}
            pages={data.pages}
            onChange={(p) =>
              setParams((prev) => {
                const q = new URLSearchParams(prev);
                q.set('page', String(p));
                return q;
              })
            }
          />
        </>
      )}
      <PointTransfer />
      <nav className={styles.panel} aria-label={t('buy.legalLabel')}>
        <ul className={styles.links}>
          <li>
            <Link to="/specific-commerce">{t('buy.specificCommerce')}</Link>
          </li>
          <li>
            <Link to="/fund-settlement">{t('buy.fundSettlement')}</Link>
          </li>
          <li>
            <Link to="/gem-terms-of-service">{t('buy.gemTerms')}</Link>
          </li>
        </ul>
      </nav>
      <Modal
        open={free !== null}
        title={t('buy.freeTitle')}
        onClose={() => setFree(null)}
        role="alertdialog"
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setFree(null)}>
              {t('common.no')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-autofocus
              onClick={() => {
                if (!free) return;
                setFree(null);
                grant.send(free);
              }}
            >
              {t('common.yes')}
            </button>
          </>
        }
      >
        <p>{t('buy.freeConfirm', { gems: formatGems(free?.point ?? 0) })}</p>
      </Modal>
      {alert.element}
    </div>
  );
}

export default BuyPointPage;
