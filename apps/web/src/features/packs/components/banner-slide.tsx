import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bannersAt, type Banner } from '../banners.ts';
import styles from './banner-carousel.module.css';

export function BannerSlide({ banner, eager, active }: { banner: Banner; eager: boolean; active: boolean }) {
  const { t } = useTranslation('packs');
  const content = (
    <>
      <picture>
        <source media="(max-width: 768px)" srcSet={banner.sp_file_name} />
        <img
          src={banner.file_name}
          alt=""
          className={styles.image}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          draggable={false}
        />
      </picture>
      <div className={`${styles.caption} ${styles[banner.tone]}`}>
        <p className={`${styles.title} phrase`}>{t(banner.titleKey)}</p>
        <p className={`${styles.text} phrase`}>{t(banner.textKey)}</p>
        {banner.ctaKey && <span className={styles.cta}>{t(banner.ctaKey)}</span>}
      </div>
    </>
  );
  if (banner.mode === 'link' && banner.url) {
    return (
      <Link to={banner.url} className={styles.link} tabIndex={active ? 0 : -1}>
        {content}
      </Link>
    );
  }
  return <div className={styles.link}>{content}</div>;
}

/**
 * What the carousel looks like before its code arrives: the first banner in place, same size, so the Top
 * page paints at once and nothing moves when embla takes over.
 */
export function BannerStatic() {
  const first = bannersAt(new Date())[0];
  const count = bannersAt(new Date()).length;
  return (
    <section className={styles.carousel} aria-hidden="true">
      <div className={styles.viewport}>
        <div className={styles.container}>
          <div className={styles.slide}>{first && <BannerSlide banner={first} eager active={false} />}</div>
        </div>
      </div>
      <div className={styles.controls}>
        <div className={styles.dots}>
          {Array.from({ length: count }, (_, i) => (
            <span key={i} className={`${styles.dot} ${i === 0 ? styles.dotActive : ''}`} />
          ))}
        </div>
        <span className={styles.pause} />
      </div>
    </section>
  );
}
