import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageKey } from '../api/error-messages';

interface SubmitOptions<TResult, TVariables> {
  /** Runs after the call succeeded; the form stays busy until it settles (e.g. while the session refreshes). */
  onSuccess?: (result: TResult, variables: TVariables) => unknown;
  /** The translation key for a failure; by default the server's code translated (api/error-messages.ts). */
  errorKey?: (error: unknown) => string;
}

/**
 * One way for a form to send: TanStack Query's mutation gives busy and error; `fail` sets an error found before
 * sending (passwords that differ), and a new submit clears the old error. The page shows `t(errorKey)`.
 */
export function useSubmit<TVariables, TResult>(
  call: (variables: TVariables) => Promise<TResult>,
  options: SubmitOptions<TResult, TVariables> = {},
) {
  const [localErrorKey, setLocalErrorKey] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: call, onSuccess: options.onSuccess });
  const toKey = options.errorKey ?? errorMessageKey;
  return {
    submit: (variables: TVariables) => {
      setLocalErrorKey(null);
      mutation.mutate(variables);
    },
    /** Forgets the outcome, as when the form is shown afresh. */
    reset: () => {
      mutation.reset();
      setLocalErrorKey(null);
    },
    fail: (key: string) => {
      mutation.reset();
      setLocalErrorKey(key);
    },
    busy: mutation.isPending,
    done: mutation.isSuccess,
    data: mutation.data,
    error: mutation.error,
    errorKey: localErrorKey ?? (mutation.error ? toKey(mutation.error) : null),
  };
}
