import { z } from 'zod';
import { pageInfoSchema } from './paging.ts';
import { pathPage } from './path.ts';

/**
 * Everyone's Record, the public board (spec §1, §2 Top, §3 Post, §7; DOMAIN.md board): a member posts a comment
 * with up to 3 images; posts show once the shop approves them, and an approved post earns 500 bonus gems.
 */

export const POST_MAX_IMAGES = 3;
export const POST_MAX_CHARS = 1000;
/** Each image as uploaded (the decoded bytes of its data URL). */
export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const POST_REWARD_GEMS = 500;
export const POSTS_PER_PAGE = 10;

/** A data URL of an image as the browser reads a file: its bytes decide what it is (the server decodes it). */
const dataUrl = z
  .string({ error: 'image_invalid' })
  .max(Math.ceil((POST_IMAGE_MAX_BYTES * 4) / 3) + 200, { error: 'image_too_large' })
  .regex(/^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]*$/, { error: 'image_invalid' });

/** POST /user/post/save {content, images}: `request_id` (the form makes one per submit) makes a repeat one post. */
export const postSaveSchema = z
  .object({
    content: z
      .string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid') })
      .trim()
      .min(1, { error: 'required' })
      .max(POST_MAX_CHARS, { error: 'too_long' }),
    images: z
      .array(dataUrl, { error: 'invalid' })
      .max(POST_MAX_IMAGES, { error: 'post_too_many_images' })
      .default([]),
    request_id: z
      .string({ error: 'invalid' })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'invalid' })
      .optional(),
  })
  .strict();
export type PostSaveInput = z.input<typeof postSaveSchema>;

/** An image of a post: the picture and its thumbnail, same-origin URLs, with the picture's size. */
export const postImageSchema = z.object({
  url: z.string(),
  thumb: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PostImage = z.infer<typeof postImageSchema>;

/**
 * Post (spec §3): the poster's name as the spec names its parts — the first name and the family name's initial
 * (a public board shows no full names) — the JST date, the comment as plain text, the images.
 */
export const postSchema = z.object({
  id: z.number().int(),
  lastName: z.string(),
  middleName: z.string(),
  firstName: z.string(),
  created: z.string(),
  content: z.string(),
  images: z.array(postImageSchema),
});
export type Post = z.infer<typeof postSchema>;

/** GET /user/post/list/{page}: approved posts, newest first. */
export const postListPageSchema = pageInfoSchema.extend({ list: z.array(postSchema) });
export type PostListPage = z.infer<typeof postListPageSchema>;

/** The page of GET /user/post/list/{page} (absent: the first). */
export const postListParamsSchema = z.object({ page: pathPage });

/** Answer of POST /user/post/save: received, shown after approval. */
export const postSaveResultSchema = z.object({
  result: z.literal('1'),
  post_id: z.number().int(),
  message: z.string(),
});
export type PostSaveResult = z.infer<typeof postSaveResultSchema>;

/** A post of the member's own, with its state (and the reason of a rejection). */
export const myPostSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reject_reason: z.string(),
  created: z.string(),
});
export type MyPost = z.infer<typeof myPostSchema>;

/** GET /user/post/mine: the member's latest posts, whatever their state. */
export const myPostsSchema = z.object({ list: z.array(myPostSchema) });
export type MyPosts = z.infer<typeof myPostsSchema>;
