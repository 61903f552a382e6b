import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/i18n/languages';
import type { MediaView } from '../../../shared/schemas/media';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import { proofingApi, proofingKeys } from '../../api/proofing';
import { DownloadButton } from '../../components/Gallery/DownloadButton';
import type { GridProps } from '../../components/Gallery/GalleryView';
import type { GallerySource } from '../../components/Gallery/gallery-api';
import { ToggleButtons } from '../../components/Gallery/ToggleButtons';
import { OrderStatusPanel } from '../../components/Picking/OrderStatusPanel';
import { pickSlots, SendSelection } from '../../components/Picking/SelectionTools';
import type { PicksState } from '../../components/Picking/usePicks';
import { GalleryDownloadAll } from '../../components/Sale/GalleryDownloadAll';
import { offersGalleryDownload } from '../../components/Sale/gallery-downloads';
import { useDialogSubmit } from '../../hooks/useDialogSubmit';
import { useSearchParams } from '../../router';
import { PicksView } from './PicksView';
import { PrivateGalleryView } from './PrivateGalleryView';
import './proofing.css';

type View = 'all' | 'picks';
const VIEWS: readonly View[] = ['all', 'picks'];

/** All photos / My picks, kept in the URL (`?view=picks`) so Back and a reload keep it. */
function useView(): [View, (view: View) => void] {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'picks' ? 'picks' : 'all';
  const setView = (next: View) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      for (const key of ['view', 'page', 'item', 'type']) updated.delete(key);
      if (next === 'picks') updated.set('view', 'picks');
      return updated;
    });
  return [view, setView];
}

function ViewSwitch({ view, count, onView }: { view: View; count: number; onView: (view: View) => void }) {
  const { t } = useTranslation('proofing');
  return (
    <ToggleButtons
      className="proofing-views"
      label={t('view.label')}
      options={VIEWS}
      value={view}
      onChange={onView}
      text={(option) =>
        option === 'all' ? (
          t('view.all')
        ) : (
          <>
            {t('view.picks')} <bdi className="proofing-views__count">{count}</bdi>
          </>
        )
      }
    />
  );
}

interface ProofingGalleryProps {
  userId: string;
  source: GallerySource;
  language: Language;
  state: PicksState & { picks: PicksResponse };
  /** The client's layout (dense grid or collage) and its switch with the item count, from ClientGallery. */
  layout?: { pageSize: number; renderGrid?: (grid: GridProps) => ReactNode; toolbar: ReactNode };
}

/**
 * The client's gallery in proofing: watermarked proofs with a heart on each, the "My picks" view, the live summary,
 * the note and "Send my selection"; once sent, the selection locks and the order's status shows above the photos.
 * Items the photographer has delivered come clean, with their Download button and no heart, and Download All offers
 * them together; nothing else can be downloaded.
 */
export function ProofingGallery({ userId, source, language, state, layout }: ProofingGalleryProps) {
  const { t } = useTranslation(['proofing', 'gallery']);
  const queryClient = useQueryClient();
  const { picks } = state;
  const [view, setView] = useView();
  const [justSent, setJustSent] = useState(false);
  const send = useDialogSubmit<true, string, unknown>(proofingApi.submit, async () => {
    await queryClient.invalidateQueries({ queryKey: proofingKeys.picks(userId) });
    setJustSent(true);
  });

  const { tileActions, lightboxActions: heart } = pickSlots(state);
  const lightboxActions = (item: MediaView) => (
    <>
      {heart(item)}
      {item.proof ? null : <DownloadButton item={item} />}
    </>
  );
  const toolbar = <ViewSwitch view={view} count={picks.count} onView={setView} />;

  return (
    <div className="proofing" data-testid="proofing" data-locked={picks.locked}>
      {picks.order ? <OrderStatusPanel order={picks.order} language={language} focusOnShow={justSent} /> : null}
      {offersGalleryDownload(picks) ? <GalleryDownloadAll count={picks.delivered} /> : null}
      {picks.locked ? null : <p className="proofing__intro">{t('intro')}</p>}
      {view === 'picks' ? (
        <PicksView userId={userId} toolbar={toolbar} tileActions={tileActions} lightboxActions={lightboxActions} />
      ) : (
        <PrivateGalleryView
          source={source}
          tools={
            <>
              {toolbar}
              {layout?.toolbar}
            </>
          }
          tileActions={tileActions}
          lightboxActions={lightboxActions}
          pageSize={layout?.pageSize}
          renderGrid={layout?.renderGrid}
        />
      )}
      <SendSelection picks={picks} language={language} errorKey={state.errorKey} send={send} />
    </div>
  );
}
