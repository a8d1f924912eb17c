import { useTranslation } from 'react-i18next';
import type { ExchangeCard } from '@gacha/contract/exchange';
import { CoinIcon } from '../../../components/currency-icons.tsx';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { formatGems } from '../../../lib/format.ts';
import styles from './exchange-card-tile.module.css';

interface TileProps {
  card: ExchangeCard;
  onExchange: (card: ExchangeCard) => void;
  lazy: boolean;
}

/** One exchange card (spec §2): image, name, model number, rarity, coin price (sub_coin), stock, Exchange. */
export function ExchangeCardTile({ card, onExchange, lazy }: TileProps) {
  const { t } = useTranslation('coins');
  const soldOut = card.stock < 1;
  return (
    <article className={styles.tile} aria-labelledby={`exchange-card-${card.id}`}>
      <div className={styles.media}>
        {card.image ? (
          <img
            src={card.image}
            alt=""
            width={630}
            height={880}
            loading={lazy ? 'lazy' : 'eager'}
            decoding="async"
          />
        ) : null}
      </div>
      <div className={styles.body}>
        <h3 id={`exchange-card-${card.id}`} className={`${styles.name} phrase`}>
          {card.name}
        </h3>
        <p className={styles.meta}>
          <RarityBadge rarity={card.rarity} label={card.rarity_label} title={t('exchange.rarity')} />
          <span className={styles.model}>
            <span className="visually-hidden">{t('exchange.modelNumber')}: </span>
            {card.model_number}
          </span>
        </p>
        <p className={styles.price}>
          <CoinIcon size={20} />
          <span className="num">{formatGems(card.sub_coin)}</span>
          <span className={styles.unit}>{t('exchange.coinUnit')}</span>
        </p>
        <p className={`${styles.stock} ${card.stock <= 1 ? styles.low : ''}`}>
          {soldOut
            ? t('exchange.outOfStock')
            : card.stock === 1
              ? t('exchange.lastOne')
              : t('exchange.stock', { count: card.stock })}
        </p>
        <button
          type="button"
          className={`btn btn-primary btn-block ${styles.button}`}
          disabled={soldOut}
          aria-label={t('exchange.exchangeNamed', { name: card.name, coins: formatGems(card.sub_coin) })}
          onClick={() => onExchange(card)}
        >
          {t('exchange.exchange')}
        </button>
      </div>
    </article>
  );
}
