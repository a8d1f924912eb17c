import { z } from 'zod';

/**
 * The API envelope as zod schemas (ARCHITECTURE.md §The API envelope). They live apart from envelope.ts, which
 * the web app imports into its first-paint bundle and so stays free of zod; the types there derive from these.
 *
 * Each route's answer schema sits in the file of its feature (draws.ts, payments.ts …) and names only the
 * route's own fields; `okAnswer(schema)` adds `state` and `csrf`, so the server registers the 200 response as
 * `okAnswer(xxxSchema)` and the web parses the answer with the same. Objects are not strict: a field the
 * contract does not name is stripped, never passed on.
 */

/** The csrf token pair every answer carries (bound to the session, guests included). */
export const csrfSchema = z.object({ name: z.string(), value: z.string() });

/** Field errors: the first message per field is what the member sees. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** The `state` of the body (envelope.ts State): what the client reads, whatever the HTTP status. */
export const stateSchema = z.number().int();

/** Each field error's catalogue key (messages.ts), beside its text: what clients and tests match. */
export const errorCodesSchema = z.record(z.string(), z.string());

/**
 * What every answer carries; `errors` and `message` come with refusals (and a few successes with a message). A
 * refusal's `code` is the catalogue key of its `message` (the first field error's when it has no message of its
 * own) and `error_codes` the key of each field's: stable whatever the member's language.
 */
export const envelopeBaseSchema = z.object({
  state: stateSchema,
  csrf: csrfSchema,
  errors: fieldErrorsSchema.optional(),
  error_codes: errorCodesSchema.optional(),
  message: z.string().optional(),
  code: z.string().optional(),
});

/**
 * A success answer sent with HTTP 200: the route's fields plus `state` and `csrf`. `state` is 200, or 204
 * ("nothing to do", e.g. the decision's result '-1'), which is sent with HTTP 200 too.
 */
export function okAnswer<Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig>(
  schema: z.ZodObject<Shape, Config>,
) {
  return schema.extend({ state: stateSchema, csrf: csrfSchema });
}

/**
 * The answer of a route with nothing to say beyond `state` and `csrf`: POST /user/confirm, /user/append_address,
 * /user/changeUserInformation, /user/change, /user/send_sms, /user/check_sms; GET /user/logout,
 * /user/delete_is_user_register (and their camelCase aliases).
 */
export const emptyAnswerSchema = z.object({});
export type EmptyAnswer = z.infer<typeof emptyAnswerSchema>;

/**
 * A refusal (any `state` other than 200 and 204; HTTP 4xx, 409 for 999, 503 for 9999). Loose: some routes add
 * fields of their own (the purchase refusal's `reason`, a payment's `result` '0' and `payment_id`), which pass.
 */
export const errorAnswerSchema = z.looseObject(envelopeBaseSchema.shape);
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
