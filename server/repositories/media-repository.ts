import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { DatabaseSchema, MediaTable } from '../db/schema';
import { type Derivative, isProof } from '../media/types';
import { type NewJob, newJobRow } from './job-repository';

export type MediaStatus = MediaTable['status'];
export type MediaKindFilter = 'all' | 'images' | 'videos';

/** A media row as the server works with it: camelCase, booleans, parsed JSON. Presenters decide what leaves. */
export interface MediaRecord {
  id: string;
  folder: string;
  name: string;
  fullPath: string;
  extension: string;
  contentType: string;
  size: number;
  md5Hash: string;
  generation: string;
  metageneration: number;
  timeCreated: string;
  updated: string;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  customMetadata: Record<string, string>;
  width: number | null;
  height: number | null;
  duration: number | null;
  isVideo: boolean;
  placeholder: string | null;
  derivatives: Derivative[];
  status: MediaStatus;
  errorCode: string | null;
  position: number;
  isDemo: boolean;
  deletedAt: string | null;
  /** CRC-32 of the original, known once it has been processed (null before, and for rows older than the column). */
  crc32: number | null;
}

/** What a new (processing) row needs; the rest gets defaults. */
export type NewMedia = Pick<
  MediaRecord,
  'id' | 'folder' | 'name' | 'fullPath' | 'extension' | 'contentType' | 'size' | 'md5Hash' | 'isVideo' | 'isDemo'
> &
  Partial<Pick<MediaRecord, 'cacheControl' | 'contentDisposition' | 'customMetadata' | 'position'>>;

/** What the pipeline learned, written when an item becomes ready. */
export interface ReadyFields {
  width: number;
  height: number;
  duration: number | null;
  placeholder: string | null;
  derivatives: Derivative[];
  /** Checksums of the original from the job's read of it; uploads are stored before anything hashes them. */
  md5Hash?: string;
  crc32?: number;
}

/** Keyset cursor of a gallery page: the last item's position and id. */
export interface GalleryCursor {
  position: number;
  id: string;
}

/**
 * `column` begins with `prefix`, compared exactly (case-sensitive) on both databases: LIKE folds ASCII case on SQLite
 * and would need escaping. Lengths count code points, as substr does on both.
 */
function startsWith(eb: ExpressionBuilder<DatabaseSchema, 'media'>, column: 'full_path' | 'folder', prefix: string) {
  return eb(eb.fn<string>('substr', [eb.ref(column), eb.lit(1), eb.lit([...prefix].length)]), '=', prefix);
}

/** Maps a row to the record the server works with (shared with the admin repository). */
export function toRecord(row: Selectable<MediaTable>): MediaRecord {
  return {
    id: row.id,
    folder: row.folder,
    name: row.name,
    fullPath: row.full_path,
    extension: row.extension,
    contentType: row.content_type,
    size: Number(row.size),
    md5Hash: row.md5_hash,
    generation: row.generation,
    metageneration: row.metageneration,
    timeCreated: row.time_created,
    updated: row.updated,
    cacheControl: row.cache_control,
    contentDisposition: row.content_disposition,
    contentEncoding: row.content_encoding,
    contentLanguage: row.content_language,
    customMetadata: JSON.parse(row.custom_metadata) as Record<string, string>,
    width: row.width,
    height: row.height,
    duration: row.duration === null ? null : Number(row.duration),
    isVideo: Number(row.is_video) === 1,
    placeholder: row.placeholder,
    derivatives: JSON.parse(row.derivatives) as Derivative[],
    status: row.status,
    errorCode: row.error_code,
    position: Number(row.position),
    isDemo: Number(row.is_demo) === 1,
    deletedAt: row.deleted_at,
    crc32: row.crc32 === null ? null : Number(row.crc32),
  };
}

function newRow(media: NewMedia, now: Date): Insertable<MediaTable> & Selectable<MediaTable> {
  const at = now.toISOString();
  return {
    id: media.id,
    folder: media.folder,
    name: media.name,
    full_path: media.fullPath,
    extension: media.extension,
    content_type: media.contentType,
    size: media.size,
    md5_hash: media.md5Hash,
    // Like the original storage service: the generation is the creation time in microseconds.
    generation: String(now.getTime() * 1000),
    metageneration: 1,
    time_created: at,
    updated: at,
    cache_control: media.cacheControl ?? null,
    content_disposition: media.contentDisposition ?? null,
    content_encoding: null,
    content_language: null,
    custom_metadata: JSON.stringify(media.customMetadata ?? {}),
    width: null,
    height: null,
    duration: null,
    is_video: media.isVideo ? 1 : 0,
    placeholder: null,
    derivatives: '[]',
    status: 'processing',
    error_code: null,
    // Newest first by default: a later upload gets a smaller position. The admin's reordering writes values between.
    position: media.position ?? -now.getTime(),
    is_demo: media.isDemo ? 1 : 0,
    deleted_at: null,
    crc32: null,
  };
}

