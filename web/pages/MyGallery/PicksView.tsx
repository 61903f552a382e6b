import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { proofingApi, proofingKeys } from '../../api/proofing';
import { CollageGrid } from '../../components/Gallery/CollageGrid';
import { useListViewer } from '../../components/Picking/ListViewer';
import { QueryState } from '../../components/QueryState';

interface PicksViewProps {
  userId: string;
  /** The view switch (All photos / My picks), in the place the gallery's filters take. */
  toolbar: ReactNode;
  tileActions: (item: MediaView, number: number) => ReactNode;
  lightboxActions: (item: MediaView) => ReactNode;
}

/**
 * "My picks": only the picked items (GET /api/me/picks/items, as proofs), in the same collage and viewer as the
 * gallery. Un-picking one here takes it off the list once the server has answered.
 */
export function PicksView({ userId, toolbar, tileActions, lightboxActions }: PicksViewProps) {
  const { t } = useTranslation(['proofing', 'gallery']);
  const query = useQuery({ queryKey: proofingKeys.items(userId), queryFn: proofingApi.pickedItems });
  const items = query.data?.items ?? [];
  const { open, viewer } = useListViewer(items, lightboxActions);
  return (
    <div className="gallery" data-testid="picks-view">
      <div className="gallery__toolbar">{toolbar}</div>
      <QueryState
        query={query}
        loading={t('picksView.loading')}
        error={t('picksView.error')}
        isEmpty={() => items.length === 0}
        empty={t('picksView.empty')}
        className="gallery__state"
      >
        {() => <CollageGrid items={items} firstNumber={1} onOpen={open} tileActions={tileActions} />}
      </QueryState>
      {viewer}
    </div>
  );
}
