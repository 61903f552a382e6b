import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import { errorMessageKey } from '../../api/error-messages';
import { proofingApi, proofingKeys, TOGGLE_MUTATION_KEY } from '../../api/proofing';
import { toggledPicks } from './picks-logic';

/**
 * Where a selection lives: the client's own gallery (/api/me/picks) or a competition's page (/api/events/:slug/picks).
 * Both answer every change with the whole selection and its totals (PicksResponse).
 */
export interface PicksSource {
  /** The selection's query key (per signed-in user). */
  key: readonly unknown[];
  /** The key every toggle of this selection shares: the last toggle to settle writes the server's answer. */
  toggleKey: readonly unknown[];
  load: () => Promise<PicksResponse>;
  pick: (mediaId: string) => Promise<PicksResponse>;
  unpick: (mediaId: string) => Promise<PicksResponse>;
  /** A list of the picked items themselves, refreshed after each change ("My picks"). */
  itemsKey?: readonly unknown[];
  /** Whether to ask at all (a visitor who may not pick asks nothing). */
  enabled?: boolean;
}

/**
 * A signed-in client's picks: the selection, its totals, the mode and the latest order. A toggle shows at once and
 * the server's answer (the new totals) replaces it; when several toggles overlap, only the last to settle writes, so
 * an early answer never undoes a later click. A refusal puts the server's state back and says why.
 */
export function useSelection(source: PicksSource) {
  const queryClient = useQueryClient();
  const { key, toggleKey, itemsKey } = source;
  const query = useQuery({ queryKey: key, queryFn: source.load, staleTime: 30_000, enabled: source.enabled ?? true });
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const lastToSettle = () => queryClient.isMutating({ mutationKey: toggleKey }) <= 1;

  const toggle = useMutation({
    mutationKey: toggleKey,
    mutationFn: ({ mediaId, picked }: { mediaId: string; picked: boolean }) =>
      picked ? source.pick(mediaId) : source.unpick(mediaId),
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
    onSettled: () => (itemsKey ? queryClient.invalidateQueries({ queryKey: itemsKey }) : undefined),
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

export type PicksState = ReturnType<typeof useSelection>;

/** The client's picks in their own proofing gallery (/me). */
export function usePicks(userId: string): PicksState {
  return useSelection({
    key: proofingKeys.picks(userId),
    toggleKey: TOGGLE_MUTATION_KEY,
    load: proofingApi.picks,
    pick: proofingApi.pick,
    unpick: proofingApi.unpick,
    itemsKey: proofingKeys.items(userId),
  });
}
