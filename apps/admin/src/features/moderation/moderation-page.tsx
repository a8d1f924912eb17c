import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { adminPostDecisionSchema, adminPostListSchema } from '@gacha/contract/admin-shop';
import { adminPostRejectSchema } from '@gacha/contract/admin-shop';
import type { z } from 'zod';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { approvePostRoute, postsForStaffRoute, rejectPostRoute } from '@gacha/contract/routes/admin-board';
import { call, isOk, unwrap } from '../../lib/api.ts';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { catalogue, schemaResolver, useApiForm, useSubmit } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import styles from './moderation.module.css';

type Post = z.infer<typeof adminPostListSchema>['list'][number];
type Status = Post['status'];
const STATUSES: readonly Status[] = ['pending', 'approved', 'rejected'];
const POSTS_KEY = ['admin', 'posts'] as const;

/**
 * /admin/board: Everyone's Record waiting for a decision (GET /api/admin/posts?status=pending|approved|rejected
 * &q&page, a console list kept as a queue of cards: the pictures need the room; the status, search and page in the
 * address; the search finds the text, the member's name or email, or #id): each post's member, time, text and pictures (thumbnails that open
 * larger). Approving (POST /{id}/approve) pays the member 500 gems once — a repeat pays nothing and says so;
 * rejecting (POST /{id}/reject {reason}) needs the reason the member will see with their post.
 */
export function ModerationPage() {
  const { t } = useTranslation(['shop', 'console']);
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') as Status | null;
  const status: Status = statusParam && STATUSES.includes(statusParam) ? statusParam : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const [done, setDone] = useState<string | null>(null);

  const posts = useQuery({
    queryKey: [...POSTS_KEY, status, q, page],
    queryFn: async () => unwrap(await call(postsForStaffRoute, { query: { status, q, page } })),
    placeholderData: keepPreviousData,
  });
  /** Another state, search or page (a new state or search starts at page 1 of it). */
  const go = (next: { status?: Status; q?: string; page?: number }) => {
    const p = new URLSearchParams();
    p.set('status', next.status ?? status);
    const search = next.q ?? (next.status ? '' : q);
    if (search) p.set('q', search);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const list = posts.data?.list ?? [];
  const allPage = posts.data?.all_page ?? 1;
  const current = posts.data?.page ?? page;

  return (
    <>
      <h1>{t('moderation.title')}</h1>
      <p className="muted">{t('moderation.intro')}</p>
      <div className={styles.tabs} role="group" aria-label={t('moderation.statusGroup')}>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === status}
            onClick={() => {
              setDone(null);
              go({ status: s, page: 1 });
            }}
          >
            {t(`moderation.statuses.${s}`)}
          </button>
        ))}
      </div>
      <form
        className="filters"
        role="search"
        aria-label={t('moderation.search')}
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim(), page: 1 });
        }}
      >
        <label className="filter">
          <span>{t('moderation.search')}</span>
          <input type="search" name="q" defaultValue={q} key={`q${q}`} maxLength={100} />
        </label>
        <button type="submit">{t('console:table.search')}</button>
        {q ? (
          <button type="button" onClick={() => go({ q: '', page: 1 })}>
            {t('console:table.clear')}
          </button>
        ) : null}
        {posts.data ? (
          <span className="muted">{t('console:table.found', { count: posts.data.total })}</span>
        ) : null}
      </form>
      <div role="status" aria-live="polite">
        {done ? <p className="success">{done}</p> : null}
      </div>
      {posts.isError ? <p role="alert">{posts.error.message}</p> : null}
      {posts.isPending ? (
        <p className="loading">{t('console:common.loading')}</p>
      ) : list.length ? (
        <ol className={styles.posts} aria-label={t(`moderation.statuses.${status}`)}>
          {list.map((post) => (
            <li key={post.id}>
              <PostCard post={post} onDecided={setDone} />
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.empty}>{t(`moderation.empty.${status}`)}</p>
      )}
      {allPage > 1 ? (
        <nav className="pager" aria-label={t('moderation.pages')}>
          <button type="button" disabled={current <= 1} onClick={() => go({ page: 1 })}>
            {t('console:pager.first')}
          </button>
          <button type="button" disabled={current <= 1} onClick={() => go({ page: current - 1 })}>
            {t('console:pager.previous')}
          </button>
          <span aria-live="polite">{t('console:pager.pageOf', { page: current, count: allPage })}</span>
          <button type="button" disabled={current >= allPage} onClick={() => go({ page: current + 1 })}>
            {t('console:pager.next')}
          </button>
          <button type="button" disabled={current >= allPage} onClick={() => go({ page: allPage })}>
            {t('console:pager.last')}
          </button>
        </nav>
      ) : null}
    </>
  );
}

