import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackCard } from '@gacha/contract/packs';
import { Modal } from '../../../components/modal.tsx';
import { Pager } from '../../../components/pager.tsx';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { artImage, SIZES } from '../../../lib/art-image.ts';
import { useAfterIdle } from '../../../lib/idle.ts';
import { usePackCards } from '../api/get-pack-cards.ts';
import styles from './pack-card-list.module.css';

/** The pack's prizes, 20 a page, best first; a click opens the card popup (name, model number, rarity). */
export function PackCardList({ packId }: { packId: string }) {
  const { t } = useTranslation('gacha');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData } = usePackCards(packId, page, useAfterIdle());
  const [open, setOpen] = useState<PackCard | null>(null);

  if (isPending) return <div className={styles.skeleton} aria-busy="true" />;
  if (isError) return <p className={styles.note}>{t('cards.error')}</p>;
  if (!data.list.length) return <p className={styles.note}>{t('cards.empty')}</p>;

  return (
    <div aria-busy={isPlaceholderData || undefined}>
      <ul className={styles.grid}>
        {data.list.map((card, i) => (
          <li key={`${card.model_number}-${card.name}-${i}`}>
            <button
              type="button"
              className={styles.card}
              onClick={() => setOpen(card)}
              aria-haspopup="dialog"
            >
              <span className={styles.imageWrap}>
                <img
                  {...artImage(card.image_url, SIZES.card)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className={styles.image}
                />
                {card.is_last_one && <span className={styles.lastOne}>{t('cards.lastOne')}</span>}
              </span>
              <span className={styles.caption}>
                {/* the button's name is what it shows, then what it does (label-content-name-mismatch) */}
                <RarityBadge rarity={card.rarity} label={card.rarity_label} />{' '}
                <span className={styles.name}>{card.name}</span>
                <span className="visually-hidden">{t('cards.openHint')}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Pager page={data.page} allPage={data.all_page} pages={data.pages} onChange={setPage} />
      <Modal open={open !== null} title={open?.name ?? ''} onClose={() => setOpen(null)} size="md">
        {open && (
          <div className={styles.popup}>
            <img
              {...artImage(open.image_url, SIZES.packImage)}
              alt={open.name}
              className={styles.popupImage}
            />
            <dl className={styles.facts}>
              <div>
                <dt>{t('cards.name')}</dt>
                <dd>{open.name}</dd>
              </div>
              <div>
                <dt>{t('cards.modelNumber')}</dt>
                <dd className="num">{open.model_number || '—'}</dd>
              </div>
              <div>
                <dt>{t('cards.rarity')}</dt>
                <dd>
                  <RarityBadge rarity={open.rarity} label={open.rarity_label} size="md" />
                </dd>
              </div>
              {open.is_last_one && (
                <div>
                  <dt>{t('cards.prize')}</dt>
                  <dd>{t('cards.lastOneLong')}</dd>
                </div>
              )}
            </dl>
          </div>
        )}
      </Modal>
    </div>
  );
}
