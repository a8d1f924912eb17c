import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autoplay from 'embla-carousel-autoplay';
import { Carousel } from '../../../components/carousel.tsx';
import { whenIdle } from '../../../lib/idle.ts';
import { useCarousel } from '../../../lib/use-carousel.ts';
import { useBanners, type TopBanner } from '../api/get-banners.ts';
import { bannerTiming, emblaDurationForMs } from '../banner-timing.ts';
import { BannerSlide, BannerStatic } from './banner-slide.tsx';
import styles from './banner-carousel.module.css';

const timing = bannerTiming(import.meta.env);
const emblaDuration = emblaDurationForMs(timing.durationMs);

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The Top carousel (spec §2): the banners live now from GET /user/banners (staff keep them; the server swaps
 * banner 1 for the campaign picture inside its window), with desktop and mobile images. Until the answer is in,
 * the static placeholder holds the place; without banners (none live, or the call failed) nothing is shown.
 */
export function BannerCarousel() {
  const { data } = useBanners();
  if (!data) return <BannerStatic />;
  return data.top.length ? <Rotating banners={data.top} /> : null;
}

/**
 * The banners auto-rotating (VITE_BANNER_DELAY_MS, default 2500 ms per image; VITE_BANNER_DURATION_MS, default
 * 800 ms transition), with dots, arrows at ≤ 768 px and a pause button.
 */
function Rotating({ banners }: { banners: readonly TopBanner[] }) {
  const { t } = useTranslation('packs');
  const autoplay = useMemo(
    () =>
      Autoplay({
        delay: timing.delayMs,
        // started below once the page is idle: the first paint and hydration come first
        playOnInit: false,
        stopOnInteraction: false,
        stopOnMouseEnter: true,
        stopOnFocusIn: true,
      }),
    [],
  );
  const carousel = useCarousel({ loop: true, duration: emblaDuration }, [autoplay]);
  const { embla } = carousel;
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    const plugin = embla?.plugins().autoplay;
    if (!plugin) return undefined;
    if (!playing) {
      plugin.stop();
      return undefined;
    }
    return whenIdle(() => plugin.play());
  }, [embla, playing]);

  return (
    <Carousel
      ns="packs"
      label={t('carousel.label')}
      slides={banners.map((banner) => String(banner.id))}
      carousel={carousel}
      styles={styles}
      renderSlide={(i, active) => <BannerSlide banner={banners[i]!} eager={i === 0} active={active} />}
      controls={
        <button
          type="button"
          className={styles.pause}
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? t('carousel.pause') : t('carousel.play')}
        >
          {playing ? (
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path d="M8 5l11 7-11 7z" fill="currentColor" />
            </svg>
          )}
        </button>
      }
    />
  );
}

export default BannerCarousel;
