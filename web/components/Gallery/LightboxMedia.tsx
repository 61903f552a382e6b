import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { useBrowserOnline } from '../../hooks/useBrowserOnline';
import { MediaImage } from '../Media/MediaImage';
import { bestCachedRendition, isVideoCached } from './cached-rendition';

interface LightboxMediaProps {
  item: MediaView;
  /** The item's accessible name ("Photo 3"). */
  label: string;
  /** The picture's `sizes` in the viewer (viewerSizes). */
  sizes: string;
}

/**
 * What the viewer shows of one item (mounted afresh for each): the picture or the video, and when the browser is
 * offline, or the picture fails to load, the largest copy the browser keeps of it instead; with no copy while
 * offline, a line saying the item is not available offline, in its place (the viewer's controls stay). Back online
 * (the `online` event), the item is loaded from the network again.
 */
export function LightboxMedia({ item, label, sizes }: LightboxMediaProps) {
  const { t } = useTranslation('gallery');
  const online = useBrowserOnline();
  const isVideo = item.kind === 'video' && item.video !== null;
  const [failed, setFailed] = useState(false);
  const unreachable = !online || (failed && !isVideo);
  const copy = useKeptCopy(item, isVideo, unreachable);

  // Back online: whatever failed is tried again.
  useEffect(() => {
    if (online) setFailed(false);
  }, [online]);

  if (unreachable && copy === undefined) return null;
  if (unreachable && copy === null && !online) {
    return (
      <div className="lightbox__offline" role="status" data-testid="viewer-offline">
        <p className="lightbox__offline-title">{t(isVideo ? 'offline.video' : 'offline.photo')}</p>
        <p>{t('offline.hint')}</p>
      </div>
    );
  }
  if (isVideo && item.video) {
    return (
      <>
        {/* biome-ignore lint/a11y/useMediaCaption: the photographer's footage has no spoken words to caption */}
        <video
          className="lightbox__video"
          controls
          playsInline
          autoPlay
          poster={item.image.src || undefined}
          aria-label={label}
          onError={() => setFailed(true)}
        >
          <source src={item.video.src} type={item.video.type} />
        </video>
        {failed ? (
          <figcaption className="lightbox__error" role="alert">
            {t('error.media')}
          </figcaption>
        ) : null}
      </>
    );
  }
  if (unreachable && copy) {
    return (
      <div className="media-image lightbox__image" data-loaded="true" data-kept="">
        <img className="lightbox__kept" src={copy} alt={label} width={item.width} height={item.height} />
      </div>
    );
  }
  return (
    <MediaImage
      media={item}
      sizes={sizes}
      alt={label}
      priority
      className="lightbox__image"
      onFailed={() => setFailed(true)}
    />
  );
}

/**
 * While `wanted`, the address of the item's kept copy: the largest kept picture, or a video's own file when kept;
 * null when none is kept; undefined while the browser's caches are being read.
 */
function useKeptCopy(item: MediaView, isVideo: boolean, wanted: boolean): string | null | undefined {
  const [copy, setCopy] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const found = isVideo
      ? isVideoCached(item).then((kept) => (kept && item.video ? item.video.src : null))
      : bestCachedRendition(item);
    void found.then((src) => {
      if (live) setCopy(src);
    });
    return () => {
      live = false;
    };
  }, [item, isVideo, wanted]);
  return copy;
}
