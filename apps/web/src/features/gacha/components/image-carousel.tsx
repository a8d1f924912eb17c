import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../../components/chevron-icon.tsx';
import { useCarousel } from '../../../lib/use-carousel.ts';
import styles from './image-carousel.module.css';

interface ImageCarouselProps {
  images: readonly string[];
  /** The pack name: the images' alternative text. */
  alt: string;
  children?: ReactNode;
}

/** The pack's images (spec §2 Pack detail): swipe, arrows and dots; one image shows without controls. */
export function ImageCarousel({ images, alt, children }: ImageCarouselProps) {
  const { t } = useTranslation('gacha');
  const { emblaRef, selected, scrollTo, prev, next } = useCarousel({ loop: images.length > 1 });
  const many = images.length > 1;

  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('carousel.roledescription')}
      aria-label={t('carousel.label', { name: alt })}
    >
      <div className={styles.viewport} ref={emblaRef}>
        <div className={styles.container}>
          {images.map((src, i) => (
            <div
              key={`${src}-${i}`}
              className={styles.slide}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { index: i + 1, count: images.length })}
              aria-hidden={many && i !== selected ? true : undefined}
            >
              <img
                src={src}
                alt={i === 0 ? alt : t('carousel.imageAlt', { name: alt, index: i + 1 })}
                className={styles.image}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
              />
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
          <div className={styles.dots}>
            {images.map((src, i) => (
              <button
                key={`${src}-${i}`}
                type="button"
                className={`${styles.dot} ${i === selected ? styles.dotActive : ''}`}
                aria-label={t('carousel.goTo', { index: i + 1 })}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => scrollTo(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
