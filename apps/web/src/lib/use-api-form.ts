import { useRef, useState } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { ApiAnswer } from './api.ts';
import { focusFirstError } from './focus-first-error.ts';
import { useCatalogue } from './i18n.ts';
import { showServerErrors } from './messages-resolver.ts';
import { useSubmit } from '@gacha/client/use-submit';

/** Where a message that names no field of the form goes: above the form, or under one field (focused). */
type Place<T extends FieldValues> = 'form' | FieldPath<T>;

interface ApiFormOptions<T extends FieldValues, R extends ApiAnswer> extends UseFormProps<T> {
  /** The call, with the checked values. */
  send: (values: T) => Promise<R>;
  /** Whether the answer is a success (default: state 200). */
  succeeded?: (res: R) => boolean;
  /** A promise keeps the form pending until it settles. */
  onSuccess: (res: R, values: T) => void | Promise<void>;
  /** The form's fields the answer's `errors` may name (`rename`: the server's names → the form's). */
  fields: readonly FieldPath<T>[];
  rename?: Record<string, string>;
  /** A refusal naming none of `fields`: where its text goes (default above the form) and what it says. */
  refusal?: Place<T>;
  refusalText?: (res: R) => string | undefined;
  /** No answer (network): where 'server_error' goes (default: where a refusal goes). */
  failure?: Place<T>;
}

/**
 * A form that sends one call (spec §5, ARCHITECTURE.md: react-hook-form + the contract's zod schemas): the
 * resolver checks the values first and the first field with a message is focused, in the order shown; the
 * call is a mutation, so a second submit while it runs is ignored (`pending` disables the button); the
 * answer's field errors go to their fields (the first focused), any other refusal to `refusal`.
 */
export function useApiForm<T extends FieldValues, R extends ApiAnswer>({
  send,
  succeeded = (res) => res.state === 200,
  onSuccess,
  fields,
  rename,
  refusal = 'form',
  refusalText,
  failure = refusal,
  ...formProps
}: ApiFormOptions<T, R>) {
  const msg = useCatalogue();
  const formRef = useRef<HTMLFormElement>(null);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const form = useForm<T>({ shouldFocusError: false, ...formProps });
  const { setError } = form;

  const show = (place: Place<T>, message: string) => {
    if (place === 'form') {
      setFormMessage(message);
      return;
    }
    setError(place, { type: 'server', message });
    focusFirstError(formRef.current, { [place]: true });
  };

  const mutation = useSubmit({
    mutationFn: send,
    onSuccess: (res, values) => {
      if (succeeded(res)) return onSuccess(res, values);
      if (!showServerErrors(formRef.current, res.errors, setError, fields, rename)) {
        show(refusal, refusalText?.(res) ?? res.message ?? msg('server_error'));
      }
    },
    onError: () => show(failure, msg('server_error')),
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      setFormMessage(null);
      mutation.send(values);
    },
    (invalid) => focusFirstError(formRef.current, invalid),
  );

  return { form, formRef, onSubmit, pending: mutation.isPending, formMessage, setFormMessage, show };
}
