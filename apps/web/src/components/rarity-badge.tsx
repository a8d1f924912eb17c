import styles from './rarity-badge.module.css';

interface RarityBadgeProps {
  /** 1–7 (spec §3). */
  rarity: number;
  /** The pack's label for it (C, R, SR, UR …). */
  label: string;
  /** Accessible prefix, e.g. "Rarity". */
  title?: string;
  size?: 'sm' | 'md';
}

/** The rarity of a card as a coloured badge: grey, green, blue, cyan, gold, rainbow, legendary. */
export function RarityBadge({ rarity, label, title, size = 'sm' }: RarityBadgeProps) {
  const r = Math.min(7, Math.max(1, Math.round(rarity) || 1));
  return (
    <span
      className={`${styles.badge} ${styles[`r${r}`]} ${size === 'md' ? styles.md : ''}`}
      title={title ? `${title}: ${label}` : undefined}
    >
      {title && <span className="visually-hidden">{title}: </span>}
      {label || r}
    </span>
  );
}
