import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/carousel.tsx';
import { artImage, SIZES } from '../../../lib/art-image.ts';
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
  const carousel = useCarousel({ loop: images.length > 1 });
  return (
    <Carousel
      ns="gacha"
      label={t('carousel.label', { name: alt })}
      slides={images.map((src, i) => `${src}-${i}`)}
      carousel={carousel}
      styles={styles}
      renderSlide={(i) => (
        <img
          {...artImage(images[i]!, SIZES.packImage)}
          alt={i === 0 ? alt : t('carousel.imageAlt', { name: alt, index: i + 1 })}
          className={styles.image}
          // square (the CSS's aspect-ratio too): the place is kept before the picture arrives
          width={640}
          height={640}
          loading={i === 0 ? 'eager' : 'lazy'}
          fetchPriority={i === 0 ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
        />
      )}
    >
      {children}
    </Carousel>
  );
}
