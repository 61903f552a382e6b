import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { proofingApi, proofingKeys } from '../../api/proofing';
import { CollageGrid } from '../../components/Gallery/CollageGrid';
import { useListViewer } from '../../components/Picking/ListViewer';

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
      {query.isPending ? (
        <p className="gallery__state muted" role="status">
          {t('picksView.loading')}
        </p>
      ) : query.isError ? (
        <div className="gallery__state" role="alert">
          <p>{t('picksView.error')}</p>
          <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
            {t('gallery:error.retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="gallery__state muted">{t('picksView.empty')}</p>
      ) : (
        <CollageGrid items={items} firstNumber={1} onOpen={open} tileActions={tileActions} />
      )}
      {viewer}
    </div>
  );
}
