import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import { errorMessageKey } from '../../api/error-messages';
import { toggledPicks } from './picks-logic';
import { proofingApi, proofingKeys, TOGGLE_MUTATION_KEY } from './proofing-api';

/**
 * The signed-in client's picks: the selection, its totals, the gallery's mode and the latest order. A toggle shows at
 * once and the server's answer (the new totals) replaces it; when several toggles overlap, only the last to settle
 * writes, so an early answer never undoes a later click. A refusal puts the server's state back and says why.
 */
export function usePicks(userId: string) {
  const queryClient = useQueryClient();
  const key = proofingKeys.picks(userId);
  const query = useQuery({ queryKey: key, queryFn: proofingApi.picks, staleTime: 30_000 });
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const lastToSettle = () => queryClient.isMutating({ mutationKey: TOGGLE_MUTATION_KEY }) <= 1;

  const toggle = useMutation({
    mutationKey: TOGGLE_MUTATION_KEY,
    mutationFn: ({ mediaId, picked }: { mediaId: string; picked: boolean }) =>
      picked ? proofingApi.pick(mediaId) : proofingApi.unpick(mediaId),
    onMutate: async ({ mediaId, picked }) => {
      setErrorKey(null);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PicksResponse>(key);
      if (previous) queryClient.setQueryData(key, toggledPicks(previous, mediaId, picked));
    },
    onSuccess: (answer) => {
      if (lastToSettle()) queryClient.setQueryData(key, answer);
    },
    onError: (error) => {
      setErrorKey(errorMessageKey(error));
      if (lastToSettle()) void queryClient.invalidateQueries({ queryKey: key });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: proofingKeys.items(userId) }),
  });

  const picks = query.data;
  return {
    query,
    picks,
    picked: (mediaId: string) => picks?.mediaIds.includes(mediaId) ?? false,
    /** Whether the hearts may change the selection now. */
    canPick: picks?.mode === 'proofing' && !picks.locked,
    toggle: (mediaId: string, picked: boolean) => toggle.mutate({ mediaId, picked }),
    errorKey,
    clearError: () => setErrorKey(null),
  };
}

export type PicksState = ReturnType<typeof usePicks>;
