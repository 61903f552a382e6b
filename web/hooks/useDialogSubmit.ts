import { useState } from 'react';
import { useSubmit } from './useSubmit';

/**
 * A dialog whose answer is sent (send my selection, buy this entry): what it is open for, `null` while closed, and
 * the sending (useSubmit). Opening forgets the last attempt's error; the dialog closes once the call and `onDone`
 * (refreshing what the answer changed) have both finished, so the page behind is already up to date.
 */
export function useDialogSubmit<TOpen, TVariables, TResult>(
  call: (variables: TVariables) => Promise<TResult>,
  onDone: (result: TResult) => unknown,
) {
  const [openFor, setOpenFor] = useState<TOpen | null>(null);
  const submit = useSubmit(call, {
    onSuccess: async (result) => {
      await onDone(result);
      setOpenFor(null);
    },
  });
  return {
    ...submit,
    openFor,
    open: (value: TOpen) => {
      submit.reset();
      setOpenFor(value);
    },
    close: () => setOpenFor(null),
  };
}
