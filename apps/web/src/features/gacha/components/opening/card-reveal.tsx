import { useTranslation } from 'react-i18next';
import type { ResultCard } from '@gacha/contract/draws';
import { RarityBadge } from '../../../../components/rarity-badge.tsx';
import { formatGems } from '../../../../lib/format.ts';
import { rarityTier } from '../../opening.ts';
import { Particles } from './particles.tsx';
import styles from './opening.module.css';

export type CardStage = 'down' | 'flipping' | 'open';

/** What the opening shows of a card: a won item's (ResultCard), or a practice draw's, which has no history id. */
export type OpeningCard = Pick<
  ResultCard,
  | 'action_type'
  | 'rarity'
  | 'rarity_label'
  | 'image'
  | 'name'
  | 'model_number'
  | 'num'
  | 'buy_point'
  | 'is_last_one'
>;

interface CardRevealProps {
  card: OpeningCard;
  index: number;
  total: number;
  stage: CardStage;
  /** Skipped: the card turns without the flip animation. */
  instant: boolean;
  reduced: boolean;
  onTap: () => void;
}

/** One won card: face down, flipping 300 ms after it mounts (a tap turns it at once), then its info. */
export function CardReveal({ card, index, total, stage, instant, reduced, onTap }: CardRevealProps) {
  const { t } = useTranslation('gacha');
  const tier = rarityTier(card.rarity);
  const turned = stage !== 'down';
  return (
    <div className={styles.cardArea} data-tier={tier}>
      <p className={styles.progress}>{t('opening.progress', { index: index + 1, total })}</p>
      <div className={styles.cardStage}>
        <div className={styles.cardAura} data-on={stage === 'open' || undefined} />
        {!reduced && (
          <Particles
            tier={tier}
            trigger={stage === 'open' && tier !== 'common' && tier !== 'glow' ? index + 1 : 0}
            className={styles.cardParticles}
            scale={0.55}
          />
        )}
        <button
          type="button"
          className={styles.card3d}
          data-turned={turned || undefined}
          data-instant={instant || reduced || undefined}
          onClick={onTap}
          aria-label={stage === 'open' ? card.name : t('opening.tapCard', { index: index + 1, total })}
          data-testid="opening-card"
        >
          <span className={styles.cardInner}>
            <span className={styles.cardBack} aria-hidden="true">
              <span className={styles.cardBackMark} />
            </span>
            <span className={styles.cardFront}>
              {card.image ? <img src={card.image} alt="" draggable={false} /> : null}
            </span>
          </span>
        </button>
      </div>
      <div className={styles.info} aria-live="polite">
        {stage === 'open' && (
          <div className={styles.infoInner}>
            <div className={styles.infoTags}>
              <RarityBadge
                rarity={card.rarity}
                label={card.rarity_label}
                size="md"
                title={t('cards.rarity')}
              />
              {card.is_last_one === '1' && <span className={styles.tag}>{t('cards.lastOne')}</span>}
              {card.action_type === '2' && (
                <span className={`${styles.tag} ${styles.tagShip}`}>{t('choose.shipOnly')}</span>
              )}
            </div>
            <p className={styles.cardName}>{card.name}</p>
            <p className={styles.cardMeta}>
              {card.model_number && <span className="num">{card.model_number}</span>}
              {card.num > 1 && <span>{t('cards.setOf', { count: card.num })}</span>}
              {card.action_type !== '2' && (
                <span>{t('opening.worth', { gems: formatGems(card.buy_point) })}</span>
              )}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
