import { useId } from 'react';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';

/**
 * A call a member or staff start (a submit, Buy, Ship, Publish): TanStack Query's useMutation, plus `send`, which does
 * nothing while this mutation is pending, so a double click sends one request. The guard belongs to this
 * mutation alone (other calls go on meanwhile); its button shows `isPending` as disabled.
 *
 * `send` asks the mutation cache whether this mutation is pending rather than reading `isPending` from the last
 * render: a second click in the same frame still sees the render before the first one.
 * The mutation's function answers the envelope (a refusal is an answer, not an error); `onError` is for a call
 * that got no answer (network).
 */
export function useSubmit<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationKey'>,
) {
  const queryClient = useQueryClient();
  const mutationKey = ['submit', useId()];
  const mutation = useMutation({ ...options, mutationKey });
  const send = (variables: TVariables) => {
    if (queryClient.isMutating({ mutationKey, exact: true }) > 0) return;
    mutation.mutate(variables);
  };
  return { ...mutation, send };
}
