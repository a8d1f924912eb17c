import type { ReactNode } from 'react';
import { artImage, SIZES } from '../lib/art-image.ts';
import { RarityBadge } from './rarity-badge.tsx';
import styles from './won-item-list.module.css';

export interface WonItem {
  key: string | number;
  image: string;
  name: string;
  model_number: string;
  rarity: number;
  rarity_label: string;
  /** Set size text ("Set of 3"), given by the caller when the set size is above 1 (spec §3). */
  numLabel?: string;
  /** Right-hand text (gems, a status). */
  aside?: ReactNode;
}

interface WonItemListProps {
  items: readonly WonItem[];
  /** Accessible name of the list. */
  label: string;
  empty?: ReactNode;
}

/**
 * A card as a line: its picture, name, rarity, model number and set size (two boxes, for the row or cell around
 * them to lay out: the won items here, the exchanges of the buying history).
 */
export function CardLine({
  card,
}: {
  card: Pick<WonItem, 'image' | 'name' | 'model_number' | 'rarity' | 'rarity_label' | 'numLabel'>;
}) {
  return (
    <>
      <span className={styles.thumb}>
        {card.image ? (
          <img {...artImage(card.image, SIZES.thumb)} alt="" loading="lazy" decoding="async" />
        ) : null}
      </span>
      <span className={styles.text}>
        <span className={styles.name}>{card.name}</span>
        <span className={styles.meta}>
          <RarityBadge rarity={card.rarity} label={card.rarity_label} />
          {card.model_number && <span className={styles.model}>{card.model_number}</span>}
          {card.numLabel && <span className={styles.num}>{card.numLabel}</span>}
        </span>
      </span>
    </>
  );
}

/** Won items as compact rows: picture, name, model number, rarity, set size and an aside. */
export function WonItemList({ items, label, empty }: WonItemListProps) {
  if (!items.length) return empty ? <p className={styles.empty}>{empty}</p> : null;
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className={styles.row}>
          <CardLine card={item} />
          {item.aside !== undefined && <span className={styles.aside}>{item.aside}</span>}
        </li>
      ))}
    </ul>
  );
}
