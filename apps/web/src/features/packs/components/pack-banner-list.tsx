import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../../components/chevron-icon.tsx';
import { PackBanner } from '../../../components/pack-banner.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useNow } from '../../../lib/use-now.ts';
import { usePackList } from '../api/get-pack-list.ts';
import { orderPacks, visiblePacks } from '../pack-state.ts';
import { PackListSkeleton } from './pack-list-skeleton.tsx';
import styles from './pack-banner-list.module.css';

/** The pack banners of one card type (GET /user/pack/all_list/{type}/1), upcoming packs first. */
export function PackBannerList({ type }: { type: number }) {
  const { t } = useTranslation('packs');
  const { data, isPending, isError, refetch } = usePackList(type, 1);
  const now = useNow(1000);
  const [expanded, setExpanded] = useState(false);
  const hydrated = useHydrated();

  if (isPending) return <PackListSkeleton />;

  if (isError) {
    return (
      <div className={styles.empty} role="alert">
        <p>{t('list.error')}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void refetch()}>
          {t('list.retry')}
        </button>
      </div>
    );
  }

  const packs = orderPacks(data.list, now);
  if (packs.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{t('list.empty')}</p>
      </div>
    );
  }

  const { visible, hidden, collapsible } = visiblePacks(packs, now, expanded);

  return (
    <div>
      <ul className={styles.grid}>
        {visible.map((pack, i) => (
          <li key={pack.id}>
            <PackBanner pack={pack} lazy={i >= 2} />
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        {collapsible && (
          <button
            type="button"
            className="btn btn-secondary"
            aria-expanded={expanded}
            disabled={!hydrated}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? t('list.showLatest') : t('list.showRest', { count: hidden })}
            <ChevronIcon
              direction="down"
              size={16}
              weight={2.4}
              style={{ transform: expanded ? 'rotate(180deg)' : undefined }}
            />
          </button>
        )}
        {data.all_page > 1 && (
          <Link to={`/pack-list?index=${type}`} className="btn btn-dark">
            {t('list.seeAll')}
          </Link>
        )}
      </div>
    </div>
  );
}

export default PackBannerList;
