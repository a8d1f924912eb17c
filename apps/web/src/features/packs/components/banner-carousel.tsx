import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autoplay from 'embla-carousel-autoplay';
import { Carousel } from '../../../components/carousel.tsx';
import { useCarousel } from '../../../lib/use-carousel.ts';
import { useNow } from '../../../lib/use-now.ts';
import { bannersAt, bannerTiming, emblaDurationForMs } from '../banners.ts';
import { BannerSlide } from './banner-slide.tsx';
import styles from './banner-carousel.module.css';

const timing = bannerTiming(import.meta.env);
const emblaDuration = emblaDurationForMs(timing.durationMs);

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The Top carousel (spec §2): two banners with desktop and mobile images, auto-rotating (VITE_BANNER_DELAY_MS,
 * default 2500 ms per image; VITE_BANNER_DURATION_MS, default 800 ms transition), dots, arrows at ≤ 768 px,
 * a pause button, and banner 1 swapped for the campaign image inside its window.
 */
export function BannerCarousel() {
  const { t } = useTranslation('packs');
  const now = useNow(30_000);
  const banners = bannersAt(now);
  const autoplay = useMemo(
    () =>
      Autoplay({
        delay: timing.delayMs,
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
    if (!plugin) return;
    if (playing) plugin.play();
    else plugin.stop();
  }, [embla, playing]);

  return (
    <Carousel
      ns="packs"
      label={t('carousel.label')}
      slides={banners.map((banner) => banner.id)}
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
