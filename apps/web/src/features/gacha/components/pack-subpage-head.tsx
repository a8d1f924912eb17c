import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './pack-subpage-head.module.css';

/**
 * The head of a page about one pack (its disclosure, draw record, verifier, room record): the crumbs Home › the
 * pack › this page, the page's title, and the pack's name under it once known.
 */
export function PackSubpageHead({
  back,
  packName,
  crumb,
  title,
}: {
  /** the pack's page */
  back: string;
  packName: string | undefined;
  crumb: string;
  title: string;
}) {
  const { t } = useTranslation('gacha');
  return (
    <>
      <nav className={styles.crumbs} aria-label={t('detail.breadcrumb')}>
        <Link to="/">{t('actions.home')}</Link>
        <span aria-hidden="true">›</span>
        <Link to={back}>{packName ?? t('verify.pack')}</Link>
        <span aria-hidden="true">›</span>
        <span aria-current="page">{crumb}</span>
      </nav>
      <h1 className="page-title">{title}</h1>
      {packName && <p className={styles.packName}>{packName}</p>}
    </>
  );
}
