import { z } from 'zod';

/**
 * Values read from a path or a query string (always strings there). A value that does not fit answers by its
 * message (the server's envelope): a key ending in `not_found` is a 404 for the whole request (the path names
 * nothing), any other a 400 under the field's name.
 */

/** A key that answers 404, or the field error 'invalid'. */
type RefusalKey = 'not_found' | `${string}_not_found` | 'invalid';

/** A positive id of up to 9 digits. */
export const pathId = (notFound: RefusalKey = 'not_found') =>
  z
    .string({ error: notFound })
    .regex(/^\d{1,9}$/, { error: notFound })
    .transform(Number)
    .refine((n) => n >= 1, { error: notFound });

/** An optional id in a query: absent or '' is none. */
export const queryId = (notFound: RefusalKey = 'not_found') =>
  z
    .union([z.literal(''), pathId(notFound)], { error: notFound })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A page number as written: up to 6 digits, or absent or ''. */
export const pageDigits = z
  .union([z.literal(''), z.string().regex(/^\d{1,6}$/, { error: 'invalid' })], { error: 'invalid' })
  .optional();

/** A page number: absent, '' and 0 are the first page. */
export const pathPage = pageDigits.transform((v) => Math.max(1, Number(v || 1)));

/** The shop's reference of a payment (the spec's payment_id) or a provider's session id, in a query. */
export const queryPaymentId = z
  .union([z.literal(''), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'payment_not_found' })], {
    error: 'payment_not_found',
  })
  .optional()
  .transform((v) => v || undefined);