function PostCard({ post, onDecided }: { post: Post; onDecided: (message: string) => void }) {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const can = useCan();
  const canModerate = can('board.moderate');
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<number | null>(null);
  const [approveError, setApproveError] = useState<string | null>(null);
  const who = post.name || t('moderation.noName');
  const titleId = `post-${post.id}-title`;

  const approve = useSubmit({
    mutationFn: () => call(approvePostRoute, { params: { id: post.id } }),
    onSuccess: async (res) => {
      if (!isOk(res)) {
        setApproveError(res.message ?? catalogue('server_error'));
        return;
      }
      onDecided(
        res.changed
          ? t('moderation.approved', { id: post.id, name: who, gems: formatNumber(res.gems, lang) })
          : t('moderation.alreadyApproved', { id: post.id }),
      );
      await queryClient.invalidateQueries({ queryKey: POSTS_KEY });
    },
    onError: () => setApproveError(catalogue('server_error')),
  });

  return (
    <article className={`panel ${styles.post}`} aria-labelledby={titleId}>
      <header className={styles.postHead}>
        <h2 id={titleId} className={styles.who}>
          {who} <span className="muted">{t('moderation.member', { id: post.user_id })}</span>
        </h2>
        <span className="muted">
          {t('moderation.posted', { when: formatJst(post.created_at), id: post.id })}
        </span>
      </header>
      <p className={styles.content}>{post.content}</p>
      {post.images.length ? (
        <ul className={styles.thumbs} aria-label={t('moderation.pictures', { count: post.images.length })}>
          {post.images.map((img, i) => (
            <li key={img.url}>
              <button
                type="button"
                className={styles.thumbButton}
                onClick={() => setViewing(i)}
                aria-label={t('moderation.openPicture', { n: i + 1, count: post.images.length })}
              >
                <img src={img.thumb_url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {post.status !== 'pending' ? (
        <p className={styles.decision}>
          <span className={`status ${post.status === 'approved' ? 'status-on_sale' : 'status-ended'}`}>
            {t(`moderation.statuses.${post.status}`)}
          </span>{' '}
          {post.decided_at ? t('moderation.decidedAt', { when: formatJst(post.decided_at) }) : null}
          {post.reject_reason ? (
            <span className={styles.reason}>
              {t('moderation.reasonShown')} <q>{post.reject_reason}</q>
            </span>
          ) : null}
        </p>
      ) : canModerate ? (
        <div className={styles.decide}>
          <div className={styles.approve}>
            <button
              type="button"
              className="button-primary"
              disabled={approve.isPending}
              onClick={() => {
                setApproveError(null);
                approve.send();
              }}
            >
              {t('moderation.approve')}
            </button>
            <span className="field-hint">{t('moderation.approveHint')}</span>
            {approveError ? <p className="form-message">{approveError}</p> : null}
          </div>
          <RejectForm post={post} who={who} onRejected={onDecided} />
        </div>
      ) : null}
      <Modal
        open={viewing !== null}
        size="large"
        title={t('moderation.pictureTitle', {
          name: who,
          n: (viewing ?? 0) + 1,
          count: post.images.length,
        })}
        onClose={() => setViewing(null)}
      >
        {viewing !== null && post.images[viewing] ? (
          <div className={styles.viewer}>
            <img
              src={post.images[viewing].url}
              alt={t('moderation.pictureAlt', { name: who, n: viewing + 1, count: post.images.length })}
            />
            {post.images.length > 1 ? (
              <div className="actions">
                <button type="button" disabled={viewing === 0} onClick={() => setViewing(viewing - 1)}>
                  {t('console:pager.previous')}
                </button>
                <button
                  type="button"
                  disabled={viewing === post.images.length - 1}
                  onClick={() => setViewing(viewing + 1)}
                >
                  {t('console:pager.next')}
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </article>
  );
}

type RejectValues = { reason: string };

function RejectForm({ post, who, onRejected }: { post: Post; who: string; onRejected: (m: string) => void }) {
  const { t } = useTranslation('shop');
  const queryClient = useQueryClient();
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<
    RejectValues,
    z.infer<typeof adminPostDecisionSchema>
  >({
    defaultValues: { reason: '' },
    resolver: schemaResolver<RejectValues>(adminPostRejectSchema, (v) => v),
    send: (v) => call(rejectPostRoute, { params: { id: post.id }, body: { reason: v.reason.trim() } }),
    fields: ['reason'],
    onSuccess: async (res) => {
      onRejected(
        res.changed
          ? t('moderation.rejected', { id: post.id, name: who })
          : t('moderation.alreadyDecided', { id: post.id }),
      );
      await queryClient.invalidateQueries({ queryKey: POSTS_KEY });
    },
  });
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className={styles.reject}
      aria-label={t('moderation.rejectFor', { id: post.id })}
    >
      <FormMessage message={formMessage} />
      <FormField
        label={t('moderation.reason')}
        error={form.formState.errors.reason?.message}
        hint={t('moderation.reasonHint')}
      >
        {(p) => (
          <textarea
            {...p}
            rows={2}
            maxLength={500}
            className={styles.reasonInput}
            {...form.register('reason')}
          />
        )}
      </FormField>
      <button type="submit" className="button-danger" disabled={pending}>
        {t('moderation.reject')}
      </button>
    </form>
  );
}
