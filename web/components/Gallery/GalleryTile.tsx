import { useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { useNearViewport } from '../../hooks/useInView';
import { MediaImage } from '../Media/MediaImage';
import { usePlaceholderUrl } from '../Media/placeholder';
import { primeOnFirstTouch } from './apple-touch';
import { type TileVariant, tileSizes } from './collage';

interface GalleryTileProps {
  item: MediaView;
  number: number;
  variant: TileVariant;
  /** The first tile of the page: loaded at once, with high priority. */
  priority: boolean;
  /** The `sizes` of its picture, where a grid of its own sizes tiles otherwise than the collage's variants do. */
  sizes?: string;
  onOpen: (item: MediaView, opener: HTMLElement) => void;
}

/**
 * A video tile: muted, inline, looped, with its poster; it plays while on screen. The first tile's poster is the
 * page's largest picture, and a poster takes no `fetchpriority`: a high-priority preload (React puts it in the head,
 * on the server too) starts it with the page instead of after the scripts and styles.
 */
function VideoTile({ item, priority }: { item: MediaView; priority: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  if (priority && item.image.src) preload(item.image.src, { as: 'image', fetchPriority: 'high' });
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
 * blurred ThumbHash in a box of the final size, and asks for no image at all (the first tile of a page loads at once).
 * The preview stays drawn by the frame once the picture is there: for the tiles of a page the server rendered, the
 * browser never decodes a preview at all.
 * The server renders the same; its HTML also carries each picture inside <noscript>, for browsers without scripts.
 */
export function GalleryTile({ item, number, variant, priority, onOpen, sizes }: GalleryTileProps) {
  const { t } = useTranslation('gallery');
  const ref = useRef<HTMLButtonElement>(null);
  const near = useNearViewport(ref, '200px', priority);
  const label = t(item.kind === 'video' ? 'tile.openVideo' : 'tile.openImage', { number });
  const placeholder = usePlaceholderUrl(item.placeholder);
  const frameStyle = { backgroundImage: placeholder ? `url(${placeholder})` : undefined };
  const pictureSizes = sizes ?? tileSizes(variant);
  return (
    <button
      ref={ref}
      type="button"
      className="tile"
      aria-label={label}
      data-media-id={item.id}
      onClick={(event) => onOpen(item, event.currentTarget)}
    >
      {/* The frame shows the blurred preview from the first paint, behind the picture or the video once near. */}
      <span className="tile__frame" style={frameStyle}>
        {near ? (
          item.kind === 'video' && item.video ? (
            <VideoTile item={item} priority={priority} />
          ) : (
            <MediaImage
              media={item}
              sizes={pictureSizes}
              alt=""
              priority={priority}
              className="tile__image"
              preview={false}
            />
          )
        ) : (
          // Without scripts nothing comes near: such a browser (or a crawler) gets the picture from the start.
          <noscript>
            <MediaImage media={item} sizes={pictureSizes} alt="" className="tile__image" preview={false} />
          </noscript>
        )}
      </span>
      {item.kind === 'video' ? <span className="tile__badge" aria-hidden="true" /> : null}
    </button>
  );
}
