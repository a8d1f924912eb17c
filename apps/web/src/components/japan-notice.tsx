import type { ReactNode } from 'react';
import { useCatalogue } from '../lib/i18n.ts';
import styles from './japan-notice.module.css';

interface JapanNoticeProps {
  /** Japan is chosen (or is the member's country): the notice shows. */
  show: boolean;
  /** The lead-in before the catalogue's text, in the page's words. */
  lead: string;
  /** More after the text (a link to ask for a change of address). */
  children?: ReactNode;
  /** 'field': right under a form field; 'page': a block at the top of a page, spaced from what follows. */
  placement?: 'field' | 'page';
}

/**
 * "Shipping to Japan is not available, so please do not make a deposit." (spec §4 isJp, the catalogue's
 * buy_from_japan, the same text POST /user/point/buy answers): said before the member reaches a payment — next
 * to the country field once Japan is chosen, and at the top of Buy gems for a member whose address is in Japan.
 * The region is always there and polite (role="status"), so choosing Japan is announced without moving focus;
 * it is empty while another country is chosen.
 */
export function JapanNotice({ show, lead, children, placement = 'field' }: JapanNoticeProps) {
  const msg = useCatalogue();
  return (
    <div role="status">
      {show && (
        <div className={`${styles.notice} ${styles[placement]}`} data-testid="japan-notice">
          <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M12 3 2 20h20L12 3Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <path d="M12 10v4.5M12 17.2v.3" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <div className={styles.body}>
            <p className={styles.text}>
              <strong>{lead}</strong> {msg('buy_from_japan')}
            </p>
            {children}
          </div>
        </div>
      )}
    </div>
  );
}
