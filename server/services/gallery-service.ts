import { GALLERY_PAGE_SIZE } from '../../shared/schemas/gallery';
import type { GalleryIndex, GalleryRepository, GalleryScope } from '../repositories/gallery-repository';
import type { GalleryCursor, MediaRecord, MediaRepository } from '../repositories/media-repository';

/**
 * Told that what a folder's gallery shows has changed (an item became ready, was deleted, restored or moved), so a
 * cached page index of that folder is rebuilt at once. Services that make such changes take it as a dependency.
 */
export type GalleryChanged = (folder: string) => void;

/** Rows read per query when a whole folder is listed (the archive). */
const LIST_BATCH = 500;

export interface GalleryServiceDeps {
  media: Pick<MediaRepository, 'listVisible'>;
  gallery: Pick<GalleryRepository, 'pageIndex'>;
  /** Milliseconds, monotonic; tests pass a fake clock. */
  now?: () => number;
}

export interface GalleryServiceOptions {
  pageSize?: number;
  /** A page index that took less than this to build is never cached: small galleries are always exact. */
  cacheFromMs?: number;
  /** A cached index is rebuilt after `buildTime × refreshFactor`, so rebuilding takes at most ~1/factor of the time. */
  refreshFactor?: number;
  /** …and never later than this, so an item added by another process shows up soon. */
  maxAgeMs?: number;
}

export interface GalleryPageRecords {
  records: MediaRecord[];
  page: number;
  pageCount: number;
  total: number;
}

interface CachedIndex {
  index: GalleryIndex;
  staleAt: number;
  refreshing: Promise<void> | null;
}

/**
 * Gallery pages by number at a flat cost. Page N needs the cursor where it starts; the page index (count plus every
 * page's start cursor) costs one walk of the gallery's index, which is cheap for a client's folder and is cached for
 * large galleries only, for a time proportional to what building it cost (stale-while-revalidate). With the cursor,
 * fetching the page is one index range scan of six rows, so page 10,000 costs what page 1 costs.
 */
export function createGalleryService(deps: GalleryServiceDeps, options: GalleryServiceOptions = {}) {
  const pageSize = options.pageSize ?? GALLERY_PAGE_SIZE;
  const cacheFromMs = options.cacheFromMs ?? 2;
  const refreshFactor = options.refreshFactor ?? 100;
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const now = deps.now ?? (() => performance.now());
  const cache = new Map<string, CachedIndex>();

  async function build(scope: GalleryScope, key: string): Promise<GalleryIndex> {
    const started = now();
    const index = await deps.gallery.pageIndex(scope, pageSize);
    const took = now() - started;
    if (took < cacheFromMs) cache.delete(key);
    else cache.set(key, { index, staleAt: now() + Math.min(maxAgeMs, took * refreshFactor), refreshing: null });
    return index;
  }

  async function indexFor(scope: GalleryScope): Promise<GalleryIndex> {
    const key = `${scope.folder}\u0000${scope.kind}`;
    const cached = cache.get(key);
    if (!cached) return build(scope, key);
    if (now() >= cached.staleAt && !cached.refreshing) {
      // Serve the stale index this time; the next requests get the fresh one.
      cached.refreshing = build(scope, key).then(
        () => undefined,
        () => {
          cached.refreshing = null;
        },
      );
    }
    return cached.index;
  }

  return {
    async page(scope: GalleryScope, page: number): Promise<GalleryPageRecords> {
      const index = await indexFor(scope);
      const pageCount = Math.ceil(index.total / pageSize);
      const base = { page, pageCount, total: index.total };
      if (page > pageCount) return { ...base, records: [] };
      const after = page === 1 ? undefined : index.boundaries[page - 2];
      if (page > 1 && !after) return { ...base, records: [] };
      const records = await deps.media.listVisible({ folder: scope.folder, kind: scope.kind, after, limit: pageSize });
      return { ...base, records };
    },

    /** Every visible (ready, not deleted) item of a folder, in display order, read in keyset batches. */
    async wholeFolder(folder: string): Promise<MediaRecord[]> {
      const all: MediaRecord[] = [];
      let after: GalleryCursor | undefined;
      for (;;) {
        const batch = await deps.media.listVisible({ folder, kind: 'all', after, limit: LIST_BATCH });
        all.push(...batch);
        const last = batch.at(-1);
        if (batch.length < LIST_BATCH || !last) return all;
        after = { position: last.position, id: last.id };
      }
    },

    /** Forgets cached page indexes (of one folder, or all), for callers that know the media just changed. */
    invalidate(folder?: string): void {
      if (folder === undefined) cache.clear();
      else for (const key of cache.keys()) if (key.startsWith(`${folder}\u0000`)) cache.delete(key);
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
