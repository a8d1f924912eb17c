import { useRef, useState, type FormEvent } from 'react';
import { ApiBusyError, type ApiResult } from './api.ts';
import { useCatalogue } from './i18n.ts';

interface FieldSubmit<R extends ApiResult> {
  /** True when the field is empty: 'required' under it, nothing sent. */
  empty: boolean;
  send: () => Promise<R>;
  onSuccess: (res: R) => void;
  /**
   * The message to show under the field for a refused answer; undefined puts the answer's message above the
   * form; null: the caller showed the refusal itself (under another field).
   */
  fieldError: (res: R) => string | undefined | null;
}

/**
 * A form whose answer is about one field (spec §5: the first server message per field): the field's error, a
 * form-level message, the sending flag, and focus back on the field when it gets an error. A second submit
 * while one runs is dropped by the API client's one-request flag (ApiBusyError), silently.
 */
export function useFieldSubmit<E extends HTMLElement = HTMLInputElement>() {
  const msg = useCatalogue();
  const ref = useRef<E>(null);
  const [error, setError] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const showError = (message: string) => {
    setError(message);
    ref.current?.focus();
  };

  async function submit<R extends ApiResult>(
    e: FormEvent,
    { empty, send, onSuccess, fieldError }: FieldSubmit<R>,
  ) {
    e.preventDefault();
    setFormMessage(null);
    if (empty) {
      showError(msg('required'));
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const res = await send();
      if (res.state === 200) {
        onSuccess(res);
        return;
      }
      const message = fieldError(res);
      if (message) showError(message);
      else if (message === undefined) setFormMessage(res.message ?? msg('server_error'));
    } catch (err) {
      if (!(err instanceof ApiBusyError)) setFormMessage(msg('server_error'));
    } finally {
      setSending(false);
    }
  }

  return { ref, error, formMessage, sending, submit };
}
