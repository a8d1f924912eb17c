import { useTranslation } from 'react-i18next';
import type { ExchangeCard, ExchangeCheckResult, ExchangeResult } from '@gacha/contract/exchange';
import { CoinIcon } from '../../../components/currency-icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { formatCoins } from '../../../lib/format.ts';
import styles from './exchange-modals.module.css';

/** The card as the modals show it: image, name, model number and rarity. */
function CardSummary({ card, large = false }: { card: ExchangeCard; large?: boolean }) {
  const { t } = useTranslation('coins');
  return (
    <div className={`${styles.card} ${large ? styles.large : ''}`}>
      {card.image ? <img src={card.image} alt="" width={630} height={880} /> : <span />}
      <div className={styles.cardText}>
        <p className={styles.name}>{card.name}</p>
        <p className={styles.model}>
          <span className="visually-hidden">{t('exchange.modelNumber')}: </span>
          {card.model_number}
        </p>
        <RarityBadge rarity={card.rarity} label={card.rarity_label} title={t('exchange.rarity')} size="md" />
      </div>
    </div>
  );
}

interface ConfirmProps {
  card: ExchangeCard | null;
  check: ExchangeCheckResult | null;
  pending: boolean;
  onNo: () => void;
  onConfirm: () => void;
}

/**
 * 'Use coin' (spec §2 Exchange card): coins held, coins after (held − sub_coin × change_num, as the check
 * answered), the shipping note, No and Confirm exchange.
 */
export function ExchangeConfirmModal({ card, check, pending, onNo, onConfirm }: ConfirmProps) {
  const { t } = useTranslation('coins');
  const open = card !== null && check !== null;
  return (
    <Modal
      open={open}
      title={t('exchange.confirmTitle')}
      onClose={onNo}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onNo}>
            {t('exchange.no')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onConfirm}
            disabled={pending}
            data-autofocus
          >
            {t('exchange.confirm')}
          </button>
        </>
      }
    >
      {card && check && (
        <>
          <CardSummary card={card} />
          <dl className={styles.facts}>
            <div>
              <dt>{t('exchange.coinsHeld')}</dt>
              <dd>
                <CoinIcon size={16} />
                <span className="num">{formatCoins(check.coin)}</span>
              </dd>
            </div>
            <div className={styles.spend}>
              <dt>{t('exchange.coinsUsed')}</dt>
              <dd>
                <span className="num">−{formatCoins(check.sub_coin * check.change_num)}</span>
              </dd>
            </div>
            <div className={styles.after}>
              <dt>{t('exchange.coinsAfter')}</dt>
              <dd>
                <CoinIcon size={16} />
                <span className="num">{formatCoins(check.coin_after)}</span>
              </dd>
            </div>
          </dl>
          <p className={styles.note}>{t('exchange.shipNote')}</p>
        </>
      )}
    </Modal>
  );
}

/** 'Card has been exchanged.' with the card's image, name, model number and rarity. */
export function ExchangeDoneModal({ done, onClose }: { done: ExchangeResult | null; onClose: () => void }) {
  const { t } = useTranslation('coins');
  return (
    <Modal
      open={done !== null}
      title={t('exchange.doneTitle')}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          {t('common:actions.ok')}
        </button>
      }
    >
      {done && (
        <>
          <CardSummary card={done.card} large />
          <p className={styles.note}>{t('exchange.doneNote', { coins: formatCoins(done.coin) })}</p>
        </>
      )}
    </Modal>
  );
}
