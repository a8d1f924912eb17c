import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../../components/chevron-icon.tsx';
import Autoplay from 'embla-carousel-autoplay';
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
  const { emblaRef, embla, selected, scrollTo, prev, next } = useCarousel(
    { loop: true, duration: emblaDuration },
    [autoplay],
  );
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());

  useEffect(() => {
    const plugin = embla?.plugins().autoplay;
    if (!plugin) return;
    if (playing) plugin.play();
    else plugin.stop();
  }, [embla, playing]);

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('carousel.roledescription')}
      aria-label={t('carousel.label')}
    >
      <div className={styles.viewport} ref={emblaRef}>
        <div className={styles.container}>
          {banners.map((banner, i) => (
            <div
              key={banner.id}
              className={styles.slide}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { index: i + 1, count: banners.length })}
              aria-hidden={i !== selected}
            >
              <BannerSlide banner={banner} eager={i === 0} active={i === selected} />
            </div>
          ))}
        </div>
      </div>

      <button
        type="button"
        className={`${styles.arrow} ${styles.prev}`}
        onClick={prev}
        aria-label={t('carousel.prev')}
      >
        <ChevronIcon direction="left" />
      </button>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        onClick={next}
        aria-label={t('carousel.next')}
      >
        <ChevronIcon direction="right" />
      </button>

      <div className={styles.controls}>
        <div className={styles.dots}>
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={`${styles.dot} ${i === selected ? styles.dotActive : ''}`}
              aria-label={t('carousel.goTo', { index: i + 1 })}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => scrollTo(i)}
            />
          ))}
        </div>
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
      </div>
    </section>
  );
}

export default BannerCarousel;
