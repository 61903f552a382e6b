import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
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

const noChanges = () => () => undefined;

/**
 * Whether the picture fades in once loaded: only where scripts draw it. In the server's HTML (false there, and while
 * the browser hydrates it) a picture shows as it arrives, before any script has run, and without scripts at all.
 */
function useFadeIn(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
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
  const [loaded, setLoaded] = useState<boolean | 'failed'>(false);
  const fades = useFadeIn();
  const image = useRef<HTMLImageElement>(null);
  // A picture of the server's HTML may have loaded before the scripts ran: its load event is gone.
  useLayoutEffect(() => {
    if (image.current?.complete && image.current.naturalWidth > 0) setLoaded(true);
  }, []);
  const placeholder = usePlaceholderUrl(preview ? media.placeholder : null);
  return (
    <div
      className={`media-image${className ? ` ${className}` : ''}`}
      data-loaded={loaded}
      data-fade={fades}
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
          onLoad={() => setLoaded(true)}
          onError={() => {
            setLoaded('failed');
            onFailed?.();
          }}
        />
      </picture>
      {loaded === 'failed' ? <span className="media-image__failed">{t('media.loadFailed')}</span> : null}
    </div>
  );
}
