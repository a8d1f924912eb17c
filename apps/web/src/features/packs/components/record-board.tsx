import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager.tsx';
import { isLoggedIn, useCurrentUser } from '../../../lib/session.ts';
import { usePosts } from '../api/board.ts';
import { MyPosts } from './my-posts.tsx';
import { PostForm } from './post-form.tsx';
import { PostList } from './post-list.tsx';
import styles from './record-board.module.css';

/**
 * The Everyone's Record tab (-1, spec §2 Top): the approved posts (name, date, comment, images; an image opens
 * larger in a modal) with a pager, and the entry-post button: a member writes a comment with up to 3 images (a
 * guest goes to login). The member's own posts show their state, and the reason when the shop refused one.
 */
export function RecordBoard() {
  const { t } = useTranslation('board');
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState(false);
  const posts = usePosts(page);
  const { data: user } = useCurrentUser();
  const member = isLoggedIn(user);
  const listRef = useRef<HTMLDivElement>(null);
  const postButton = useRef<HTMLButtonElement>(null);

  // the form closed (Cancel, or OK after posting): the focus goes back to the button that opened it
  const closeForm = () => {
    setWriting(false);
    requestAnimationFrame(() => postButton.current?.focus());
  };

  const turn = (next: number) => {
    setPage(next);
    listRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <section aria-labelledby={titleId} className={styles.root}>
      <div className={styles.head}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {t('title')}
          </h2>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
        {member ? (
          !writing && (
            <button
              ref={postButton}
              type="button"
              className="btn btn-primary"
              onClick={() => setWriting(true)}
            >
              {t('post')}
            </button>
          )
        ) : (
          <Link to="/login" className="btn btn-primary">
            {t('loginToPost')}
          </Link>
        )}
      </div>

      {member && writing && <PostForm onClose={closeForm} />}
      {member && <MyPosts />}

      <div ref={listRef} className={styles.listAnchor}>
        {posts.isError && !posts.data ? (
          <div role="alert" className={styles.loadError}>
            <p>{t('loadError')}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void posts.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : !posts.data ? (
          <PostListSkeleton />
        ) : posts.data.list.length === 0 ? (
          <p className={styles.empty}>{t('empty')}</p>
        ) : (
          <>
            <PostList posts={posts.data.list} busy={posts.isPlaceholderData} />
            <Pager
              page={posts.data.page}
              allPage={posts.data.all_page}
              pages={posts.data.pages}
              onChange={turn}
            />
          </>
        )}
      </div>
    </section>
  );
}

function PostListSkeleton() {
  return (
    <ul className={styles.list} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className={`${styles.post} ${styles.skeleton}`} aria-hidden="true">
          <span className={styles.avatar} />
          <span className={styles.lines}>
            <span className={styles.line} style={{ width: '38%' }} />
            <span className={styles.line} style={{ width: '86%' }} />
            <span className={styles.line} style={{ width: '64%' }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export default RecordBoard;
