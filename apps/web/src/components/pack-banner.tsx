import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PackSummary } from '@gacha/contract/packs';
import { formatDate, formatDateTime, formatGems } from '../lib/format.ts';
import { artImage, SIZES } from '../lib/art-image.ts';
import { currentLang } from '../lib/i18n.ts';
import { packPhaseAt } from '../lib/pack-phase.ts';
import { useClock } from '../lib/use-now.ts';
import { CoinIcon, GemIcon } from './currency-icons.tsx';
import { PackArtCaption } from './pack-art-caption.tsx';
import { SaleCountdown } from './sale-countdown.tsx';
import styles from './pack-banner.module.css';

interface PackBannerProps {
  pack: PackSummary;
  /** Images of banners far down the page load lazily. */
  lazy?: boolean;
  /** The level of the pack's name: 2 right under the page title, 3 (default) under a section's heading. */
  headingLevel?: 2 | 3;
}

/**
 * One pack as a banner card: image, countdown to the start (HH.MM.SS, Japan time), remaining count and price,
 * sold-out badge. A click is ignored while counting down or sold out (spec §2); otherwise it opens
 * /pack-detail?packId=. Memoised: the lists around it render every second for their order.
 */
export const PackBanner = memo(function PackBanner({
  pack,
  lazy = false,
  headingLevel = 3,
}: PackBannerProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('packs');
  const phase = useClock((now) => packPhaseAt(pack, now));
  const blocked = phase !== 'onSale';
  const isCoin = pack.payment_method === 2;
  const image = pack.banner || pack.image?.[0] || '';
  const total = Math.max(pack.total_pack_count, 1);
  const ratio = Math.min(100, Math.max(0, (pack.pack_count / total) * 100));
  const low = phase === 'onSale' && ratio <= 20;

  return (
    <Link
      to={`/pack-detail?packId=${encodeURIComponent(pack.id)}`}
      className={`${styles.card} ${blocked ? styles.blocked : ''} ${phase === 'soldOut' || phase === 'ended' ? styles.soldOut : ''}`}
      aria-disabled={blocked || undefined}
      onClick={(e) => {
        // read the clock at click time: a countdown may have just ended
        if (packPhaseAt(pack, new Date()) !== 'onSale') e.preventDefault();
      }}
    >
      <div className={styles.media}>
        {image ? (
          <img
            {...artImage(image, SIZES.packBanner)}
            alt=""
            className={styles.image}
            loading={lazy ? 'lazy' : 'eager'}
            decoding="async"
            width={1200}
            height={600}
          />
        ) : (
          <div className={styles.noImage} aria-hidden="true" />
        )}
        {phase !== 'before' && <PackArtCaption pack={pack} />}
        <div className={styles.tags}>
          {isCoin && <span className={`${styles.tag} ${styles.tagCoin}`}>{t('pack.coinPack')}</span>}
          {pack.can_limit === 1 && (
            <span className={`${styles.tag} ${styles.tagLimit}`}>{t('pack.limited')}</span>
          )}
          {low && <span className={`${styles.tag} ${styles.tagHot}`}>{t('pack.almostGone')}</span>}
        </div>
        {phase === 'before' && (
          <div className={styles.countdown} role="timer" aria-live="off">
            <span className={styles.countdownLabel}>{t('pack.startsIn')}</span>
            <span className={`num ${styles.countdownTime}`}>
              <SaleCountdown pack={pack} />
            </span>
            <span className={styles.countdownDate}>
              {t('pack.startsAt', { date: formatDateTime(pack.start_at || pack.start_date, currentLang()) })}
            </span>
          </div>
        )}
        {(phase === 'soldOut' || phase === 'ended') && (
          <div className={styles.soldOutBadge}>
            <span className={phase === 'ended' ? styles.endedBadge : undefined}>
              {phase === 'ended' ? t('pack.ended') : t('pack.soldOut')}
            </span>
          </div>
        )}
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>{pack.name}</Heading>
        <div className={styles.row}>
          <span className={`${styles.price} ${isCoin ? styles.priceCoin : ''}`}>
            {isCoin ? <CoinIcon size={20} /> : <GemIcon size={20} />}
            <span className="num">{formatGems(pack.point)}</span>
            <span className={styles.unit}>{isCoin ? t('pack.coinUnit') : t('pack.gemUnit')}</span>
            <span className={styles.per}>{t('pack.perPlay')}</span>
          </span>
        </div>
        <div className={styles.stock}>
          <div className={styles.stockText}>
            <span>{t('pack.remaining')}</span>
            <span className="num">
              <strong>{formatGems(pack.pack_count)}</strong> / {formatGems(pack.total_pack_count)}
            </span>
          </div>
          <div
            className={styles.meter}
            role="meter"
            aria-label={t('pack.remaining')}
            aria-valuemin={0}
            aria-valuemax={pack.total_pack_count}
            aria-valuenow={pack.pack_count}
          >
            <span className={`${styles.fill} ${low ? styles.fillLow : ''}`} style={{ width: `${ratio}%` }} />
          </div>
        </div>
        {pack.format_end_date && (
          <p className={styles.end}>
            {t('pack.endsOn', { date: formatDate(pack.format_end_date, currentLang()) })}
          </p>
        )}
      </div>
    </Link>
  );
});
