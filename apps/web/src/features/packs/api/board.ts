import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  postListPageSchema,
  postSaveResultSchema,
  type PostListPage,
  type PostSaveInput,
} from '@gacha/contract/board';
import { api, apiPath, unwrap } from '../../../lib/api.ts';

/** Everyone's Record (spec §2 Top, §3 Post, §7): the approved posts, a new post, and the member's own posts. */

export const postsKey = ['board', 'posts'] as const;
export const myPostsKey = ['board', 'mine'] as const;

/** GET /user/post/list/{page}: approved posts, newest first, 10 a page. */
export async function fetchPosts(page: number): Promise<PostListPage> {
  return unwrap(await api.get(apiPath('user', 'post', 'list', page), { answer: postListPageSchema }));
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
  return api.post('user/post/save', input, { answer: postSaveResultSchema });
}

/**
 * The answer of GET /user/post/mine, as the server's route declares it (apps/server/src/modules/board/routes.ts;
 * the contract has no schema for it yet).
 */
export const myPostsSchema = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      content: z.string(),
      status: z.enum(['pending', 'approved', 'rejected']),
      reject_reason: z.string(),
      created: z.string(),
    }),
  ),
});
export type MyPost = z.infer<typeof myPostsSchema>['list'][number];

/** GET /user/post/mine: the member's latest posts with their state (and the reason of a rejection). */
export async function fetchMyPosts(): Promise<MyPost[]> {
  return unwrap(await api.get('user/post/mine', { answer: myPostsSchema, background: true })).list;
}

export function useMyPosts(enabled: boolean) {
  return useQuery({ queryKey: myPostsKey, queryFn: fetchMyPosts, enabled, staleTime: 0 });
}
