import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DENSE_PAGE_SIZE } from '../../../shared/gallery-constants';
import type { Language } from '../../../shared/i18n/languages';
import type { ClientOrder } from '../../../shared/schemas/proofing';
import type { SessionUser } from '../../../shared/schemas/session';
import { DownloadButton } from '../../components/Gallery/DownloadButton';
import type { GridProps } from '../../components/Gallery/GalleryView';
import { type GallerySource, galleryPageQuery } from '../../components/Gallery/gallery-api';
import { readGalleryUrl, useGalleryUrl } from '../../components/Gallery/useGalleryUrl';
import { OrderStatusPanel } from '../../components/Picking/OrderStatusPanel';
import { type PicksState, usePicks } from '../../components/Picking/usePicks';
import { LoadingLine } from '../../components/QueryState';
import { GalleryDownloadAll } from '../../components/Sale/GalleryDownloadAll';
import { useNamespace } from '../../hooks/useNamespace';
import { currentLanguage } from '../../i18n';
import { DenseGrid } from './DenseGrid';
import { EmptyGallery } from './EmptyGallery';
import {
  type GalleryLayout,
  layoutFor,
  PAGE_SIZE_OF,
  pageAfterSwitch,
  readLayout,
  rememberLayout,
} from './gallery-layout';
import { LayoutSwitch } from './LayoutSwitch';
import { PrivateGalleryView } from './PrivateGalleryView';
import { ProofingGallery } from './ProofingGallery';
import './client-gallery.css';

/** The latest order above a delivered gallery (the photographer delivered it by switching the whole gallery). */
function DeliveredOrder({ order }: { order: ClientOrder }) {
  const { i18n } = useTranslation();
  const ready = useNamespace('proofing');
  return ready ? <OrderStatusPanel order={order} language={currentLanguage(i18n)} /> : null;
}

/** Proofing needs its texts before it can show a heart; until then, the gallery's loading line. */
function ProofingWhenReady(props: Parameters<typeof ProofingGallery>[0]) {
  const { t } = useTranslation('gallery');
  const ready = useNamespace('proofing');
  return ready ? (
    <ProofingGallery {...props} />
  ) : (
    <LoadingLine text={t('me.loadingGallery')} className="gallery__state" />
  );
}

/** localStorage, or nothing where the browser refuses it. */
function deviceStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * How many items the whole gallery holds, whatever the filter shows: the first dense page of "all" knows (and is the
 * page a big gallery opens on anyway).
 */
function useGalleryTotal(source: GallerySource): { total: number | null; pending: boolean } {
  const query = useQuery(galleryPageQuery(source, 'all', 1, DENSE_PAGE_SIZE));
  return { total: query.data?.total ?? null, pending: query.isPending && !query.isError };
}

/**
 * The client's layout: the one chosen on this device, else the dense grid for a big gallery and the large collage
 * for a small one (layoutFor). Switching remembers the choice and keeps the first item of the page in view: the page
 * number in the URL becomes the other layout's page that holds it.
 */
function useClientLayout(total: number | null) {
  const url = useGalleryUrl();
  const [chosen, setChosen] = useState<GalleryLayout | null>(() => readLayout(deviceStorage()));
  const layout = layoutFor(chosen, total ?? 0);
  const choose = (next: GalleryLayout) => {
    if (next === layout) return;
    rememberLayout(deviceStorage(), next);
    const page = pageAfterSwitch(url.page, PAGE_SIZE_OF[layout], PAGE_SIZE_OF[next]);
    if (page !== url.page) url.setPage(page, { replace: true });
    setChosen(next);
  };
  const renderGrid = layout === 'grid' ? (grid: GridProps) => <DenseGrid {...grid} /> : undefined;
  return { layout, choose, pageSize: PAGE_SIZE_OF[layout], renderGrid };
}

/**
 * A verified client's gallery. The picks answer says which mode it is in: `delivered`, the gallery as it always was
 * (Download, and Download all at web size or full size); `proofing`, proofs to pick from (ProofingGallery). The first gallery page is asked for at
 * the same time, so knowing the mode costs no extra wait. If the picks cannot be read, the delivered view is shown:
 * the server refuses any download that is not the client's anyway. Both come as a dense grid by default (a
 * competition is hundreds of photos) or as the large collage, with the item count; an empty gallery says what
 * happens next.
 */
export function ClientGallery({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation(['common', 'gallery']);
  const queryClient = useQueryClient();
  const source = useMemo(() => ({ kind: 'private' as const, userId: user.id }), [user.id]);
  const state = usePicks(user.id);
  const { total, pending } = useGalleryTotal(source);

  // The page in the URL is asked for with the dense size at once: a big gallery (the one where waiting shows) opens
  // on the dense grid unless the client chose otherwise.
  useEffect(() => {
    const { type, page } = readGalleryUrl(new URLSearchParams(window.location.search));
    const chosen = readLayout(deviceStorage());
    if (chosen !== 'large') void queryClient.prefetchQuery(galleryPageQuery(source, type, page, DENSE_PAGE_SIZE));
  }, [queryClient, source]);

  // Without a total (the count could not be read) the gallery still shows, in the layout chosen or the collage.
  if (state.query.isPending || pending) {
    return <LoadingLine text={t('gallery:me.loadingGallery')} className="gallery__state" />;
  }
  return <ClientGalleryBody user={user} source={source} state={state} total={total} language={currentLanguage(i18n)} />;
}

function ClientGalleryBody({
  user,
  source,
  state,
  total,
  language,
}: {
  user: SessionUser;
  source: GallerySource;
  state: PicksState;
  total: number | null;
  language: Language;
}) {
  const { t } = useTranslation(['common', 'gallery']);
  const { picks } = state;
  const layout = useClientLayout(total);
  const switchAndCount = (
    <>
      <LayoutSwitch layout={layout.layout} onLayout={layout.choose} />
      {total === null ? null : (
        <p className="client-gallery__count" data-testid="gallery-count">
          {t('gallery:me.count', { count: total })}
        </p>
      )}
    </>
  );
  if (picks?.mode === 'proofing') {
    return (
      <ProofingWhenReady
        userId={user.id}
        source={source}
        language={language}
        state={{ ...state, picks }}
        layout={{ ...layout, toolbar: switchAndCount }}
      />
    );
  }
  return (
    <>
      {picks?.order ? <DeliveredOrder order={picks.order} /> : null}
      {total === 0 ? (
        <EmptyGallery />
      ) : (
        <>
          <GalleryDownloadAll count={total} />
          <PrivateGalleryView
            source={source}
            tools={switchAndCount}
            lightboxActions={(item) => <DownloadButton item={item} />}
            pageSize={layout.pageSize}
            renderGrid={layout.renderGrid}
          />
        </>
      )}
    </>
  );
}
