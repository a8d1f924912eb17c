import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@gacha/contract/messages';
import looks from '@gacha/client/styles/looks.module.css';
import notice from '@gacha/client/styles/notice.module.css';
import styles from './banner-preview.module.css';

export interface PreviewBanner {
  kind: 'top' | 'alert';
  tone: string;
  title_en: string;
  title_ja: string;
  text_en: string;
  text_ja: string;
  cta_en: string;
  cta_ja: string;
  link_url: string;
  /** The desktop and phone pictures to show (a chosen data URL, else the stored URL; '' for none). */
  image: string;
  sp_image: string;
}

/** The shop's pick (site/banners.ts): the Japanese text for Japanese members when there is one, else English. */
const pick = (lang: Lang, en: string, ja: string) => (lang === 'ja' && ja ? ja : en);

/** The caption looks of a Top banner (any other tone shows the violet one), the looks of a notice. */
const TOP_TONES = new Set(['violet', 'gold', 'pink']);

/**
 * How the shop will show the banner as it is being typed: a Top banner on a desktop (3:1, the caption on the
 * left) and on a phone (5:4, the caption at the bottom; the phone picture, else the desktop one), or a notice
 * opened (each line a paragraph, the lines after the first smaller). Either language can be looked at.
 */
export function BannerPreview({ banner }: { banner: PreviewBanner }) {
  const { t, i18n } = useTranslation('shop');
  const [lang, setLang] = useState<Lang>(i18n.language === 'ja' ? 'ja' : 'en');
  const title = pick(lang, banner.title_en, banner.title_ja);
  const text = pick(lang, banner.text_en, banner.text_ja);
  const cta = pick(lang, banner.cta_en, banner.cta_ja);

  return (
    <section className={styles.preview} aria-labelledby="banner-preview-title">
      <div className={styles.head}>
        <h2 id="banner-preview-title">{t('banners.preview')}</h2>
        <div className={styles.langs} role="group" aria-label={t('banners.previewLang')}>
          {(['en', 'ja'] as const).map((l) => (
            <button key={l} type="button" aria-pressed={lang === l} onClick={() => setLang(l)}>
              {l === 'en' ? 'English' : '日本語'}
            </button>
          ))}
        </div>
      </div>
      <div lang={lang}>
        {banner.kind === 'top' ? (
          <div className={styles.devices}>
            <figure className={styles.desktop}>
              <TopSlide banner={banner} image={banner.image} title={title} text={text} cta={cta} />
              <figcaption>{t('banners.previewDesktop')}</figcaption>
            </figure>
            <figure className={styles.phone}>
              <TopSlide
                banner={banner}
                image={banner.sp_image || banner.image}
                title={title}
                text={text}
                cta={cta}
              />
              <figcaption>{t('banners.previewPhone')}</figcaption>
            </figure>
          </div>
        ) : (
          <Notice tone={banner.tone} title={title} text={text} lang={lang} />
        )}
      </div>
      {banner.kind === 'top' && banner.link_url ? (
        <p className={styles.link}>
          {t('banners.previewLink')} <code>{banner.link_url}</code>
        </p>
      ) : null}
    </section>
  );
}

function TopSlide({
  banner,
  image,
  title,
  text,
  cta,
}: {
  banner: PreviewBanner;
  image: string;
  title: string;
  text: string;
  cta: string;
}) {
  const tone = TOP_TONES.has(banner.tone) ? banner.tone : 'violet';
  return (
    <div className={styles.slide}>
      {image ? <img src={image} alt="" className={styles.image} /> : null}
      <div className={`${styles.caption} ${styles[tone] ?? ''}`}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {text ? <p className={styles.text}>{text}</p> : null}
        {cta ? <span className={styles.cta}>{cta}</span> : null}
      </div>
    </div>
  );
}

function Notice({ tone, title, text, lang }: { tone: string; title: string; text: string; lang: Lang }) {
  const warn = tone === 'warn';
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return (
    <div className={`${notice.notice} ${warn ? notice.warn : notice.info}`}>
      <div className={notice.head}>
        <span className={warn ? looks.warnMark : looks.infoMark} aria-hidden="true">
          {warn ? '!' : 'i'}
        </span>
        <span className={notice.title}>{title}</span>
        <span className={notice.toggle} aria-hidden="true">
          {lang === 'ja' ? '閉じる ▴' : 'Hide ▴'}
        </span>
      </div>
      {lines.length ? (
        <div className={notice.body}>
          {lines.map((line, i) => (
            <p key={i} className={i > 0 ? notice.note : undefined}>
              {line}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
