import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { MediaImage } from '../Media/MediaImage';
import { documentDirection, stepForKey, stepForSwipe } from './direction';

interface LightboxProps {
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
}

const FOCUSABLE = 'button:not([disabled]), [href], video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * The modal viewer: the full image (responsive srcset) or the video with controls. Escape and a click outside the
 * content close it; Tab stays inside; focus returns to the tile that opened it. Arrow keys and swipes step through
 * the gallery in the reading direction (in RTL, ArrowLeft is next). While it is open the page behind is inert.
 */
export function Lightbox({ item, number, total, hasPrevious, hasNext, onStep, onClose, actions }: LightboxProps) {
  const { t } = useTranslation('gallery');
  const overlayRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef({ onStep, onClose, hasPrevious, hasNext });
  latest.current = { onStep, onClose, hasPrevious, hasNext };

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
      const { onStep: step, onClose: close, hasPrevious: back, hasNext: forward } = latest.current;
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
      const move = stepForKey(event.key, documentDirection());
      if (move === 0 || (move === 1 && !forward) || (move === -1 && !back)) return;
      event.preventDefault();
      step(move);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A click anywhere but the picture, the video and the controls is outside the content and closes the viewer.
  // (A native listener: the overlay itself is not a control; Escape is the keyboard way.)
  useEffect(() => {
    const overlay = overlayRef.current;
    if (!overlay) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      if (target === overlay || target === dialogRef.current || target.classList.contains('lightbox__media')) {
        latest.current.onClose();
      }
    };
    overlay.addEventListener('click', onClick);
    return () => overlay.removeEventListener('click', onClick);
  }, []);

  const onPointerDown = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const move = stepForSwipe(event.clientX - start.x, event.clientY - start.y, documentDirection());
    if ((move === 1 && hasNext) || (move === -1 && hasPrevious)) onStep(move);
  };

  const label = t(item.kind === 'video' ? 'lightbox.video' : 'lightbox.image', { number });
  const ratio = item.width / item.height;

  return createPortal(
    <div ref={overlayRef} className="lightbox">
      <div
        ref={dialogRef}
        className="lightbox__dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t('lightbox.label')}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div className="lightbox__bar">
          <p className="lightbox__position" aria-live="polite">
            {t('lightbox.position', { current: number, total })}
          </p>
          <div className="lightbox__actions">
            {actions}
            <button ref={closeRef} type="button" className="button button--ghost" onClick={onClose}>
              {t('lightbox.close')}
            </button>
          </div>
        </div>
        <figure
          className="lightbox__media"
          style={{ '--lightbox-ratio': String(ratio) } as React.CSSProperties}
          key={item.id}
        >
          {item.kind === 'video' && item.video ? (
            // biome-ignore lint/a11y/useMediaCaption: the photographer's footage has no spoken words to caption
            <video
              className="lightbox__video"
              controls
              playsInline
              autoPlay
              poster={item.image.src || undefined}
              aria-label={label}
              onError={() => setFailed(item.id)}
            >
              <source src={item.video.src} type={item.video.type} />
            </video>
          ) : (
            <MediaImage
              media={item}
              sizes={`min(100vw, ${Math.round(ratio * 85)}dvh)`}
              alt={label}
              priority
              className="lightbox__image"
            />
          )}
          {failed === item.id ? (
            <figcaption className="lightbox__error" role="alert">
              {t('error.media')}
            </figcaption>
          ) : null}
        </figure>
        <div className="lightbox__nav">
          <button type="button" className="lightbox__step" disabled={!hasPrevious} onClick={() => onStep(-1)}>
            <span aria-hidden="true" className="lightbox__arrow lightbox__arrow--back" />
            {t('lightbox.previous')}
          </button>
          <button type="button" className="lightbox__step" disabled={!hasNext} onClick={() => onStep(1)}>
            {t('lightbox.next')}
            <span aria-hidden="true" className="lightbox__arrow lightbox__arrow--forward" />
          </button>
        </div>
      </div>
    </div>,
    document.body,
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
