import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../lib/format.ts';
import { taxIncluded } from '../../../lib/tax.ts';
import styles from '../pages/payments.module.css';

/** '(incl. tax ¥X)' / '（内消費税 ¥X）' after a yen price being confirmed (DOMAIN.md Units; lib/tax.ts). */
export function TaxNote({ price }: { price: number }) {
  const { t } = useTranslation('payments');
  return (
    <span className={styles.tax} data-testid="tax-note">
      {t('common.taxIncluded', { tax: formatYen(taxIncluded(price)) })}
    </span>
  );
}
