/**
 * Text no field accepts: C0 control characters other than tab, line feed and carriage return, DEL,
 * the C1 controls, and lone UTF-16 surrogates (half a character, which PostgreSQL cannot store and SQLite
 * would keep as garbage). NUL among them: PostgreSQL refuses it in text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;

export const isSafeText = (value: string): boolean => !UNSAFE_TEXT.test(value);

/** Whether a value holds, at any depth, a string or an object key that is not safe text. */
export function holdsUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isSafeText(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsUnsafeText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => !isSafeText(k) || holdsUnsafeText(v, depth + 1));
}

/** The top-level fields of a payload that hold unsafe text (an unsafe field name counts as its own field). */
export function unsafeTextFields(payload: Record<string, unknown>): string[] {
  return Object.entries(payload)
    .filter(([k, v]) => !isSafeText(k) || holdsUnsafeText(v))
    .map(([k]) => (isSafeText(k) ? k : 'json'));
}
