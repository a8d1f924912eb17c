import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_REWARD_GEMS } from '@gacha/contract/board';
import { formatDate, formatGems, isoDate } from '../../../lib/format.ts';
import { useMyPosts, type MyPost } from '../api/board.ts';
import styles from './record-board.module.css';
import { currentLang } from '../../../lib/i18n.ts';

/** The latest posts shown before 'Show all'. */
const MY_POSTS_SHOWN = 3;

/**
 * The member's own latest posts (GET /user/post/mine) with their state: waiting for approval, shown on the board
 * (500 gems added), or not approved with the shop's reason. Nothing while the member has not posted.
 */
export function MyPosts() {
  const { t } = useTranslation('board');
  const titleId = useId();
  const { data } = useMyPosts(true);
  const [all, setAll] = useState(false);
  if (!data?.length) return null;
  const shown = all ? data : data.slice(0, MY_POSTS_SHOWN);
  return (
    <section className={styles.mine} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.mineTitle}>
        {t('mine.title')}
      </h3>
      <ul className={styles.mineList}>
        {shown.map((post) => (
          <li key={post.id} className={styles.mineItem}>
            <div className={styles.mineHead}>
              <time className={`num ${styles.date}`} dateTime={isoDate(post.created)}>
                {formatDate(post.created, currentLang())}
              </time>
              <Status post={post} />
            </div>
            <p className={`${styles.content} ${styles.mineContent}`}>{post.content}</p>
            {post.status === 'rejected' && post.reject_reason && (
              <p className={styles.reason}>{t('mine.reason', { reason: post.reject_reason })}</p>
            )}
          </li>
        ))}
      </ul>
      {data.length > MY_POSTS_SHOWN && (
        <button
          type="button"
          className={`btn btn-secondary btn-sm ${styles.mineMore}`}
          aria-expanded={all}
          onClick={() => setAll((a) => !a)}
        >
          {all ? t('mine.fewer') : t('mine.all', { count: data.length })}
        </button>
      )}
    </section>
  );
}

function Status({ post }: { post: MyPost }) {
  const { t } = useTranslation('board');
  const text =
    post.status === 'approved'
      ? t('mine.approved', { gems: formatGems(POST_REWARD_GEMS) })
      : post.status === 'rejected'
        ? t('mine.rejected')
        : t('mine.pending');
  return <span className={`${styles.status} ${styles[`status_${post.status}`]}`}>{text}</span>;
}
