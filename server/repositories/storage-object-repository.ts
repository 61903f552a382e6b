import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { type MediaRecord, toRecord } from './media-record';

/**
 * `column` begins with `prefix`, compared exactly (case-sensitive) on both databases: LIKE folds ASCII case on SQLite
 * and would need escaping. Lengths count code points, as substr does on both.
 */
function startsWith(eb: ExpressionBuilder<DatabaseSchema, 'media'>, column: 'full_path' | 'folder', prefix: string) {
  return eb(eb.fn<string>('substr', [eb.ref(column), eb.lit(1), eb.lit([...prefix].length)]), '=', prefix);
}

/** Media rows as the storage-style API sees them: objects by path prefix, their folders, and their metadata. */
export function createStorageObjectRepository(db: Db) {
  return {
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
  };
}
