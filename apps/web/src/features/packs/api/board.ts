import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MyPost, PostListPage, PostSaveInput } from '@gacha/contract/board';
import { myPostsRoute, postListRoute, savePostRoute } from '@gacha/contract/routes/board';
import { call, unwrap } from '../../../lib/api.ts';

export type { MyPost };

/** Everyone's Record (spec §2 Top, §3 Post, §7): the approved posts, a new post, and the member's own posts. */

export const postsKey = ['board', 'posts'] as const;
export const myPostsKey = ['board', 'mine'] as const;

/** GET /user/post/list/{page}: approved posts, newest first, 10 a page. */
export async function fetchPosts(page: number): Promise<PostListPage> {
  return unwrap(await call(postListRoute, { params: { page: String(page) } }));
}

export function usePosts(page: number) {
  return useQuery({
    queryKey: [...postsKey, page],
    queryFn: () => fetchPosts(page),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /user/post/save {content, images, request_id}: received, shown once approved. Refusals: errors.content,
 * errors.images, errors.image1…image3 (one image), errors.user (the daily limit).
 */
export function savePost(input: PostSaveInput) {
  return call(savePostRoute, { body: input });
}

/** GET /user/post/mine: the member's latest posts with their state (and the reason of a rejection). */
export async function fetchMyPosts(): Promise<MyPost[]> {
  return unwrap(await call(myPostsRoute, {}, { background: true })).list;
}

export function useMyPosts(enabled: boolean) {
  return useQuery({ queryKey: myPostsKey, queryFn: fetchMyPosts, enabled, staleTime: 0 });
}
