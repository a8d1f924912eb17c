import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { useCatalogue } from '../../../lib/i18n.ts';
import styles from './referral-block.module.css';

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // older browsers or no permission: fall back to a selection copy
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** The referral program block of My page (spec §2): the member's code and Copy ('Referral Code copied'). */
export function ReferralBlock({ code }: { code: string }) {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const [copied, setCopied] = useState(false);
  return (
    <section id="referral" className={`card ${styles.block}`} aria-labelledby="referral-title" tabIndex={-1}>
      <h2 id="referral-title" className={styles.title}>
        {t('referral.title')}
      </h2>
      <p className={styles.text}>{t('referral.text')}</p>
      <div className={styles.row}>
        <div className={styles.codeBox}>
          <span className={styles.label}>{t('referral.code')}</span>
          <span className={styles.code} data-testid="referral-code">
            {code}
          </span>
        </div>
        <button
          type="button"
          className="btn btn-dark"
          onClick={() => void copyText(code).finally(() => setCopied(true))}
        >
          {t('referral.copy')}
        </button>
      </div>
      <AlertModal open={copied} onOk={() => setCopied(false)}>
        {msg('referral_copied')}
      </AlertModal>
    </section>
  );
}
