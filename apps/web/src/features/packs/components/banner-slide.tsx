import { Link } from 'react-router';
import { artImage, SIZES } from '../../../lib/art-image.ts';
import { useBanners, type TopBanner } from '../api/get-banners.ts';
import styles from './banner-carousel.module.css';

/** The caption looks staff can pick for a Top banner; another tone shows the plain (violet) look. */
const CAPTION_TONES = new Set(['violet', 'gold', 'pink']);

/** The phone's picture of a banner: its WebP widths where it has them (lib/art-image.ts). */
function SmallScreenSource({ url }: { url: string }) {
  const { src, srcSet = src, sizes } = artImage(url, SIZES.banner);
  return <source media="(max-width: 768px)" srcSet={srcSet} sizes={sizes} />;
}

export function BannerSlide({
  banner,
  eager,
  active,
}: {
  banner: TopBanner;
  eager: boolean;
  active: boolean;
}) {
  const tone = CAPTION_TONES.has(banner.tone) ? (styles[banner.tone] ?? '') : '';
  const content = (
    <>
      <picture>
        <SmallScreenSource url={banner.sp_image_url} />
        <img
          {...artImage(banner.image_url, SIZES.banner)}
          alt=""
          className={styles.image}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          draggable={false}
        />
      </picture>
      <div className={`${styles.caption} ${tone}`}>
        {banner.title && <p className={`${styles.title} phrase`}>{banner.title}</p>}
        {banner.text && <p className={`${styles.text} phrase`}>{banner.text}</p>}
        {banner.cta && <span className={styles.cta}>{banner.cta}</span>}
      </div>
    </>
  );
  if (banner.link_url) {
    return (
      <Link to={banner.link_url} className={styles.link} tabIndex={active ? 0 : -1}>
        {content}
      </Link>
    );
  }
  return <div className={styles.link}>{content}</div>;
}

/**
 * What the carousel looks like before its code arrives: the first banner in place, same size, so the Top page
 * paints at once and nothing moves when embla takes over. While GET /user/banners is on its way, an empty slide
 * of the same size holds the place; without banners (none live, or the call failed) nothing is shown.
 */
export function BannerStatic() {
  const { data, isPending } = useBanners();
  const banners = data?.top ?? [];
  if (!isPending && !banners.length) return null;
  const first = banners[0];
  return (
    <section className={styles.carousel} aria-hidden="true">
      <div className={styles.viewport}>
        <div className={styles.container}>
          <div className={styles.slide}>
            {first ? <BannerSlide banner={first} eager active={false} /> : <div className={styles.link} />}
          </div>
        </div>
      </div>
      <div className={`${styles.controls} ${first ? '' : styles.waiting}`}>
        {banners.length > 1 && (
          <div className={styles.dots}>
            {banners.map((b, i) => (
              <span key={b.id} className={`${styles.dot} ${i === 0 ? styles.dotActive : ''}`} />
            ))}
          </div>
        )}
        <span className={styles.pause} />
      </div>
    </section>
  );
}
