import type { Readable } from 'node:stream';
import type { MediaRecord } from '../../repositories/media-repository';
import type { Storage } from '../../storage/storage';
import { createZipStream, type ZipEntrySource } from '../../storage/zip-archive';
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
 * (`Horses-Dance-Photography_Dana-Levi_2026-11-24.zip`). The client is named by their name, else by the part of their
 * address before the `@`; a part left empty is dropped.
 */
export function clientArchiveName(input: {
  siteName: string;
  clientName: string | null;
  email: string;
  at: Date;
}): string {
  const client = namePart(input.clientName ?? '') || namePart(input.email.split('@')[0] ?? '');
  const parts = [namePart(input.siteName), client, localDay(input.at)].filter((part) => part !== '');
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
      // An edited version is dated when it replaced the original.
      modified: new Date(record.editedAt ?? record.timeCreated),
      crc32: record.crc32 ?? undefined,
      open: async () => (await deps.storage.get(record.originalKey)).stream,
    }));
    return { ...createZipStream(entries), fileName, count: entries.length };
  }

  return {
    /**
     * The archive of `folder` under `fileName`, with only the items `include` lets through (a proofing gallery's
     * delivered items); an empty archive for null (an account that owns no folder).
     */
    async ofFolder(folder: string | null, fileName: string, include: (record: MediaRecord) => boolean = () => true) {
      const records = folder === null ? [] : await deps.gallery.wholeFolder(folder);
      return ofRecords(records.filter(include), fileName);
    },

    /** The archive of the given items, under `fileName`. */
    ofRecords,
  };
}

export type FolderArchiveService = ReturnType<typeof createFolderArchiveService>;
