import { useTranslation } from 'react-i18next';
import type { ExchangeCard } from '@gacha/contract/exchange';
import { CoinIcon } from '../../../components/currency-icons.tsx';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { formatCoinTenths, formatGems } from '../../../lib/format.ts';
import styles from './exchange-card-tile.module.css';

interface TileProps {
  card: ExchangeCard;
  onExchange: (card: ExchangeCard) => void;
  lazy: boolean;
  /** The member's coins in tenths; null for a guest. */
  coinTenths: number | null;
}

/**
 * One exchange card (spec §2): image, name, model number, rarity, coin price (sub_coin), stock, Exchange. One rule
 * for the button: it is off when the exchange cannot happen — out of stock, or more coins than the member holds
 * (then it says how many more) — and on otherwise; a guest's leads to login.
 */
export function ExchangeCardTile({ card, onExchange, lazy, coinTenths }: TileProps) {
  const { t } = useTranslation('coins');
  const soldOut = card.stock < 1;
  const shortTenths = coinTenths === null ? 0 : Math.max(0, card.sub_coin * 10 - coinTenths);
  const reasonId = `exchange-card-${card.id}-reason`;
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
        <h2 id={`exchange-card-${card.id}`} className={`${styles.name} phrase`}>
          {card.name}
        </h2>
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
        {!soldOut && shortTenths > 0 && (
          <p id={reasonId} className={styles.short}>
            {t('exchange.coinsShort', { coins: formatCoinTenths(shortTenths) })}
          </p>
        )}
        <button
          type="button"
          className={`btn btn-primary btn-block ${styles.button}`}
          disabled={soldOut || shortTenths > 0}
          aria-label={t('exchange.exchangeNamed', { name: card.name, coins: formatGems(card.sub_coin) })}
          aria-describedby={!soldOut && shortTenths > 0 ? reasonId : undefined}
          onClick={() => onExchange(card)}
        >
          {t('exchange.exchange')}
        </button>
      </div>
    </article>
  );
}
