import type { MessageKey } from '@gacha/contract/messages';

/** A message from the catalogue, with placeholder values. */
export type MessageRef = MessageKey | { key: MessageKey; params: Record<string, string | number> };

/**
 * Thrown by services and routes to answer with a non-200 `state`. Texts are catalogue keys, translated
 * into the member's language when the answer is sent. `extra` fields go into the body as they are
 * (e.g. `result: '-1'`).
 */
export class ApiError extends Error {
  constructor(
    readonly state: number,
    readonly opts: {
      errors?: Record<string, MessageRef>;
      message?: MessageRef;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(`api error ${state}`);
  }
}

export const fieldError = (field: string, ref: MessageRef, extra?: Record<string, unknown>) =>
  new ApiError(400, { errors: { [field]: ref }, ...(extra ? { extra } : {}) });

export const conflict = (field: string, ref: MessageRef, extra?: Record<string, unknown>) =>
  new ApiError(409, { errors: { [field]: ref }, ...(extra ? { extra } : {}) });

export const notLoggedIn = () => new ApiError(401, { message: 'not_logged_in' });
export const notFound = (ref: MessageRef = 'not_found') => new ApiError(404, { message: ref });
export const tooMany = (minutes: number) =>
  new ApiError(429, { message: { key: 'too_many_requests', params: { minutes } } });