/** Media rows: insert hidden, flip to ready or failed, and read gallery pages in index order. */
export function createMediaRepository(db: Db) {
  return {
    /**
     * Inserts a hidden (processing) row and the job that will finish it, in one transaction: either both exist or
     * neither. Throws the database's unique-violation error when `fullPath` is taken.
     */
    async insertWithJob(media: NewMedia, job: NewJob): Promise<{ media: MediaRecord; jobId: string }> {
      const now = new Date();
      const row = newRow(media, now);
      const jobRow = newJobRow(job, now);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('media').values(row).execute();
        await trx.insertInto('job').values(jobRow).execute();
      });
      return { media: toRecord(row), jobId: jobRow.id };
    },

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
     * A ready copy of `source` under another id, folder and name (its files already copied to match). Throws the
     * database's unique-violation error when the id or the path is taken.
     */
    async insertReadyCopy(
      source: MediaRecord,
      copy: Pick<MediaRecord, 'id' | 'folder' | 'name' | 'fullPath' | 'derivatives' | 'customMetadata'>,
    ): Promise<void> {
      const now = new Date();
      const row = newRow({ ...source, ...copy, isDemo: false, position: undefined }, now);
      await db
        .insertInto('media')
        .values({
          ...row,
          md5_hash: source.md5Hash,
          width: source.width,
          height: source.height,
          duration: source.duration,
          placeholder: source.placeholder,
          derivatives: JSON.stringify(copy.derivatives),
          status: 'ready',
          crc32: source.crc32,
        })
        .execute();
    },

    async markReady(id: string, fields: ReadyFields): Promise<void> {
      await db
        .updateTable('media')
        .set({
          width: fields.width,
          height: fields.height,
          duration: fields.duration,
          placeholder: fields.placeholder,
          derivatives: JSON.stringify(fields.derivatives),
          ...(fields.md5Hash === undefined ? {} : { md5_hash: fields.md5Hash }),
          ...(fields.crc32 === undefined ? {} : { crc32: fields.crc32 }),
          status: 'ready',
          error_code: null,
          updated: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Swaps an item's proofs for `proofs`, keeping every other derivative, and returns the proofs it replaced (their
     * files are the caller's to delete), or undefined when the row is gone. A compare-and-swap on the derivatives
     * column, so a change made to the row meanwhile is never overwritten: the swap is simply made again on it.
     */
    async replaceProofs(id: string, proofs: Derivative[]): Promise<Derivative[] | undefined> {
      for (let attempt = 0; attempt < 10; attempt++) {
        const row = await db.selectFrom('media').select('derivatives').where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        const current = JSON.parse(row.derivatives) as Derivative[];
        const next = [...current.filter((item) => !isProof(item)), ...proofs];
        const result = await db
          .updateTable('media')
          .set({ derivatives: JSON.stringify(next) })
          .where('id', '=', id)
          .where('derivatives', '=', row.derivatives)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return current.filter(isProof);
      }
      throw new Error(`The derivatives of ${id} kept changing; the proofs were not recorded.`);
    },

    async markFailed(id: string, errorCode: string): Promise<void> {
      await db
        .updateTable('media')
        .set({ status: 'failed', error_code: errorCode, updated: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /** Undoes insertWithJob (the bytes could not be stored): both go, in one transaction. */
    async deleteWithJob(id: string, jobId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('job').where('id', '=', jobId).execute();
        await trx.deleteFrom('media').where('id', '=', id).execute();
      });
    },

    /** Removes the row outright (an ingest that never got its bytes). */
    async deleteRow(id: string): Promise<void> {
      await db.deleteFrom('media').where('id', '=', id).execute();
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

    /**
     * One page of stored objects for the storage-style API: rows not in the trash (whatever their state) whose path
     * starts with `prefix`, in path order after `afterPath`. `folder`, when the prefix names one, narrows the scan.
     */
    async listObjects(options: {
      prefix: string;
      folder?: string;
      afterPath?: string;
      limit: number;
    }): Promise<MediaRecord[]> {
      let query = db.selectFrom('media').selectAll().where('deleted_at', 'is', null);
      if (options.folder !== undefined) query = query.where('folder', '=', options.folder);
      if (options.prefix !== '') query = query.where((eb) => startsWith(eb, 'full_path', options.prefix));
      if (options.afterPath !== undefined) query = query.where('full_path', '>', options.afterPath);
      const rows = await query.orderBy('full_path').limit(options.limit).execute();
      return rows.map(toRecord);
    },

    /** Folders holding objects not in the trash whose names start with `prefix`, in order, after `afterFolder`. */
    async listFolderNames(options: { prefix: string; afterFolder?: string; limit: number }): Promise<string[]> {
      let query = db.selectFrom('media').select('folder').distinct().where('deleted_at', 'is', null);
      if (options.prefix !== '') query = query.where((eb) => startsWith(eb, 'folder', options.prefix));
      if (options.afterFolder !== undefined) query = query.where('folder', '>', options.afterFolder);
      const rows = await query.orderBy('folder').limit(options.limit).execute();
      return rows.map((row) => row.folder);
    },

    /**
     * Writes object metadata (a field left out stays as it is; null clears it), bumps the metageneration and
     * `updated` — only if the row is still at `metageneration` and not in the trash, so two concurrent updates
     * cannot silently overwrite each other. Returns whether it was written.
     */
    async updateObjectMetadata(
      id: string,
      metageneration: number,
      fields: Partial<
        Pick<MediaRecord, 'contentType' | 'cacheControl' | 'contentDisposition' | 'contentLanguage' | 'customMetadata'>
      >,
      at: Date = new Date(),
    ): Promise<boolean> {
      const result = await db
        .updateTable('media')
        .set({
          ...(fields.contentType !== undefined ? { content_type: fields.contentType } : {}),
          ...(fields.cacheControl !== undefined ? { cache_control: fields.cacheControl } : {}),
          ...(fields.contentDisposition !== undefined ? { content_disposition: fields.contentDisposition } : {}),
          ...(fields.contentLanguage !== undefined ? { content_language: fields.contentLanguage } : {}),
          ...(fields.customMetadata !== undefined ? { custom_metadata: JSON.stringify(fields.customMetadata) } : {}),
          metageneration: metageneration + 1,
          updated: at.toISOString(),
        })
        .where('id', '=', id)
        .where('metageneration', '=', metageneration)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether any media row exists at all (the demo content runs only on an empty site). */
    async isEmpty(): Promise<boolean> {
      const row = await db.selectFrom('media').select('id').limit(1).executeTakeFirst();
      return row === undefined;
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
