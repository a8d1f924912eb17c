import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from '../pages/payments.module.css';

interface ResultViewProps {
  variant: 'success' | 'failure' | 'pending';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** The shared look of the payment result pages: an icon, a heading, the text and the buttons. */
export function ResultView({ variant, title, children, actions }: ResultViewProps) {
  const icon = variant === 'success' ? '✓' : variant === 'failure' ? '!' : '…';
  return (
    <div className={`page ${styles.narrow}`}>
      <section
        className={`${styles.panel} ${styles.result}`}
        role={variant === 'failure' ? 'alert' : 'status'}
        data-testid={`payment-result-${variant}`}
      >
        <span
          className={`${styles.resultIcon} ${variant === 'failure' ? styles.resultFail : ''} ${
            variant === 'pending' ? styles.resultPending : ''
          }`}
          aria-hidden="true"
        >
          {icon}
        </span>
        <h1>{title}</h1>
        {children}
      </section>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

/** The buttons under a failed payment: try again on the buy-gems page, or go to the top. */
export function RetryActions() {
  const { t } = useTranslation('payments');
  return (
    <>
      <Link className="btn btn-primary" to="/buy-point">
        {t('common.buyMore')}
      </Link>
      <Link className="btn btn-secondary" to="/">
        {t('common.toTop')}
      </Link>
    </>
  );
}

/** The page while a return is being confirmed. */
export function Checking({ text }: { text: string }) {
  return (
    <div className={`page ${styles.narrow}`}>
      <p className={styles.empty} aria-busy="true" role="status">
        {text}
      </p>
    </div>
  );
}
