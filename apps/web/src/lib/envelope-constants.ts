/**
 * The envelope's constants, as in packages/contract/src/envelope.ts. Copied rather than imported: that module
 * also builds a zod schema at load time, which would pull all of zod into the Top page's bundle (the budget is
 * 150 KB gzip). envelope-constants.test.ts checks that the copy equals the contract.
 */
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

export const CSRF_NAME_FIELD = 'csrf_name';
export const CSRF_VALUE_FIELD = 'csrf_value';
export const JSON_FIELD = 'json';
export const LANG_COOKIE = 'lang';
