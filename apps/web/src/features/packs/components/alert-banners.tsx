import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../../components/chevron-icon.tsx';
import { useBanners } from '../api/get-banners.ts';
import looks from '@gacha/client/styles/looks.module.css';
import notice from '@gacha/client/styles/notice.module.css';
import styles from './alert-banners.module.css';

interface AlertProps {
  tone: 'info' | 'warn';
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
}

function CollapsibleAlert({ tone, title, children, defaultOpen = false }: AlertProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const { t } = useTranslation('packs');
  return (
    <div className={`${notice.notice} ${notice[tone]}`}>
      <button
        type="button"
        className={`${notice.head} ${styles.head}`}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={tone === 'info' ? looks.infoMark : looks.warnMark} aria-hidden="true">
          {tone === 'info' ? 'i' : '!'}
        </span>
        <span className={notice.title}>{title}</span>
        <span className={`${notice.toggle} ${styles.toggle}`}>
          {open ? t('alerts.hide') : t('alerts.show')}
          <ChevronIcon
            direction="down"
            size={16}
            weight={2.4}
            className={open ? styles.chevronOpen : styles.chevron}
          />
        </span>
      </button>
      <div id={bodyId} className={`${notice.body} ${styles.body}`} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

/**
 * Collapsible notices above the tabs (spec §2), from GET /user/banners (staff keep them: the monthly
 * exchange-rate update, the customs note, …). A notice's text is plain text: each line a paragraph, the lines
 * after the first in the smaller note style. While the answer is on its way their place is held; without
 * notices (none live, or the call failed) nothing is shown.
 */
export function AlertBanners() {
  const { data, isPending } = useBanners();
  if (isPending) return <div className={`${styles.stack} ${styles.waiting}`} aria-hidden="true" />;
  if (!data?.alerts.length) return null;
  return (
    <div className={styles.stack}>
      {data.alerts.map((alert) => (
        <CollapsibleAlert key={alert.id} tone={alert.tone === 'warn' ? 'warn' : 'info'} title={alert.title}>
          {alert.text
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
            .map((line, i) => (
              <p key={i} className={i > 0 ? notice.note : undefined}>
                {line}
              </p>
            ))}
        </CollapsibleAlert>
      ))}
    </div>
  );
}
