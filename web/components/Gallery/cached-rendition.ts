import type { MediaView } from '../../../shared/schemas/media';

/** Every file the item's picture is served as (each format's srcset, and the plain src), largest first. */
export function renditionsOf(item: Pick<MediaView, 'image'>): string[] {
  const { srcset, src } = item.image;
  const candidates = [srcset.avif, srcset.webp, srcset.jpeg]
    .flatMap((set) => set.split(','))
    .map((entry) => {
      const [url = '', descriptor = ''] = entry.trim().split(/\s+/);
      return { url, width: Number.parseInt(descriptor, 10) || 0 };
    })
    .filter((candidate) => candidate.url !== '')
    .sort((a, b) => b.width - a.width)
    .map((candidate) => candidate.url);
  return [...new Set([...candidates, ...(src ? [src] : [])])];
}

/**
 * The largest of the item's pictures the browser keeps (the service worker's caches, which hold the `/media/` files
 * the galleries showed), or null when none is kept or the browser has no caches. The worker still decides whether it
 * answers a private copy to whoever is signed in now; a refused one fails to load like any other.
 */
export async function bestCachedRendition(item: Pick<MediaView, 'image'>): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  for (const url of renditionsOf(item)) {
    try {
      if (await caches.match(url, { ignoreVary: true })) return url;
    } catch {
      return null;
    }
  }
  return null;
}

/** Whether the browser keeps the video's file itself (the worker keeps none today: videos play from the network). */
export async function isVideoCached(item: Pick<MediaView, 'video'>): Promise<boolean> {
  if (typeof caches === 'undefined' || !item.video) return false;
  try {
    return (await caches.match(item.video.src, { ignoreVary: true })) !== undefined;
  } catch {
    return false;
  }
}
