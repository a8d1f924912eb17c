import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver from a check that answers one message per field (no message: the field is
 * valid), so a form validates with the contract's rules and shows the catalogue's words.
 */
export function messagesResolver<T extends FieldValues>(
  check: (values: T) => Partial<Record<string, string | undefined>>,
): Resolver<T> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(check(values))) {
      if (message) errors[field] = { type: 'validate', message };
    }
    if (!Object.keys(errors).length) return { values, errors: {} };
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
