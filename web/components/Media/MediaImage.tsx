import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { usePlaceholderUrl } from './placeholder';
import './media.css';

interface MediaImageProps {
  media: MediaView;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  alt: string;
  /** The first visible image of a page loads eagerly with high priority; every other waits until it is near. */
  priority?: boolean;
  className?: string;
  /** Called when the picture fails to load (the viewer then looks for a kept copy). */
  onFailed?: () => void;
  /** Whether it draws its own blurred preview: false inside a frame that already shows it (a gallery tile). */
  preview?: boolean;
}

/**
 * Marks the frame as showing its picture. Written on the element, not kept in React state: a state change re-rendered
 * every picture of a page as it hydrated (sixty on a gallery page) in one task of tens of milliseconds.
 */
function markLoaded(frame: HTMLDivElement | null): void {
  if (frame) frame.dataset.loaded = 'true';
}

/**
 * An image (or a video's poster) at the right size and format for the screen: AVIF, then WebP, then JPEG. Its box
 * keeps the aspect ratio from the first paint, so nothing shifts, and shows the blurred ThumbHash until decoded. An
 * image that fails to load is replaced by an icon and a line saying so, never left blank behind its placeholder.
 */
export function MediaImage({
  media,
  sizes,
  alt,
  priority = false,
  className,
  onFailed,
  preview = true,
}: MediaImageProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  useLayoutEffect(() => {
    // A picture of the server's HTML may have loaded before the scripts ran: its load event is gone.
    if (image.current?.complete && image.current.naturalWidth > 0) markLoaded(frame.current);
    // From here on the picture fades in once loaded. The server's HTML (and so a page while it hydrates) shows it as
    // it arrives, before any script has run and without scripts at all. Set before the first paint of a picture the
    // browser draws, so it never shows half-loaded.
    if (frame.current) frame.current.dataset.fade = 'true';
  }, []);
  const placeholder = usePlaceholderUrl(preview ? media.placeholder : null);
  return (
    <div
      ref={frame}
      className={`media-image${className ? ` ${className}` : ''}`}
      data-loaded={failed ? 'failed' : 'false'}
      style={
        {
          '--media-aspect': `${media.width} / ${media.height}`,
          backgroundImage: placeholder ? `url(${placeholder})` : undefined,
        } as React.CSSProperties
      }
    >
      <picture>
        <source type="image/avif" srcSet={media.image.srcset.avif} sizes={sizes} />
        <source type="image/webp" srcSet={media.image.srcset.webp} sizes={sizes} />
        <img
          ref={image}
          src={media.image.src}
          srcSet={media.image.srcset.jpeg}
          sizes={sizes}
          alt={alt}
          width={media.width}
          height={media.height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          onLoad={() => markLoaded(frame.current)}
          onError={() => {
            setFailed(true);
            onFailed?.();
          }}
        />
      </picture>
      {failed ? <span className="media-image__failed">{t('media.loadFailed')}</span> : null}
    </div>
  );
}
