import { useRef, useState } from 'react';
import { catalogue } from '@gacha/client/i18n';
import { useSubmit } from '@gacha/client/use-submit';
import {
  useForm,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { isOk, type ApiAnswer, type Success } from './api.ts';

export { catalogue, useSubmit };

/**
 * How every console form checks itself and shows the server's answer, as in the shop (react-hook-form + the
 * contract's zod schemas, here `@gacha/contract/admin`):
 *
 * - `schemaResolver(schema, toPayload)`: the form's values made into the call's payload and parsed with the
 *   schema the server parses it with; each issue's message is a catalogue key (contract messages.ts), shown in
 *   the staff member's language under its field (`prizes.0.quantity` for a row of a list);
 * - `useApiForm`: the call as a mutation (a second submit while it runs is ignored, `pending` disables the
 *   button), the answer's `errors: {field: [text]}` on the form's fields (the first focused), any other refusal
 *   above the form.
 */

type Messages = Record<string, string>;

/** The issues of `schema` on `payload`: the first message per field path, translated. */
export function schemaMessages(
  schema: ZodType,
  payload: unknown,
  field: (path: string) => string | null = (p) => p,
): Messages {
  const out: Messages = {};
  const parsed = schema.safeParse(payload);
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const name = field(issue.path.map(String).join('.'));
    if (name === null || out[name]) continue;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    // a range's bounds (contract admin.ts int): 10,000,000 rather than 10000000, as the server writes them
    const bounds =
      'params' in issue && issue.params
        ? Object.fromEntries(
            Object.entries(issue.params as Record<string, unknown>).map(([k, v]) => [
              k,
              typeof v === 'number' ? v.toLocaleString('en-US') : String(v),
            ]),
          )
        : {};
    out[name] = catalogue(issue.message, max !== undefined ? { max, ...bounds } : bounds);
  }
  return out;
}

/** Nested react-hook-form errors from flat paths ('prizes.0.quantity'). */
function nest(flat: Messages): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = { type: 'validate', message };
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

/**
 * A resolver that checks the values as `toPayload` sends them with the contract's `schema`; `extra` adds the
 * form's own checks (their messages win). `field` maps a payload path to the form's field (null: not shown).
 */
export function schemaResolver<T extends FieldValues>(
  schema: ZodType,
  toPayload: (values: T) => unknown,
  opts: { extra?: (values: T) => Messages; field?: (path: string) => string | null } = {},
): Resolver<T> {
  return async (values) => {
    const messages = { ...schemaMessages(schema, toPayload(values), opts.field), ...opts.extra?.(values) };
    if (!Object.keys(messages).length) return { values, errors: {} };
    return { values: {}, errors: nest(messages) as FieldErrors<T> };
  };
}

/** Focuses the first field named in `names` in the order the form shows its fields. */
export function focusFirst(form: HTMLFormElement | null, names: Iterable<string>) {
  const wanted = new Set(names);
  for (const el of Array.from(form?.elements ?? [])) {
    const name = (el as HTMLInputElement).name;
    if (name && wanted.has(name)) {
      (el as HTMLElement).focus();
      return;
    }
  }
}

/** The dotted paths of react-hook-form's nested errors. */
function errorPaths(errors: object, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof (value as { message?: unknown }).message === 'string') out.push(path);
    else out.push(...errorPaths(value, path));
  }
  return out;
}

interface ApiFormOptions<T extends FieldValues, R extends object> extends UseFormProps<T> {
  send: (values: T) => Promise<ApiAnswer<R>>;
  onSuccess: (res: Success<R>, values: T) => void | Promise<void>;
  /** The form's fields the answer's `errors` may name (`rename`: the server's names → the form's). */
  fields: readonly FieldPath<T>[];
  rename?: Record<string, string>;
}

export function useApiForm<T extends FieldValues, R extends object>({
  send,
  onSuccess,
  fields,
  rename = {},
  ...formProps
}: ApiFormOptions<T, R>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const form = useForm<T>({ shouldFocusError: false, ...formProps });
  const { setError } = form;

  const mutation = useSubmit({
    mutationFn: send,
    onSuccess: async (res, values) => {
      if (isOk(res)) return onSuccess(res, values);
      const placed: string[] = [];
      for (const [name, list] of Object.entries(res.errors ?? {})) {
        const field = (rename[name] ?? name) as FieldPath<T>;
        const first = Array.isArray(list) ? list[0] : undefined;
        if (!fields.includes(field) || !first || placed.includes(field)) continue;
        setError(field, { type: 'server', message: String(first) });
        placed.push(field);
      }
      focusFirst(formRef.current, placed);
      if (!placed.length) setFormMessage(res.message ?? catalogue('server_error'));
    },
    onError: () => setFormMessage(catalogue('server_error')),
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      setFormMessage(null);
      mutation.send(values);
    },
    (invalid) => focusFirst(formRef.current, errorPaths(invalid)),
  );

  return { form, formRef, onSubmit, pending: mutation.isPending, formMessage, setFormMessage };
}
