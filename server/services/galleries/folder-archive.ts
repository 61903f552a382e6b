import type { Readable } from 'node:stream';
import type { ArchiveSize } from '../../../shared/archive-paths';
import type { MediaRecord } from '../../repositories/media-repository';
import type { Storage } from '../../storage/storage';
import { createZipStream, type ZipEntrySource } from '../../storage/zip-archive';
import { archiveFiles } from './archive-files';
import type { GalleryService } from './gallery-service';

/**
 * One part of an archive's name: every run of characters that are not letters or digits (of any script) becomes one
 * `-`, so "Horses & Dance Photography" is `Horses-Dance-Photography` and "דנה לוי" stays Hebrew (`דנה-לוי`).
 */
function namePart(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A day as YYYY-MM-DD on the server's own clock (the date the client downloaded on, where the photographer is). */
function localDay(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/**
 * The name a client's "Download all" is saved under: the site, the client and the day, joined by `_`
 * (`Horses-Dance-Photography_Dana-Levi_2026-11-24.zip`), and `_web` after a web-size one. The client is named by their
 * name, else by the part of their address before the `@`; a part left empty is dropped.
 */
export function clientArchiveName(input: {
  siteName: string;
  clientName: string | null;
  email: string;
  at: Date;
  size?: ArchiveSize;
}): string {
  const client = namePart(input.clientName ?? '') || namePart(input.email.split('@')[0] ?? '');
  const size = input.size === 'web' ? 'web' : '';
  const parts = [namePart(input.siteName), client, localDay(input.at), size].filter((part) => part !== '');
  return `${parts.join('_')}.zip`;
}

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
 * "Download all": one folder's visible items (ready, not in the trash, in gallery order), or given items, as a stored
 * ZIP of their originals (`full`, the default) or of their web-size renditions (`web`, archive-files.ts). Nothing is
 * opened until the stream is read, and then one file at a time.
 */
export function createFolderArchiveService(deps: {
  gallery: Pick<GalleryService, 'wholeFolder'>;
  storage: Pick<Storage, 'get'>;
}) {
  function ofRecords(records: MediaRecord[], fileName: string, size: ArchiveSize = 'full'): FolderArchive {
    const entries: ZipEntrySource[] = archiveFiles(records, size).map((file) => ({
      name: file.name,
      size: file.size,
      modified: file.modified,
      crc32: file.crc32,
      open: async () => (await deps.storage.get(file.key)).stream,
    }));
    return { ...createZipStream(entries), fileName, count: entries.length };
  }

  return {
    /**
     * The archive of `folder` under `fileName`, with only the items `include` lets through (a proofing gallery's
     * delivered items); an empty archive for null (an account that owns no folder).
     */
    async ofFolder(
      folder: string | null,
      fileName: string,
      include: (record: MediaRecord) => boolean = () => true,
      size: ArchiveSize = 'full',
    ) {
      const records = folder === null ? [] : await deps.gallery.wholeFolder(folder);
      return ofRecords(records.filter(include), fileName, size);
    },

    /** The archive of the given items, under `fileName`. */
    ofRecords,
  };
}

export type FolderArchiveService = ReturnType<typeof createFolderArchiveService>;
