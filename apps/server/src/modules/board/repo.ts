import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ListParams } from '@gacha/contract/admin-list';
import { countRows } from '../../db/count.ts';
import { listPage, type ListSpec } from '../../db/list-page.ts';
import type { Database } from '../../db/schema.ts';

type PostStatus = 'pending' | 'approved' | 'rejected';
type Executor = Db | Transaction<Database>;

export function postByRequest(ex: Executor, userId: number, requestId: string) {
  return ex
    .selectFrom('posts')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Posts the member made since `since` (the daily limit). */
export function postsSince(ex: Executor, userId: number, since: string): Promise<number> {
  return countRows(ex.selectFrom('posts').where('user_id', '=', userId).where('created_at', '>=', since));
}

export async function insertPost(
  tx: Executor,
  row: { user_id: number; content: string; request_id: string | null; created_at: string },
): Promise<number | undefined> {
  const r = await tx
    .insertInto('posts')
    .values({ ...row, status: 'pending' })
    .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

export interface NewPostImage {
  post_id: number;
  position: number;
  image_key: string;
  thumb_key: string;
  width: number;
  height: number;
  byte_size: number;
}

export async function insertImages(tx: Executor, rows: readonly NewPostImage[]): Promise<void> {
  if (rows.length)
    await tx
      .insertInto('post_images')
      .values([...rows])
      .execute();
}

/** Decides a pending post; its member, or undefined when it was not pending. */
export function decide(
  tx: Executor,
  id: number,
  to: { status: 'approved' | 'rejected'; reject_reason: string | null; decided_at: string },
) {
  return tx
    .updateTable('posts')
    .set(to)
    .where('id', '=', id)
    .where('status', '=', sql.lit('pending'))
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

export function findPost(ex: Executor, id: number) {
  return ex
    .selectFrom('posts')
    .select(['id', 'user_id', 'status', 'reject_reason'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function countApproved(ex: Executor): Promise<number> {
  return countRows(ex.selectFrom('posts').where('status', '=', 'approved'));
}

/** Approved posts, newest first, with the poster's name parts. */
export function approvedPage(ex: Executor, page: { limit: number; offset: number }) {
  return ex
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.content', 'p.created_at', 'u.first_name', 'u.last_name'])
    .where('p.status', '=', 'approved')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** A member's own posts, newest first, with their state. */
export function postsOf(ex: Executor, userId: number, limit: number) {
  return ex
    .selectFrom('posts')
    .select(['id', 'content', 'status', 'reject_reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Pending posts, oldest first, with their member (the staff queue). */
export function pendingPosts(ex: Executor, limit: number) {
  return ex
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'u.mail', 'p.content', 'p.created_at'])
    .where('p.status', '=', 'pending')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** The console's posts of one state: the pending queue oldest first, decided posts newest first. */
const postList = (status: PostStatus): ListSpec<'id'> => ({
  search: ['p.content', 'u.last_name', 'u.first_name', 'u.mail'],
  id: 'p.id',
  sorts: { id: 'p.id' },
  defaultSort: 'id',
  defaultDir: status === 'pending' ? 'asc' : 'desc',
});

export function postsByStatus(ex: Executor, status: PostStatus, params: ListParams) {
  return listPage(
    ex.selectFrom('posts as p').innerJoin('users as u', 'u.id', 'p.user_id').where('p.status', '=', status),
    (q) =>
      q.select([
        'p.id',
        'p.user_id',
        'u.last_name',
        'u.first_name',
        'p.content',
        'p.status',
        'p.reject_reason',
        'p.created_at',
        'p.decided_at',
      ]),
    postList(status),
    params,
  );
}

export function imagesOf(ex: Executor, postIds: readonly number[]) {
  if (!postIds.length) return Promise.resolve([]);
  return ex
    .selectFrom('post_images')
    .select(['post_id', 'position', 'image_key', 'thumb_key', 'width', 'height'])
    .where('post_id', 'in', [...postIds])
    .orderBy('post_id')
    .orderBy('position')
    .execute();
}
