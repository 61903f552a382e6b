import type { Db } from '../db/database';
import { type GalleryCursor, type MediaKindFilter, type MediaRecord, toRecord } from './media-record';

/** Reading media rows: by id or path, gallery pages in index order, and who may read which. */
export function createMediaReadRepository(db: Db) {
  return {
    async findById(id: string): Promise<MediaRecord | undefined> {
      const row = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findByFullPath(fullPath: string): Promise<MediaRecord | undefined> {
      const row = await db.selectFrom('media').selectAll().where('full_path', '=', fullPath).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** Whether a storage path is already taken by any row (trash included). */
    async fullPathTaken(fullPath: string): Promise<boolean> {
      const row = await db.selectFrom('media').select('id').where('full_path', '=', fullPath).executeTakeFirst();
      return row !== undefined;
    },

    /** Rows of a folder with the same bytes (by MD5 and size); the import uses it to skip what it already has. */
    async findSameContent(folder: string, md5Hash: string, size: number): Promise<MediaRecord[]> {
      const rows = await db
        .selectFrom('media')
        .selectAll()
        .where('folder', '=', folder)
        .where('md5_hash', '=', md5Hash)
        .where('size', '=', size)
        .execute();
      return rows.map(toRecord);
    },

    /**
     * Which of these contents (MD5, base64) a folder already has, in any state: processing rows have no MD5 yet, and a
     * trashed item counts, since the photographer put it there.
     */
    async knownHashes(folder: string, md5Hashes: string[]): Promise<string[]> {
      if (md5Hashes.length === 0) return [];
      const rows = await db
        .selectFrom('media')
        .select('md5_hash')
        .distinct()
        .where('folder', '=', folder)
        .where('md5_hash', 'in', md5Hashes)
        .execute();
      return rows.map((row) => row.md5_hash);
    },

    /**
     * One gallery page of visible items (ready, not in the trash) in display order, after `cursor`. It walks the
     * (folder, status[, is_video], position, id) index from the cursor, so its cost does not grow with depth.
     */
    async listVisible(options: {
      folder: string;
      kind?: MediaKindFilter;
      after?: GalleryCursor;
      limit: number;
    }): Promise<MediaRecord[]> {
      let query = db
        .selectFrom('media')
        .selectAll()
        .where('folder', '=', options.folder)
        .where('status', '=', 'ready')
        .where('deleted_at', 'is', null);
      if (options.kind === 'images') query = query.where('is_video', '=', 0);
      if (options.kind === 'videos') query = query.where('is_video', '=', 1);
      const after = options.after;
      if (after) {
        // A row-value comparison: both databases turn it into one range scan of the index.
        query = query.where((eb) => eb(eb.refTuple('position', 'id'), '>', eb.tuple(after.position, after.id)));
      }
      const rows = await query.orderBy('position').orderBy('id').limit(options.limit).execute();
      return rows.map(toRecord);
    },

    /** Visible items among `ids`, in the order of `ids` (for the admin's home-page picks). */
    async findVisibleByIds(ids: string[]): Promise<MediaRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('media')
        .selectAll()
        .where('id', 'in', ids)
        .where('status', '=', 'ready')
        .where('deleted_at', 'is', null)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
      return ids.map((id) => byId.get(id)).filter((record): record is MediaRecord => record !== undefined);
    },

    /**
     * What decides who may read each of `ids` (state, trash, folder), for the ones that exist; a missing id has no
     * row. One primary-key lookup per id, on either database.
     */
    async accessStatesOf(ids: string[]): Promise<Array<Pick<MediaRecord, 'id' | 'status' | 'deletedAt' | 'folder'>>> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('media')
        .select(['id', 'status', 'deleted_at', 'folder'])
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => ({ id: row.id, status: row.status, deletedAt: row.deleted_at, folder: row.folder }));
    },

    /** How many items outside the trash are in `status` (e.g. still processing after their upload). */
    async countWithStatus(status: MediaRecord['status']): Promise<number> {
      const row = await db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', status)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Whether any media row exists at all (the demo content runs only on an empty site). */
    async isEmpty(): Promise<boolean> {
      const row = await db.selectFrom('media').select('id').limit(1).executeTakeFirst();
      return row === undefined;
    },
  };
}
