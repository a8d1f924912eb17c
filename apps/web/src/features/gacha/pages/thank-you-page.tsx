import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GemIcon } from '../../../components/currency-icons.tsx';
import { WonItemList } from '../../../components/won-item-list.tsx';
import { formatGems } from '../../../lib/format.ts';
import { parsePurchaseId, usePurchaseResult } from '../api/get-purchase-result.ts';
import styles from './thank-you-page.module.css';

interface DecisionState {
  shipped?: number;
  converted?: number;
  gems?: number;
}

/**
 * /thank-you?c={purchaseId} (spec §2 Thank you): 'Purchase completed', shipping within 7–14 days, Go to home and
 * Buy the same again (/pack-detail?packId); a coin purchase lists its cards.
 */
export function ThankYouPage() {
  const { t } = useTranslation('gacha');
  const [params] = useSearchParams();
  const location = useLocation();
  const decided = (location.state as DecisionState | null) ?? {};
  const purchaseId = parsePurchaseId(params.get('c'));
  const { data: result } = usePurchaseResult(purchaseId, { fresh: true });
  const shipped = decided.shipped ?? result?.cards.filter((c) => c.status === 'ship').length ?? 0;
  const gems = decided.gems ?? 0;

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <span className={styles.check} aria-hidden="true">
          <svg viewBox="0 0 48 48" width="56" height="56">
            <circle cx="24" cy="24" r="22" fill="url(#ty)" />
            <defs>
              <linearGradient id="ty" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#ff2e7e" />
                <stop offset="0.55" stopColor="#a43dff" />
                <stop offset="1" stopColor="#4d7cff" />
              </linearGradient>
            </defs>
            <path
              d="M14 24.5l7 7 13-14"
              fill="none"
              stroke="#fff"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h1 className={styles.title}>{t('thanks.title')}</h1>
        <p className={styles.lead}>{t('thanks.lead')}</p>
        <ul className={styles.facts}>
          {shipped > 0 && <li>{t('thanks.shipped', { count: shipped })}</li>}
          {gems > 0 && (
            <li className={styles.gems}>
              <GemIcon size={18} />
              {t('thanks.gems', { gems: formatGems(gems) })}
            </li>
          )}
        </ul>
        <p className={styles.shipping}>{t('thanks.shipping')}</p>

        {result?.is_buy_coin === '1' && result.cards.length > 0 && (
          <section className={styles.cards} aria-label={t('thanks.cardsTitle')}>
            <h2 className={styles.h2}>{t('thanks.cardsTitle')}</h2>
            <WonItemList
              label={t('thanks.cardsTitle')}
              items={result.cards.map((c) => ({
                key: c.history_id,
                image: c.image,
                name: c.name,
                model_number: c.model_number,
                rarity: c.rarity,
                rarity_label: c.rarity_label,
                numLabel: c.num > 1 ? t('cards.setOf', { count: c.num }) : undefined,
              }))}
            />
          </section>
        )}

        <div className={styles.actions}>
          <Link to="/" className="btn btn-secondary">
            {t('thanks.home')}
          </Link>
          {result?.pack_id ? (
            <Link
              to={`/pack-detail?${new URLSearchParams({ packId: String(result.pack_id) })}`}
              className="btn btn-primary"
            >
              {t('thanks.again')}
            </Link>
          ) : null}
        </div>
        <Link to="/buy-product-history" className={styles.history}>
          {t('thanks.history')}
        </Link>
      </div>
    </div>
  );
}

export default ThankYouPage;
