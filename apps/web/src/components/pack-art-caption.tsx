import { useTranslation } from 'react-i18next';
import type { PackSummary } from '@gacha/contract/packs';
import { cardTypeName, useCardTypes } from '../lib/card-types.ts';
import { formatGems } from '../lib/format.ts';
import styles from './pack-art-caption.module.css';

/**
 * The words of a pack banner, written over its artwork in the page's language (the generated art carries
 * none): card type, pack name, price per play and number of lots, laid out on the art's empty left half.
 * A copy of what the card below says in full, so assistive technology skips it.
 */
export function PackArtCaption({ pack }: { pack: PackSummary }) {
  const { t } = useTranslation('packs');
  const isCoin = pack.payment_method === 2;
  const typeName = cardTypeName(useCardTypes().data, pack.card_type);
  return (
    <div className={styles.caption} aria-hidden="true">
      {typeName && <span className={styles.type}>{typeName}</span>}
      <span className={`${styles.name} phrase`}>{pack.name}</span>
      <span className={styles.bottom}>
        <span className={`${styles.price} ${isCoin ? styles.coin : ''}`}>
          <span className={styles.amount}>
            <span className="num">{formatGems(pack.point)}</span>{' '}
            {isCoin ? t('pack.coinUnit') : t('pack.gemUnit')}
          </span>
          <span className={styles.per}>{t('pack.perPlayArt')}</span>
        </span>
        <span className={styles.lots}>{t('pack.lots', { lots: formatGems(pack.total_pack_count) })}</span>
      </span>
    </div>
  );
}
