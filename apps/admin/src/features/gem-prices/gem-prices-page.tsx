import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/me.ts';
import { CampaignsSection } from './campaigns-section.tsx';
import { CoursesSection } from './courses-section.tsx';
import { FxSection } from './fx-section.tsx';
import styles from './gem-prices.module.css';

/**
 * /admin/gem-prices: what Buy gems sells and for how much — the monthly dollar rate, the campaign discounts and
 * the price courses (hidden ones only for members a coupon unlocks them for; withdrawn ones kept for their
 * payments; rate "100" a free grant). A role with catalogue.write changes them; everyone else reads.
 */
export function GemPricesPage() {
  const { t } = useTranslation(['shop', 'console']);
  const canWrite = useCan()('catalogue.write');
  return (
    <>
      <h1>{t('gemPrices.title')}</h1>
      <nav className={styles.jump} aria-label={t('gemPrices.jump')}>
        <a href="#courses">{t('gemPrices.courses.title')}</a>
        <a href="#campaigns">{t('gemPrices.campaigns.title')}</a>
        <a href="#fx">{t('gemPrices.fx.title')}</a>
      </nav>
      {!canWrite ? <p className="note note-warn">{t('console:common.readOnly')}</p> : null}
      <CoursesSection canWrite={canWrite} />
      <CampaignsSection canWrite={canWrite} />
      <FxSection canWrite={canWrite} />
    </>
  );
}
