import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { useNearViewport } from '../../hooks/useInView';
import { MediaImage } from '../Media/MediaImage';
import { placeholderUrl } from '../Media/placeholder';
import { primeOnFirstTouch } from './apple-touch';
import { type TileVariant, tileSizes } from './collage';

interface GalleryTileProps {
  item: MediaView;
  number: number;
  variant: TileVariant;
  /** The first tile of the page: loaded at once, with high priority. */
  priority: boolean;
  onOpen: (item: MediaView, opener: HTMLElement) => void;
}

/** A video tile: muted, inline, looped, with its poster; it plays while on screen. */
function VideoTile({ item }: { item: MediaView }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const unregister = primeOnFirstTouch(video);
    const stillness = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (stillness || typeof IntersectionObserver === 'undefined') return unregister;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const visible = Boolean(entry?.isIntersecting);
        video.dataset.visible = String(visible);
        if (visible) video.play().catch(() => undefined);
        else video.pause();
      },
      { threshold: 0.5 },
    );
    observer.observe(video);
    return () => {
      observer.disconnect();
      unregister();
    };
  }, []);
  return (
    <video
      ref={ref}
      className="tile__video"
      src={item.video?.preview ?? item.video?.src}
      poster={item.image.src || undefined}
      muted
      playsInline
      loop
      preload="none"
      disablePictureInPicture
    />
  );
}

/**
 * One collage tile: a button that opens the item. Until it comes within 200 px of the viewport it is only its
 * blurred ThumbHash in a box of the final size, and asks for no image at all.
 */
export function GalleryTile({ item, number, variant, priority, onOpen }: GalleryTileProps) {
  const { t } = useTranslation('gallery');
  const ref = useRef<HTMLButtonElement>(null);
  const near = useNearViewport(ref, '200px', priority);
  const label = t(item.kind === 'video' ? 'tile.openVideo' : 'tile.openImage', { number });
  return (
    <button
      ref={ref}
      type="button"
      className="tile"
      aria-label={label}
      data-media-id={item.id}
      onClick={(event) => onOpen(item, event.currentTarget)}
    >
      {near ? (
        item.kind === 'video' && item.video ? (
          <span className="tile__frame" style={{ backgroundImage: thumb(item) }}>
            <VideoTile item={item} />
          </span>
        ) : (
          <MediaImage media={item} sizes={tileSizes(variant)} alt="" priority={priority} className="tile__image" />
        )
      ) : (
        <span className="tile__frame" style={{ backgroundImage: thumb(item) }} />
      )}
      {item.kind === 'video' ? <span className="tile__badge" aria-hidden="true" /> : null}
    </button>
  );
}

function thumb(item: MediaView): string | undefined {
  const url = placeholderUrl(item.placeholder);
  return url ? `url(${url})` : undefined;
}
