import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PackCheckResult } from '@gacha/contract/draws';
import { Modal } from '../../../components/modal.tsx';
import { PurchaseSummary } from './purchase-summary.tsx';
import styles from './purchase-modals.module.css';

interface ConfirmModalProps {
  check: PackCheckResult | null;
  packName: string;
  onYes: () => void;
  onNo: () => void;
  busy: boolean;
}

/** The purchase confirm modal (spec §2): count, amount, balance before and after; coin packs warn. */
export function PurchaseConfirmModal({ check, packName, onYes, onNo, busy }: ConfirmModalProps) {
  const { t } = useTranslation('gacha');
  return (
    <Modal
      open={check !== null}
      title={t('confirm.title')}
      onClose={onNo}
      dismissible={!busy}
      size="md"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onNo} disabled={busy}>
            {t('confirm.no')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onYes} disabled={busy} data-autofocus>
            {t('confirm.yes')}
          </button>
        </>
      }
    >
      {check && (
        <div className={styles.body}>
          <p className={styles.pack}>{packName}</p>
          <PurchaseSummary check={check} />
          {check.currency === 'coin' && (
            <p className={styles.warning} role="note">
              {t('detail.coinWarning')}
            </p>
          )}
          <p className={styles.question}>{t('confirm.question')}</p>
        </div>
      )}
    </Modal>
  );
}

/**
 * 'Not enough gems' (the spec's 'Not enough points', named as the shop names its currency; YES → /buy-point,
 * NO closes) and 'Not enough coins' (only closes), spec §2 and §8.
 */
export function NotEnoughModal({
  currency,
  onClose,
}: {
  currency: 'gem' | 'coin' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('gacha');
  const navigate = useNavigate();
  const gems = currency === 'gem';
  return (
    <Modal
      open={currency !== null}
      title={gems ? t('notEnough.pointsTitle') : t('notEnough.coinsTitle')}
      onClose={onClose}
      role="alertdialog"
      footer={
        gems ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('notEnough.no')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => navigate('/buy-point')}
              data-autofocus
            >
              {t('notEnough.yes')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
            {t('notEnough.close')}
          </button>
        )
      }
    >
      <p>{gems ? t('notEnough.pointsText') : t('notEnough.coinsText')}</p>
    </Modal>
  );
}
