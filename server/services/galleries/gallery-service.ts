import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { GALLERY_PAGE_SIZE, type GalleryType } from '../../../shared/schemas/gallery';
import { type CachedAnswer, createAnswerCache } from '../../cache/answer-cache';
import type { ChangeFeed } from '../../cache/change-feed';
import { createKeyVersions } from '../../cache/key-versions';
import type { GalleryIndex, GalleryRepository, GalleryScope } from '../../repositories/gallery-repository';
import type { GalleryCursor, MediaRecord, MediaRepository } from '../../repositories/media-repository';

/**
 * Told that what a folder's gallery shows has changed (an item became ready, was deleted, restored, moved or
 * reordered). Services that make such changes take it as a dependency; the composition root sends it through the
 * change feed, so every instance forgets what it cached of that folder.
 */
export type GalleryChanged = (folder: string) => void;

/** The change feed's topic of gallery changes; the key is the folder. */
export const GALLERY_TOPIC = 'gallery';

/** Rows read per query when a whole folder is listed (the archive). */
const LIST_BATCH = 500;

export interface GalleryServiceDeps {
  media: Pick<MediaRepository, 'listVisible'>;
  gallery: Pick<GalleryRepository, 'pageIndex'>;
  /** Where gallery changes are announced (GALLERY_TOPIC); what the service keeps of a changed folder is dropped. */
  changes?: Pick<ChangeFeed, 'subscribe'>;
  /** Milliseconds, monotonic; tests pass a fake clock. */
  now?: () => number;
}

export interface GalleryServiceOptions {
  pageSize?: number;
  /** A page index that took less than this to build is never cached: small galleries are always exact. */
  cacheFromMs?: number;
  /** A cached index is rebuilt after `buildTime × refreshFactor`, so rebuilding takes at most ~1/factor of the time. */
  refreshFactor?: number;
  /**
   * …and never later than this, nor is a kept public answer older than this made again (it is served until the new
   * one is there): the backstop for a change whose announcement never arrived (every change is announced; this
   * bounds the harm if one is lost).
   */
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
}

const indexKey = (scope: GalleryScope) => `${scope.folder}\u0000${scope.kind}`;

/**
 * Gallery pages by number at a flat cost. Page N needs the cursor where it starts; the page index (count plus every
 * page's start cursor) costs one walk of the gallery's index, which is cheap for a client's folder and is cached for
 * large galleries only. With the cursor, fetching the page is one index range scan of six rows, so page 10,000 costs
 * what page 1 costs. The public gallery's pages are also kept as the exact bytes sent (`publicAnswer`): the service
 * keeps them and knows when they change; what they say is made by the caller's presenter (server/answers).
 *
 * What is kept stays exact: a change announced for a folder drops its index and, for the main gallery, every kept
 * answer, at once; an index or answer being made while the change was announced is handed to the requests that
 * waited for it but never kept. One build of an index runs at a time, however many requests want it.
 */
export function createGalleryService(deps: GalleryServiceDeps, options: GalleryServiceOptions = {}) {
  const pageSize = options.pageSize ?? GALLERY_PAGE_SIZE;
  const cacheFromMs = options.cacheFromMs ?? 2;
  const refreshFactor = options.refreshFactor ?? 100;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = deps.now ?? (() => performance.now());
  const indexes = new Map<string, CachedIndex>();
  const building = new Map<string, Promise<GalleryIndex>>();
  const versions = createKeyVersions();
  const answers = createAnswerCache({ maxAgeMs, now });

  function build(scope: GalleryScope): Promise<GalleryIndex> {
    const key = indexKey(scope);
    const pending = building.get(key);
    if (pending) return pending;
    const version = versions.of(scope.folder);
    const started = now();
    const made = deps.gallery
      .pageIndex(scope, pageSize)
      .then((index) => {
        const took = now() - started;
        if (versions.of(scope.folder) !== version) return index;
        if (took < cacheFromMs) indexes.delete(key);
        else indexes.set(key, { index, staleAt: now() + Math.min(maxAgeMs, took * refreshFactor) });
        return index;
      })
      .finally(() => {
        if (building.get(key) === made) building.delete(key);
      });
    building.set(key, made);
    return made;
  }

  async function indexFor(scope: GalleryScope): Promise<GalleryIndex> {
    const cached = indexes.get(indexKey(scope));
    if (!cached) return build(scope);
    // Past its time: serve it this once more while it is rebuilt behind it (a failed rebuild is retried next time).
    if (now() >= cached.staleAt) build(scope).catch(() => undefined);
    return cached.index;
  }

  function forget(folder: string | null): void {
    versions.bump(folder);
    if (folder === null) {
      indexes.clear();
      building.clear();
      answers.clear();
      return;
    }
    const prefix = `${folder}\u0000`;
    for (const key of indexes.keys()) if (key.startsWith(prefix)) indexes.delete(key);
    for (const key of building.keys()) if (key.startsWith(prefix)) building.delete(key);
    if (folder === MAIN_GALLERY_FOLDER) answers.clear();
  }
  deps.changes?.subscribe(GALLERY_TOPIC, forget);

  /**
   * Page `page` of pages that are `pages` of the index's pages long (a client's dense grid asks for eight at once):
   * it starts at the cursor of the index's first page in it, so a longer page costs no more lookups.
   */
  async function page(scope: GalleryScope, page: number, pages = 1): Promise<GalleryPageRecords> {
    const index = await indexFor(scope);
    const size = pageSize * pages;
    const pageCount = Math.ceil(index.total / size);
    const base = { page, pageCount, total: index.total };
    if (page > pageCount) return { ...base, records: [] };
    const first = (page - 1) * pages + 1;
    const after = first === 1 ? undefined : index.boundaries[first - 2];
    if (first > 1 && !after) return { ...base, records: [] };
    const records = await deps.media.listVisible({ folder: scope.folder, kind: scope.kind, after, limit: size });
    return { ...base, records };
  }

  /** A page of the public main gallery: the same for every visitor. */
  function publicPage(type: GalleryType, number: number): Promise<GalleryPageRecords> {
    return page({ folder: MAIN_GALLERY_FOLDER, kind: type }, number);
  }

  return {
    page,
    publicPage,

    /**
     * The public page as the exact JSON bytes of what `answer` makes of its records, kept per (type, page) until the
     * main gallery changes. Every caller passes the same `answer` (server/answers/gallery-answer.ts): the kept bytes
     * are shared by the route and the server-rendered page.
     */
    publicAnswer(
      type: GalleryType,
      number: number,
      answer: (page: GalleryPageRecords) => unknown,
    ): Promise<CachedAnswer> {
      return answers.get(`${type}\u0000${number}`, async () => answer(await publicPage(type, number)));
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

    /** Forgets what is kept of one folder (or of everything): what the change feed calls on an announcement. */
    invalidate(folder?: string): void {
      forget(folder ?? null);
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
