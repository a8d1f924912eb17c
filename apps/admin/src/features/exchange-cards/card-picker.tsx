import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { adminCardListSchema } from '@gacha/contract/admin';
import { cardListRoute, cardTypesRoute } from '@gacha/contract/routes/admin-catalogue';
import { Options } from '@gacha/client/components/options';
import type { z } from 'zod';
import { call, unwrap } from '../../lib/api.ts';
import { useLang } from '../../lib/i18n.ts';
import styles from './exchange-cards.module.css';

export type PickedCard = z.infer<typeof adminCardListSchema>['list'][number];

/**
 * Choosing the card to offer: a card type, then a page of its cards (GET /api/admin/cards?type&page) as radio
 * buttons with their picture, name, model number and rarity. The arrow keys move within a page; Previous and
 * Next turn the pages.
 */
export function CardPicker({
  value,
  onChange,
  error,
}: {
  value: PickedCard | null;
  onChange: (card: PickedCard) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const id = useId();
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);

  const types = useQuery({
    queryKey: ['admin', 'card-types'],
    queryFn: async () => unwrap(await call(cardTypesRoute, {})).list,
  });
  const cards = useQuery({
    queryKey: ['admin', 'cards', type, page],
    queryFn: async () => unwrap(await call(cardListRoute, { query: { type, page } })),
    placeholderData: keepPreviousData,
  });
  const name = (c: { name_en: string; name_ja: string }) =>
    lang === 'ja' ? c.name_ja || c.name_en : c.name_en;
  const list = cards.data?.list ?? [];
  const allPage = cards.data?.all_page ?? 1;

  return (
    <fieldset className={styles.picker} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('exchange.card')}</legend>
      <label className="filter">
        <span>{t('exchange.cardType')}</span>
        <select
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('exchange.allTypes')}</option>
          <Options
            of={types.data ?? []}
            value={(c) => c.id}
            label={(c) => (lang === 'ja' ? c.name_ja : c.name_en)}
          />
        </select>
      </label>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {cards.isError ? <p role="alert">{cards.error.message}</p> : null}
      {cards.isPending ? (
        <p className="loading">{t('console:common.loading')}</p>
      ) : list.length ? (
        <div className={styles.cardGrid} role="radiogroup" aria-label={t('exchange.card')}>
          {list.map((c) => (
            <label
              key={c.id}
              className={`${styles.cardOption}${value?.id === c.id ? ` ${styles.chosen}` : ''}`}
            >
              <input
                type="radio"
                name="card_id"
                value={c.id}
                checked={value?.id === c.id}
                onChange={() => onChange(c)}
                aria-invalid={!!error}
              />
              {c.image_url ? (
                <img src={c.image_url} alt="" loading="lazy" className={styles.cardThumb} />
              ) : null}
              <span className={styles.cardText}>
                <span className={styles.cardName}>{name(c)}</span>
                <span className="muted">
                  #{c.id} · {c.model_number || '—'} · {c.rarity_label || `R${c.rarity}`}
                </span>
              </span>
            </label>
          ))}
        </div>
      ) : (
        <p className="muted">{t('exchange.noCards')}</p>
      )}
      {allPage > 1 ? (
        <nav className="pager" aria-label={t('exchange.cardPages')}>
          <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('console:pager.previous')}
          </button>
          <span aria-live="polite">{t('console:pager.pageOf', { page, count: allPage })}</span>
          <button type="button" disabled={page >= allPage} onClick={() => setPage((p) => p + 1)}>
            {t('console:pager.next')}
          </button>
        </nav>
      ) : null}
      {value ? (
        <p className={styles.picked}>{t('exchange.picked', { name: name(value), id: value.id })}</p>
      ) : null}
    </fieldset>
  );
}
