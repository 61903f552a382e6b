import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '../../../shared/gallery-constants';
import type { GalleryPage } from '../../../shared/schemas/gallery';
import type { MediaView } from '../../../shared/schemas/media';
import { useConnectionState } from '../../hooks/useConnectionState';
import { QueryState } from '../QueryState';
import { CollageGrid } from './CollageGrid';
import { FilterBar } from './FilterBar';
import { type GallerySource, galleryPageQuery } from './gallery-api';
import { LazyLightbox } from './LazyLightbox';
import { Pagination } from './Pagination';
import { registerGalleryServiceWorker, warmServiceWorker } from './service-worker';
import { useGalleryUrl } from './useGalleryUrl';
import { prefersSavingData, preloadPageImages, warmFollowingPages, whenIdle } from './warm';
import './gallery.css';

export interface GalleryViewProps {
  source: GallerySource;
  /** Shown while the first page loads. */
  loadingText: string;
  /** Shown when the page cannot be loaded. */
  errorText: string;
  /** Shown instead of the per-filter empty text (the private gallery has its own). */
  emptyText?: string;
  /** Buttons beside the filters (Download all). */
  toolbar?: ReactNode;
  /** Buttons in the lightbox for the open item (Download). */
  lightboxActions?: (item: MediaView) => ReactNode;
  /** Buttons over each tile, beside (never inside) its open button; `number` is the tile's place in the gallery. */
  tileActions?: (item: MediaView, number: number) => ReactNode;
  /** Items a page: the collage's 6 unless the view asks for more (a client's dense grid). */
  pageSize?: number;
  /** Lays out one page instead of the collage (a client's dense grid); gets what the collage would. */
  renderGrid?: (grid: GridProps) => ReactNode;
}

/** What lays out one page of tiles: the collage, or a view's own grid. */
export interface GridProps {
  items: MediaView[];
  /** The number the first tile carries in its label (its place in the whole gallery). */
  firstNumber: number;
  onOpen: (item: MediaView) => void;
  tileActions?: (item: MediaView, number: number) => ReactNode;
}

/**
 * A gallery: filters, the collage of one page, page buttons and the lightbox, with the state in the URL. It
 * prefetches the next page when idle, then warms the pages after it in the background, unless the visitor saves data.
 */
export function GalleryView({
  source,
  loadingText,
  errorText,
  emptyText,
  toolbar,
  lightboxActions,
  tileActions,
  pageSize = PAGE_SIZE,
  renderGrid,
}: GalleryViewProps) {
  const { t } = useTranslation('gallery');
  const url = useGalleryUrl();
  const { type, page } = url;
  const queryClient = useQueryClient();
  const query = useQuery(galleryPageQuery(source, type, page, pageSize));
  const data = query.data;
  const offline = useConnectionState((state) => state === 'offline');
  const lastTotal = useRef<{ type: string; total: number } | null>(null);

  useEffect(() => {
    void registerGalleryServiceWorker();
  }, []);

  // A page past the end, or a change in the number of results, goes back to page 1.
  useEffect(() => {
    if (!data) return;
    const previous = lastTotal.current;
    lastTotal.current = { type, total: data.total };
    const changed = previous !== null && previous.type === type && previous.total !== data.total;
    if (page !== 1 && (changed || (data.pageCount > 0 && page > data.pageCount))) url.setPage(1, { replace: true });
  }, [data, type, page, url.setPage]);

  // Idle time: the worker keeps what this page loaded; the next page's data and pictures are fetched; then the
  // pages after it are warmed in the background to the last one. Nothing ahead on Save-Data or 2g.
  useEffect(() => {
    if (!data) return;
    const controller = new AbortController();
    const loadPage = async (n: number) =>
      (await queryClient.fetchQuery(galleryPageQuery(source, type, n, pageSize))).items;
    const cancel = whenIdle(() => {
      warmServiceWorker();
      if (page >= data.pageCount || prefersSavingData()) return;
      void loadPage(page + 1)
        .then((next) => preloadPageImages(next))
        .then(() =>
          warmFollowingPages({ fromPage: page + 2, pageCount: data.pageCount, signal: controller.signal, loadPage }),
        )
        .catch(() => undefined);
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [data, page, type, source, queryClient, pageSize]);

  const items = data?.items ?? [];
  const openIndex = url.item ? items.findIndex((item) => item.id === url.item) : -1;
  const open = openIndex >= 0 ? items[openIndex] : undefined;
  const firstNumber = (page - 1) * pageSize + 1;

  /** The open item's neighbour on the next page (its first) or the previous one (its last). */
  const acrossPage = async (move: -1 | 1) => {
    const otherPage = page + move;
    if (!data || otherPage < 1 || otherPage > data.pageCount) return undefined;
    const other: GalleryPage = await queryClient.fetchQuery(galleryPageQuery(source, type, otherPage, pageSize));
    return move === 1 ? other.items[0] : other.items.at(-1);
  };

  const step = async (move: -1 | 1) => {
    const inPage = items[openIndex + move];
    if (inPage) {
      url.showItem(inPage.id, page);
      return;
    }
    const next = await acrossPage(move);
    if (next) url.showItem(next.id, page + move);
  };

  return (
    <div className="gallery">
      {offline ? (
        <p className="offline-banner" role="status">
          {t('connection.offline', { ns: 'common' })}
        </p>
      ) : null}
      <div className="gallery__toolbar">
        <FilterBar type={type} onType={url.setType} />
        {toolbar}
      </div>
      <QueryState
        query={query}
        loading={loadingText}
        error={errorText}
        errorHint={t('error.media')}
        isEmpty={() => items.length === 0}
        empty={emptyText ?? t(`empty.${type}`)}
        className="gallery__state"
        keepDataOnError
      >
        {() =>
          renderGrid ? (
            renderGrid({ items, firstNumber, onOpen: (item) => url.openItem(item.id), tileActions })
          ) : (
            <CollageGrid
              items={items}
              firstNumber={firstNumber}
              onOpen={(item) => url.openItem(item.id)}
              tileActions={tileActions}
            />
          )
        }
      </QueryState>
      {data ? (
        <Pagination
          page={page}
          pageCount={data.pageCount}
          onPage={(n) => {
            url.setPage(n);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
      {open && data ? (
        <LazyLightbox
          item={open}
          number={firstNumber + openIndex}
          total={data.total}
          hasPrevious={openIndex > 0 || page > 1}
          hasNext={openIndex < items.length - 1 || page < data.pageCount}
          onStep={(move) => void step(move)}
          onClose={url.closeItem}
          actions={lightboxActions?.(open)}
          neighbours={[items[openIndex - 1], items[openIndex + 1]]}
          loadAcrossPage={acrossPage}
        />
      ) : null}
    </div>
  );
}
