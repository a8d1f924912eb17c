import type { FieldErrors, FieldPath, FieldValues, Resolver, UseFormSetError } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { FieldErrors as ServerErrors } from '@gacha/contract/envelope';
import { focusFirstError } from './focus-first-error.ts';
import { catalogue } from './i18n.ts';

/**
 * How every form checks itself and shows the server's answer (react-hook-form + the contract's zod schemas):
 *
 * - `schemaResolver`: the form's values made into the call's payload and parsed with the contract's schema, the
 *   one the server parses them with; each issue's message is a catalogue key, shown in the member's language
 *   (spec §5: the first message per field).
 * - `showServerErrors`: the answer's `errors: {field: [message]}` put on the form's fields, the first of them in
 *   the form's order focused.
 */

type Messages = Partial<Record<string, string | undefined>>;
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A react-hook-form resolver from a check that answers one message per field (no message: the field is
 * valid), so a form validates with the contract's rules and shows the catalogue's words.
 */
export function messagesResolver<T extends FieldValues>(check: (values: T) => Messages): Resolver<T> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(check(values))) {
      if (message) errors[field] = { type: 'validate', message };
    }
    if (!Object.keys(errors).length) return { values, errors: {} };
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/**
 * The issues of `schema` on `payload` as the first message per field, translated. `field` names the form field
 * of a payload field (null: not on this form; by default the same name).
 */
export function schemaMessages(
  schema: ZodType,
  payload: unknown,
  {
    field = (name: string) => name,
    tr = catalogue,
  }: { field?: (name: string) => string | null; tr?: Translate } = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  const parsed = schema.safeParse(payload);
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const name = field(String(issue.path[0] ?? ''));
    if (!name || out[name]) continue;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    out[name] = tr(issue.message, max !== undefined ? { max } : {});
  }
  return out;
}

/**
 * A resolver that checks the values as `toPayload` sends them with the contract's `schema`; `extra` adds the
 * form's own checks (a confirmation that must match, a box that must be ticked), whose messages win over the
 * schema's (a field `extra` leaves without a message keeps the schema's).
 */
export function schemaResolver<T extends FieldValues>(
  schema: ZodType,
  toPayload: (values: T) => unknown,
  extra?: (values: T) => Messages,
): Resolver<T> {
  return messagesResolver<T>((values) => {
    const messages: Messages = schemaMessages(schema, toPayload(values));
    for (const [field, message] of Object.entries(extra?.(values) ?? {})) {
      if (message) messages[field] = message;
    }
    return messages;
  });
}

/**
 * Puts the first message of each field of an answer's `errors` on the form's field of that name (`rename` maps
 * the server's names to the form's), and focuses the first in the order the form shows them. Answers how many it
 * placed: none means the caller shows the refusal elsewhere.
 */
export function showServerErrors<T extends FieldValues>(
  form: HTMLFormElement | null,
  errors: ServerErrors | undefined,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  rename: Record<string, string> = {},
): number {
  const placed: Record<string, true> = {};
  for (const [name, list] of Object.entries(errors ?? {})) {
    const field = (rename[name] ?? name) as FieldPath<T>;
    const first = Array.isArray(list) ? list[0] : undefined;
    if (!fields.includes(field) || !first || placed[field]) continue;
    setError(field, { type: 'server', message: String(first) });
    placed[field] = true;
  }
  focusFirstError(form, placed);
  return Object.keys(placed).length;
}
