import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '@gacha/contract/board';
import { Modal } from '../../../components/modal.tsx';
import { formatDate, formatName, isoDate } from '../../../lib/format.ts';
import { currentLang, useLang } from '../../../lib/i18n.ts';
import styles from './record-board.module.css';

interface Props {
  posts: Post[];
  /** The previous page shows while the next one loads. */
  busy?: boolean;
}

/**
 * The approved posts: the poster's name (first name and family initial), the date (yy/mm/dd), the comment as
 * plain text (React escapes it; its line breaks are kept by CSS), and the thumbnails, each opening the picture in
 * a modal.
 */
export function PostList({ posts, busy = false }: Props) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const [open, setOpen] = useState<{ post: Post; index: number } | null>(null);

  return (
    <>
      <ul className={styles.list} aria-label={t('listLabel')} aria-busy={busy || undefined}>
        {posts.map((post) => {
          const name = formatName(post, lang);
          return (
            <li key={post.id} className={styles.post}>
              <article className={styles.postBody} aria-label={t('postBy', { name })}>
                <header className={styles.postHead}>
                  <span className={styles.avatar} aria-hidden="true">
                    {[...(post.firstName || post.lastName || '?')][0]?.toUpperCase()}
                  </span>
                  <span className={styles.who}>
                    <span className={styles.name}>{name}</span>
                    <time className={`num ${styles.date}`} dateTime={isoDate(post.created)}>
                      {formatDate(post.created, currentLang())}
                    </time>
                  </span>
                </header>
                <p className={styles.content} data-testid="post-content">
                  {post.content}
                </p>
                {post.images.length > 0 && (
                  <ul className={styles.thumbs}>
                    {post.images.map((img, i) => (
                      <li key={img.url}>
                        <button
                          type="button"
                          className={styles.thumbButton}
                          onClick={() => setOpen({ post, index: i })}
                          aria-label={t('imageOpen', { n: i + 1, count: post.images.length, name })}
                        >
                          <img
                            src={img.thumb}
                            alt=""
                            width={img.width}
                            height={img.height}
                            loading="lazy"
                            decoding="async"
                            className={styles.thumb}
                          />
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            </li>
          );
        })}
      </ul>
      {open && (
        <ImageModal
          post={open.post}
          index={open.index}
          onIndex={(index) => setOpen({ post: open.post, index })}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

function ImageModal({
  post,
  index,
  onIndex,
  onClose,
}: {
  post: Post;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('board');
  const lang = useLang();
  const name = formatName(post, lang);
  const count = post.images.length;
  const img = post.images[index];
  if (!img) return null;
  return (
    <Modal
      open
      size="lg"
      title={t('imageTitle', { name, date: formatDate(post.created, currentLang()) })}
      onClose={onClose}
      footer={
        count > 1 ? (
          <div className={styles.modalNav}>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => onIndex((index + count - 1) % count)}
            >
              {t('prevImage')}
            </button>
            <span className="num" aria-live="polite">
              {t('imageCount', { n: index + 1, count })}
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => onIndex((index + 1) % count)}
              data-autofocus
            >
              {t('nextImage')}
            </button>
          </div>
        ) : undefined
      }
    >
      <figure className={styles.figure}>
        <img
          key={img.url}
          src={img.url}
          width={img.width}
          height={img.height}
          alt={t('imageAlt', { n: index + 1, count, name })}
          className={styles.full}
        />
      </figure>
    </Modal>
  );
}
