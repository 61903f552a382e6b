import type { Db } from '../db/database';
import type { GalleryCursor, MediaKindFilter } from './media-repository';

/** Which items a gallery shows: one folder's visible (ready, not deleted) items, optionally of one kind. */
export interface GalleryScope {
  folder: string;
  kind: MediaKindFilter;
}

/**
 * The page index of a gallery: how many visible items it has, and the keyset cursor at which each page after the
 * first starts. With it, page N is one index range scan of `pageSize` rows (media-repository's listVisible from
 * `boundaries[N - 2]`), whatever N is.
 */
export interface GalleryIndex {
  total: number;
  /** `boundaries[i]` is the last item of page i + 1: page i + 2 starts right after it. */
  boundaries: GalleryCursor[];
}

/**
 * Reads for the gallery pages that media-repository does not offer: the count and the page boundaries. Both walk the
 * (folder, status[, is_video], position, id) indexes once and never touch the table rows, and they use only a
 * window function that SQLite (3.25+) and PostgreSQL both run, so the same query serves both.
 */
export function createGalleryRepository(db: Db) {
  function visible(scope: GalleryScope) {
    let query = db
      .selectFrom('media')
      .where('folder', '=', scope.folder)
      .where('status', '=', 'ready')
      .where('deleted_at', 'is', null);
    if (scope.kind === 'images') query = query.where('is_video', '=', 0);
    if (scope.kind === 'videos') query = query.where('is_video', '=', 1);
    return query;
  }

  return {
    /** The count and the cursor at every `pageSize`-th item, in display order (position, then id). */
    async pageIndex(scope: GalleryScope, pageSize: number): Promise<GalleryIndex> {
      const numbered = visible(scope)
        .select((eb) => [
          'position',
          'id',
          eb.fn
            .agg<number>('row_number')
            .over((over) => over.orderBy('position').orderBy('id'))
            .as('rn'),
          eb.fn
            .agg<number>('count', [eb.lit(1)])
            .over()
            .as('total'),
        ])
        .as('numbered');
      const rows = await db
        .selectFrom(numbered)
        .select(['position', 'id', 'rn', 'total'])
        // Every pageSize-th row is a boundary; the last row is always kept, so the total arrives even when it is
        // not a multiple of the page size.
        .where((eb) => eb.or([eb(eb('rn', '%', pageSize), '=', 0), eb('rn', '=', eb.ref('total'))]))
        .orderBy('rn')
        .execute();
      const total = rows.length === 0 ? 0 : Number(rows[0]?.total);
      const boundaries = rows
        .filter((row) => Number(row.rn) % pageSize === 0)
        .map((row) => ({ position: Number(row.position), id: row.id }));
      return { total, boundaries };
    },
  };
}

export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
