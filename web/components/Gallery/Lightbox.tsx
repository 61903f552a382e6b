import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { documentDirection, stepForKey } from './direction';
import { LightboxButton } from './LightboxButton';
import { LightboxMedia } from './LightboxMedia';
import { useViewerGestures } from './useViewerGestures';
import { DOUBLE_TAP_SCALE, MAX_SCALE, viewForKey, ZOOM_STEP, zoomBy, zoomTransform } from './zoom';
import './viewer.css';

export interface LightboxProps {
  item: MediaView;
  /** 1-based place of the item in the gallery, and the gallery's size, for "3 of 40". */
  number: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onStep: (step: -1 | 1) => void;
  onClose: () => void;
  /** Extra buttons (the private gallery's Download). */
  actions?: ReactNode;
  /** The items either side: their pictures are fetched ahead, at the size the viewer will show them. */
  neighbours?: ReadonlyArray<MediaView | undefined>;
  /**
   * A gallery in pages: the neighbour on the page before (its last item) or after (its first), for the open item at
   * either end of its page, so stepping across a page boundary finds its picture fetched ahead too.
   */
  loadAcrossPage?: (move: -1 | 1) => Promise<MediaView | undefined>;
}

const FOCUSABLE = 'button:not([disabled]), [href], video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * The `sizes` of a picture in the viewer: it is fitted into the stage, at most the screen's width and its height less
 * the top bar and a margin (4.5rem; a phone's bottom bar takes more), so it is as wide as the screen or as high as the
 * stage allows, whichever comes first. A zoomed picture asks for a larger file. The neighbours' preloads use the same value, so the browser picks the same
 * file from the srcset for both.
 */
export function viewerSizes(item: MediaView, scale = 1): string {
  const ratio = (item.width / item.height).toFixed(3);
  const fitted = `min(100vw, (100dvh - 4.5rem) * ${ratio})`;
  return scale > 1 ? `calc(${fitted} * ${scale})` : fitted;
}

/**
 * The full-screen viewer: an opaque dark stage with the photo fitted as large as the screen allows (edge to edge on a
 * phone) or the video with its controls. The counter, the item's actions and Close sit in a bar at the top, Previous
 * and Next at the sides (at the bottom on a phone), all in fixed places whatever the photo's shape. Escape and a
 * click beside the photo close it; Tab stays inside; focus returns to the tile that opened it. Arrow keys and swipes
 * step in the reading direction (in RTL, ArrowLeft is next); a swipe down closes; double tap and pinch zoom, and a
 * zoomed photo pans. The keyboard zooms too (`+` or `=` in, `-` out, `0` fitted, as do the bar's two zoom buttons),
 * and while the photo is zoomed the arrows pan it instead: they step to another photo only at zoom 1. The
 * neighbours' pictures are fetched ahead. While it is open the page behind is inert.
 */
export function Lightbox(props: LightboxProps) {
  const { item, number, total, hasPrevious, hasNext, onStep, onClose, actions, neighbours = [] } = props;
  const preloads = useNeighboursAcrossPages(item.id, neighbours, hasPrevious, hasNext, props.loadAcrossPage);
  const { t } = useTranslation('gallery');
  const overlayRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLElement>(null);
  const isVideo = item.kind === 'video' && item.video !== null;
  const gestures = useViewerGestures({
    itemKey: item.id,
    zoomable: !isVideo,
    stageRef,
    boxRef,
    onStep: (move) => {
      if ((move === 1 && hasNext) || (move === -1 && hasPrevious)) onStep(move);
    },
    onClose,
  });
  const { consumeDrag, changeView } = gestures;
  const latest = useRef({ onStep, onClose, hasPrevious, hasNext, consumeDrag, changeView });
  latest.current = { onStep, onClose, hasPrevious, hasNext, consumeDrag, changeView };

  // Focus moves in on open and back to the opener on close; the page behind cannot be reached meanwhile.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    document.body.classList.add('has-lightbox');
    closeRef.current?.focus();
    return () => {
      root?.removeAttribute('inert');
      document.body.classList.remove('has-lightbox');
      opener?.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { onStep: step, onClose: close, hasPrevious: back, hasNext: forward, changeView: change } = latest.current;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key === 'Tab') {
        trapTab(event, dialogRef.current);
        return;
      }
      // A focused video uses the arrows to seek; leave them to it.
      if (event.target instanceof HTMLVideoElement) return;
      // Zoom keys, and arrows on a zoomed photo, move the view; Ctrl or Cmd with + and - stays the browser's zoom.
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
      if (plain && change((view, box, stage) => viewForKey(event.key, view, box, stage))) {
        event.preventDefault();
        return;
      }
      const move = stepForKey(event.key, documentDirection());
      if (move === 0 || (move === 1 && !forward) || (move === -1 && !back)) return;
      event.preventDefault();
      step(move);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A click on the dark ground (beside the photo, or on the bars between their buttons) closes the viewer; the end
  // of a drag does not. (A native listener: the ground itself is not a control; Escape is the keyboard way.)
  useEffect(() => {
    const overlay = overlayRef.current;
    if (!overlay) return;
    const onClick = (event: MouseEvent) => {
      if (latest.current.consumeDrag()) return;
      if (event.target instanceof Element && event.target.hasAttribute('data-backdrop')) latest.current.onClose();
    };
    overlay.addEventListener('click', onClick);
    return () => overlay.removeEventListener('click', onClick);
  }, []);

  const label = t(isVideo ? 'lightbox.video' : 'lightbox.image', { number });
  const ratio = item.width / item.height;
  const pulled = gestures.dragY;
  const zoomButton = (factor: number, enabled: boolean) => () => {
    if (enabled) gestures.changeView((view, box, stage) => zoomBy(view, factor, box, stage));
  };
  const canZoomIn = !isVideo && gestures.view.scale < MAX_SCALE;
  const canZoomOut = !isVideo && gestures.zoomed;

  return createPortal(
    <div ref={overlayRef} className="lightbox" data-backdrop="">
      <div
        ref={dialogRef}
        className="lightbox__dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t('lightbox.label')}
        data-backdrop=""
      >
        <div className="lightbox__bar" data-backdrop="">
          <p className="lightbox__position" aria-live="polite">
            {t('lightbox.position', { current: number, total })}
          </p>
          <div className="lightbox__actions">
            {actions}
            {/* aria-disabled rather than disabled: a button that stops at its limit keeps the focus it has. */}
            <LightboxButton
              icon="lightbox__zoom-icon"
              label={t('lightbox.zoomOut')}
              aria-disabled={!canZoomOut}
              aria-keyshortcuts="-"
              onClick={zoomButton(1 / ZOOM_STEP, canZoomOut)}
            />
            <LightboxButton
              icon="lightbox__zoom-icon lightbox__zoom-icon--in"
              label={t('lightbox.zoomIn')}
              aria-disabled={!canZoomIn}
              aria-keyshortcuts="+ ="
              onClick={zoomButton(ZOOM_STEP, canZoomIn)}
            />
            <LightboxButton ref={closeRef} icon="lightbox__close-icon" label={t('lightbox.close')} onClick={onClose} />
          </div>
        </div>
        <div
          ref={stageRef}
          className="lightbox__stage"
          data-backdrop=""
          data-zoomed={gestures.zoomed}
          {...gestures.handlers}
        >
          <figure
            ref={boxRef}
            key={item.id}
            className="lightbox__media"
            data-dragging={gestures.dragging}
            style={
              {
                '--lightbox-ratio': String(ratio),
                transform: pulled ? `translateY(${pulled}px)` : zoomTransform(gestures.view),
                opacity: pulled ? Math.max(0.4, 1 - pulled / 500) : undefined,
              } as React.CSSProperties
            }
          >
            <LightboxMedia
              item={item}
              label={label}
              sizes={viewerSizes(item, gestures.zoomed ? DOUBLE_TAP_SCALE : 1)}
            />
          </figure>
        </div>
        <LightboxButton
          className="lightbox__step lightbox__step--previous"
          icon="lightbox__arrow lightbox__arrow--back"
          label={t('lightbox.previous')}
          disabled={!hasPrevious}
          onClick={() => onStep(-1)}
        />
        <LightboxButton
          className="lightbox__step lightbox__step--next"
          icon="lightbox__arrow lightbox__arrow--forward"
          label={t('lightbox.next')}
          disabled={!hasNext}
          onClick={() => onStep(1)}
        />
        <NeighbourPreloads items={preloads} />
      </div>
    </div>,
    document.body,
  );
}

/**
 * The neighbours to fetch ahead: those given, and at either end of a gallery page (where the given one is missing
 * though a step is possible) the one `load` finds on the page next door, once its page has arrived. A failed load
 * only means that picture is not fetched ahead.
 */
function useNeighboursAcrossPages(
  itemId: string,
  [before, after]: ReadonlyArray<MediaView | undefined>,
  hasPrevious: boolean,
  hasNext: boolean,
  load: LightboxProps['loadAcrossPage'],
): Array<MediaView | undefined> {
  const [found, setFound] = useState<{ itemId: string; items: Array<MediaView | undefined> } | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const wantBefore = hasPrevious && !before;
  const wantAfter = hasNext && !after;
  useEffect(() => {
    const find = loadRef.current;
    if (!find || (!wantBefore && !wantAfter)) return;
    let live = true;
    const across = (move: -1 | 1, wanted: boolean) => (wanted ? find(move).catch(() => undefined) : undefined);
    void Promise.all([across(-1, wantBefore), across(1, wantAfter)]).then((items) => {
      if (live) setFound({ itemId, items });
    });
    return () => {
      live = false;
    };
  }, [itemId, wantBefore, wantAfter]);
  const across = found?.itemId === itemId ? found.items : [];
  return [before ?? across[0], after ?? across[1]];
}

/**
 * The neighbours' pictures, never shown: the browser fetches each `<img>` (eager, at low priority) and picks from the
 * srcset exactly as it will for the viewer, so stepping to a neighbour shows a picture already in the cache. A
 * video's neighbour is its poster, which the viewer shows until the video plays.
 */
function NeighbourPreloads({ items }: { items: ReadonlyArray<MediaView | undefined> }) {
  return (
    <div hidden className="lightbox__preloads">
      {items.map((item) =>
        item?.kind === 'video' ? (
          <img key={item.id} data-preload={item.id} src={item.image.src} alt="" fetchPriority="low" />
        ) : item ? (
          <picture key={item.id} data-preload={item.id}>
            <source type="image/avif" srcSet={item.image.srcset.avif} sizes={viewerSizes(item)} />
            <source type="image/webp" srcSet={item.image.srcset.webp} sizes={viewerSizes(item)} />
            <img
              src={item.image.src}
              srcSet={item.image.srcset.jpeg}
              sizes={viewerSizes(item)}
              alt=""
              fetchPriority="low"
              decoding="async"
            />
          </picture>
        ) : null,
      )}
    </div>
  );
}

/** Keeps Tab and Shift+Tab cycling through the dialog's own controls. */
function trapTab(event: KeyboardEvent, dialog: HTMLElement | null): void {
  if (!dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
