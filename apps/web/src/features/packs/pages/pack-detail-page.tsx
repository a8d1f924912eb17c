import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CoinIcon, GemIcon } from '../../../components/currency-icons.tsx';
import { formatCountdown, formatGems } from '../../../lib/format.ts';
import { isLoggedIn, useCurrentUser } from '../../../lib/session.ts';
import { useNow } from '../../../lib/use-now.ts';
import { usePackDetail } from '../api/get-pack-detail.ts';
import { msUntilStart, packPhase } from '../pack-state.ts';
import styles from './pack-detail-page.module.css';

/**
 * /pack-detail?packId: a simple view for now (image, name, price, counts, end date, countdown). The purchase
 * flow (count select, confirm modal, card list) comes with the packs issue; BUY sends a guest to /login.
 */
export function PackDetailPage() {
  const { t } = useTranslation('packs');
  const [params] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const navigate = useNavigate();
  const { data: pack, isPending, isError } = usePackDetail(packId);
  const { data: user } = useCurrentUser();
  const now = useNow(1000);

  if (isPending) return <div className="page" aria-busy="true" />;

  if (isError || !pack) {
    return (
      <div className="page page-narrow">
        <div className={`card ${styles.missing}`} role="alert">
          <h1 className="page-title">{t('detail.notFound')}</h1>
          <Link to="/" className="btn btn-primary">
            {t('top.home')}
          </Link>
        </div>
      </div>
    );
  }

  const phase = packPhase(pack, now);
  const isCoin = pack.payment_method === 2;
  const image = pack.image?.[0] || pack.banner;

  const onBuy = () => {
    if (!isLoggedIn(user)) {
      navigate(`/login?${new URLSearchParams({ packId: String(pack.id) })}`);
      return;
    }
    navigate(`/buy-product?${new URLSearchParams({ packId: String(pack.id) })}`);
  };

  return (
    <div className="page">
      <div className={styles.layout}>
        <div className={styles.media}>
          {image && <img src={image} alt={pack.name} className={styles.image} />}
          {(phase === 'soldOut' || phase === 'ended') && (
            <span className={styles.soldOut}>{phase === 'ended' ? t('pack.ended') : t('pack.soldOut')}</span>
          )}
        </div>
        <div className={`card ${styles.info}`}>
          <h1 className={styles.name}>{pack.name}</h1>
          <p className={styles.price}>
            {isCoin ? <CoinIcon size={26} /> : <GemIcon size={26} />}
            <span className="num">{formatGems(pack.point)}</span>
            <span className={styles.unit}>{isCoin ? t('pack.coinUnit') : t('pack.gemUnit')}</span>
            <span className={styles.per}>{t('pack.perPlay')}</span>
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('detail.remaining')}</dt>
              <dd className="num">
                {formatGems(pack.pack_count)} / {formatGems(pack.total_pack_count)}
              </dd>
            </div>
            {pack.format_end_date && (
              <div>
                <dt>{t('detail.endDate')}</dt>
                <dd className="num">{pack.format_end_date}</dd>
              </div>
            )}
            {pack.can_limit === 1 && pack.limit_message && (
              <div>
                <dt>{t('pack.limited')}</dt>
                <dd>{pack.limit_message}</dd>
              </div>
            )}
          </dl>
          {isCoin && <p className={styles.warning}>{t('detail.coinWarning')}</p>}
          {phase === 'before' && (
            <p className={styles.countdown} role="timer">
              {t('pack.startsIn')} <span className="num">{formatCountdown(msUntilStart(pack, now))}</span>
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={phase !== 'onSale'}
            onClick={onBuy}
          >
            {phase === 'soldOut' ? t('pack.soldOut') : phase === 'ended' ? t('pack.ended') : t('detail.buy')}
          </button>
          <Link to="/specific-commerce" className={styles.legal}>
            {t('detail.legal')}
          </Link>
        </div>
      </div>
    </div>
  );
}

export default PackDetailPage;
