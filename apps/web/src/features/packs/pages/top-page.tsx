import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/tabs.tsx';
import { AlertBanners } from '../components/alert-banners.tsx';
import { BannerStatic } from '../components/banner-slide.tsx';
import { PackListSkeleton } from '../components/pack-list-skeleton.tsx';
import { usePackList } from '../api/get-pack-list.ts';
import { useCardTypes } from '../../../lib/card-types.ts';
import { HOW_TO_TAB, parseTab, RECORD_TAB, TAB_PARAM, topTabs } from '../top-tabs.ts';
import styles from './top-page.module.css';

// Below-the-fold and non-default parts load after the first paint (Top page budget: 150 KB gzip).
const BannerCarousel = lazy(() => import('../components/banner-carousel.tsx'));
const HowToPlay = lazy(() => import('../components/how-to-play.tsx'));
const RecordBoard = lazy(() => import('../components/record-board.tsx'));
const PackBannerList = lazy(() => import('../components/pack-banner-list.tsx'));

/** Top (/): banner carousel, notices, and the tabs; the selected tab is kept in the URL (?tab=). */
export function TopPage() {
  const { t } = useTranslation('packs');
  const [params, setParams] = useSearchParams();
  const { data: types, isError } = useCardTypes();
  // the card types name the tabs; until they are in, only a fixed tab asked for by name can show
  const asked = Number(params.get(TAB_PARAM));
  const fixed = asked === HOW_TO_TAB || asked === RECORD_TAB;
  const tab = types ? parseTab(params.get(TAB_PARAM), types) : fixed || isError ? HOW_TO_TAB : null;
  // start the pack request at once, while the list's code is still on its way
  usePackList(tab ?? 0, 1, tab !== null && tab > 0);

  const select = (id: number) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(TAB_PARAM, String(id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className={styles.top}>
      <h1 className="visually-hidden">{t('top.heading')}</h1>
      <Suspense fallback={<BannerStatic />}>
        <BannerCarousel />
      </Suspense>
      <div className={styles.content}>
        <AlertBanners />
        <section className={styles.tabs} aria-labelledby="top-tabs-heading">
          {/* the packs' names below are h3s: this h2 keeps the headings in order */}
          <h2 id="top-tabs-heading" className="visually-hidden">
            {t('top.tabsSection')}
          </h2>
          {tab === null ? (
            <PackListSkeleton />
          ) : (
            <Tabs
              items={topTabs(types ?? [], t)}
              value={tab}
              onChange={select}
              label={t('top.tabsLabel')}
              idBase="top"
            >
              <Suspense fallback={tab > 0 ? <PackListSkeleton /> : <div className={styles.panelFallback} />}>
                {tab === HOW_TO_TAB ? (
                  <HowToPlay />
                ) : tab === RECORD_TAB ? (
                  <RecordBoard />
                ) : (
                  <PackBannerList key={tab} type={tab} />
                )}
              </Suspense>
            </Tabs>
          )}
        </section>
      </div>
    </div>
  );
}
