import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PackBanner } from '../../../components/pack-banner.tsx';
import { Pager } from '../../../components/pager.tsx';
import { cardTypeName, useCardTypes } from '../../../lib/card-types.ts';
import { useNow } from '../../../lib/use-now.ts';
import { usePackList } from '../api/get-pack-list.ts';
import { orderPacks } from '../pack-state.ts';
import listStyles from '../components/pack-banner-list.module.css';

/** /pack-list?index={cardTypeId}: the paged pack list titled with the card type name (spec §2). */
export function PackListPage() {
  const { t } = useTranslation('packs');
  const [params, setParams] = useSearchParams();
  const type = Number(params.get('index') ?? '0') || 0;
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const { data, isPending, isError } = usePackList(type, page, type !== 0);
  const { data: types } = useCardTypes();
  const now = useNow(1000);
  const title = data?.card_type?.name || cardTypeName(types, type) || t('list.title');

  return (
    <div className="page">
      <nav className="visually-hidden" aria-label={t('list.breadcrumb')}>
        <Link to="/">{t('top.home')}</Link>
      </nav>
      <h1 className="page-title">{title}</h1>
      {isPending && type !== 0 ? (
        <div className={listStyles.grid} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className={listStyles.skeleton} />
          ))}
        </div>
      ) : isError || !data || data.list.length === 0 ? (
        <div className={listStyles.empty}>
          <p>{isError ? t('list.error') : t('list.empty')}</p>
          <Link to="/" className="btn btn-secondary btn-sm">
            {t('top.home')}
          </Link>
        </div>
      ) : (
        <>
          <ul className={listStyles.grid}>
            {orderPacks(data.list, now).map((pack, i) => (
              <li key={pack.id}>
                <PackBanner pack={pack} lazy={i >= 3} headingLevel={2} />
              </li>
            ))}
          </ul>
          <Pager
            page={data.page}
            allPage={data.all_page}
            pages={data.pages}
            onChange={(p) => setParams({ index: String(type), page: String(p) })}
          />
        </>
      )}
    </div>
  );
}

export default PackListPage;
