import type { Readable } from 'node:stream';
import type { MediaRecord } from '../repositories/media-repository';
import type { Storage } from '../storage/storage';
import { createZipStream, type ZipEntrySource } from '../storage/zip-archive';
import type { GalleryService } from './gallery-service';

export interface FolderArchive {
  stream: Readable;
  /** The exact byte length, known before the first byte is sent (Content-Length). */
  length: number;
  /** The name the download is saved under. */
  fileName: string;
  /** How many files it holds. */
  count: number;
}

/**
 * "Download all": one folder's visible items (ready, not in the trash, in gallery order) as a stored ZIP of their
 * originals. Nothing is opened until the stream is read, and then one original at a time.
 */
export function createFolderArchiveService(deps: {
  gallery: Pick<GalleryService, 'wholeFolder'>;
  storage: Pick<Storage, 'get'>;
}) {
  function ofRecords(records: MediaRecord[], fileName: string): FolderArchive {
    const entries: ZipEntrySource[] = records.map((record) => ({
      name: record.name,
      size: record.size,
      modified: new Date(record.timeCreated),
      crc32: record.crc32 ?? undefined,
      open: async () => (await deps.storage.get(record.fullPath)).stream,
    }));
    return { ...createZipStream(entries), fileName, count: entries.length };
  }

  return {
    /**
     * The archive of `folder`, with only the items `include` lets through (a proofing gallery's delivered items); an
     * empty archive for null (an account that owns no folder).
     */
    async ofFolder(folder: string | null, include: (record: MediaRecord) => boolean = () => true) {
      const records = folder === null ? [] : await deps.gallery.wholeFolder(folder);
      return ofRecords(records.filter(include), `${folder ?? 'gallery'}.zip`);
    },

    /** The archive of the given items, under `fileName`. */
    ofRecords,
  };
}

export type FolderArchiveService = ReturnType<typeof createFolderArchiveService>;
