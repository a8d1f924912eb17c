import type { z } from 'zod';
import type { csrfSchema, envelopeBaseSchema, fieldErrorsSchema } from './envelope-schema.ts';

/** Body `state` codes (ARCHITECTURE.md §The API envelope). */
export const State = {
  ok: 200,
  nothingToDo: 204,
  invalid: 400,
  notLoggedIn: 401,
  csrf: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  alreadyRegistered: 999,
  maintenance: 9999,
} as const;
export type StateCode = (typeof State)[keyof typeof State];

/**
 * Kept free of zod: the web app imports these constants into its first-paint bundle. The types below derive
 * from the schemas of envelope-schema.ts through type-only imports (erased from the bundle); the schemas and
 * `okAnswer` are there.
 */
export type Csrf = z.infer<typeof csrfSchema>;

/** Field errors: the first message per field is what the member sees. */
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** `state`, `csrf`, and with refusals `errors` and `message`. */
export type EnvelopeBase = z.infer<typeof envelopeBaseSchema>;

export type Envelope<T extends object = object> = EnvelopeBase & T;

/** Names of the form fields of every POST. */
export const CSRF_NAME_FIELD = 'csrf_name';
export const CSRF_VALUE_FIELD = 'csrf_value';
export const JSON_FIELD = 'json';

/** Cookie the web app sets when the member switches language; the server answers in it. */
export const LANG_COOKIE = 'lang';
