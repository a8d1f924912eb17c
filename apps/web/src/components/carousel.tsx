import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { useCarousel } from '../lib/use-carousel.ts';
import { ChevronIcon } from './chevron-icon.tsx';

/**
 * A carousel's own stylesheet (each keeps its look): classes carousel, viewport, container, slide, arrow, prev,
 * next, dots, dot, dotActive, and optionally controls (a row under the slides holding the dots and `controls`).
 */
type CarouselStyles = Readonly<Record<string, string>>;

interface CarouselProps {
  /** The namespace whose `carousel.*` texts name the parts ('Previous banner', 'Show image 2', …). */
  ns: 'packs' | 'gacha';
  label: string;
  /** The slides' keys, in order. */
  slides: readonly string[];
  renderSlide: (index: number, selected: boolean) => ReactNode;
  /** useCarousel's answer (the page keeps the Embla API, for autoplay). */
  carousel: ReturnType<typeof useCarousel>;
  styles: CarouselStyles;
  /** Over the slides (a ribbon). */
  children?: ReactNode;
  /** Beside the dots (a pause button). */
  controls?: ReactNode;
}

/**
 * The one carousel (Embla through lib/use-carousel.ts): an ARIA carousel of slides, the arrows and the dots,
 * shown when there is more than one slide; the hidden slides are hidden from screen readers too. The Top
 * banners and the pack images use it, each with its own stylesheet.
 */
export function Carousel({
  ns,
  label,
  slides,
  renderSlide,
  carousel,
  styles,
  children,
  controls,
}: CarouselProps) {
  const { t } = useTranslation(ns);
  const { emblaRef, selected, scrollTo, prev, next } = carousel;
  const many = slides.length > 1;
  const dots = many && (
    <div className={styles.dots}>
      {slides.map((key, i) => (
        <button
          key={key}
          type="button"
          className={`${styles.dot} ${i === selected ? styles.dotActive : ''}`}
          aria-label={t('carousel.goTo', { index: i + 1 })}
          aria-current={i === selected ? 'true' : undefined}
          onClick={() => scrollTo(i)}
        />
      ))}
    </div>
  );

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('carousel.roledescription')}
      aria-label={label}
    >
      <div className={styles.viewport} ref={emblaRef}>
        <div className={styles.container}>
          {slides.map((key, i) => (
            <div
              key={key}
              className={styles.slide}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { index: i + 1, count: slides.length })}
              aria-hidden={many && i !== selected ? true : undefined}
            >
              {renderSlide(i, i === selected)}
            </div>
          ))}
        </div>
      </div>
      {children}
      {many && (
        <>
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
        </>
      )}
      {styles.controls ? (
        <div className={styles.controls}>
          {dots}
          {controls}
        </div>
      ) : (
        dots
      )}
    </section>
  );
}
