import { MEDIA_EXTENSIONS } from '../../../shared/file-names';
import { AppError, storageFull } from '../../errors';
import { DERIVED_PREFIX } from '../../media/types';
import type { FolderRepository } from '../../repositories/folder-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { TrashRepository } from '../../repositories/trash-repository';
import { assertValidKey, assertValidPrefix, MAX_LIST_RESULTS } from '../../storage/keys';
import { InvalidStorageKeyError, type Storage } from '../../storage/storage';
import type { GalleryChanged } from '../galleries/gallery-service';
import { deleteItemFiles } from './item-files';

/** The most objects one list request may ask for; the API's schema states it too. */
export { MAX_LIST_RESULTS };

/** Custom metadata limits: a handful of short labels, not a document store (the storage service allows 8 KiB). */
export const CUSTOM_METADATA_MAX_KEYS = 32;
export const CUSTOM_METADATA_MAX_BYTES = 8192;
/** The only delimiter: objects are `<folder>/<name>`, so '/' is the one boundary there is. */
export const LIST_DELIMITER = '/';
/** Written when PATCH is interrupted by another PATCH this many times in a row: give up with 409. */
const UPDATE_ATTEMPTS = 3;

export interface ListObjectsOptions {
  prefix?: string;
  delimiter?: string;
  pageToken?: string;
  maxResults?: number;
}

export interface ListObjectsResult {
  items: MediaRecord[];
  prefixes: string[];
  nextPageToken: string | undefined;
}

/** A PATCH of object metadata after schema validation: a field left out stays, null clears it. */
export interface MetadataPatch {
  contentType?: string;
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentLanguage?: string | null;
  /** Merged into the existing map; a null value removes that key. */
  customMetadata?: Record<string, string | null>;
}

export interface StorageApiDependencies {
  media: Pick<MediaRepository, 'findByFullPath' | 'listObjects' | 'listFolderNames' | 'updateObjectMetadata'>;
  admin: Pick<TrashRepository, 'moveToTrash' | 'purgeRow'> & Pick<FolderRepository, 'storedBytes'>;
  storage: Pick<Storage, 'delete' | 'list'>;
  /** Told when a deleted object leaves its gallery. */
  galleryChanged?: GalleryChanged;
  /** The most the stored originals may take (STORAGE_QUOTA_BYTES); unset: only the disk's size limits them. */
  quotaBytes?: number;
  now?: () => Date;
}

export const objectNotFound = () => new AppError('object-not-found', 'Object does not exist');
const invalid = (message: string) => new AppError('invalid-argument', message);

/** Derivatives and `.placeholder` files are storage details, never objects of this API. */
function isListedObject(record: MediaRecord): boolean {
  return !record.fullPath.startsWith(DERIVED_PREFIX) && record.name !== '.placeholder';
}

interface PageToken {
  /** The query the token belongs to: a token is refused with any other prefix or delimiter. */
  prefix: string;
  delimiter: string;
  /** The last path (or folder) of the previous page. */
  after: string;
}

function encodePageToken(token: PageToken): string {
  return Buffer.from(JSON.stringify([token.prefix, token.delimiter, token.after])).toString('base64url');
}

function decodePageToken(value: string, prefix: string, delimiter: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      parsed[0] === prefix &&
      parsed[1] === delimiter &&
      typeof parsed[2] === 'string'
    ) {
      return parsed[2];
    }
  } catch {
    // Falls through to the error below.
  }
  throw invalid('The page token is not valid for this listing.');
}

function checkPath(path: string): void {
  try {
    assertValidKey(path);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) throw invalid('The object path is not valid.');
    throw error;
  }
}

/** Only the safe types of the item's own kind, or octet-stream: the type is what /media serves the bytes as. */
function checkContentType(contentType: string, record: MediaRecord): string {
  const type = contentType.trim().toLowerCase();
  const kind = record.isVideo ? 'video/' : 'image/';
  const allowed = type === 'application/octet-stream' || Object.values(MEDIA_EXTENSIONS).some((t) => t === type);
  if (!allowed || (type !== 'application/octet-stream' && !type.startsWith(kind))) {
    throw invalid(
      `contentType must be application/octet-stream or an ${record.isVideo ? 'video' : 'image'} type the site accepts.`,
    );
  }
  return type;
}

// RFC 6266: a disposition type, then `; name=value` parameters whose values are tokens or quoted strings, and
// `filename*` an RFC 8187 UTF-8 value. Parsers are lenient; a header value stored for later use should not be.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\\\x00-\\x1f\\x7f]|\\\\[\\x20-\\x7e])*"';
const DISPOSITION = new RegExp(`^(?:inline|attachment)(?:\\s*;\\s*${TOKEN}\\s*=\\s*(?:${TOKEN}|${QUOTED}))*\\s*$`, 'i');
const EXTENDED_VALUE = /filename\*\s*=\s*([^;\s]*)/i;
const UTF8_EXTENDED = /^UTF-8''(?:%[0-9A-Fa-f]{2}|[A-Za-z0-9!#$&+.^_`|~-])+$/i;

function checkContentDisposition(value: string): void {
  const extended = EXTENDED_VALUE.exec(value)?.[1];
  if (DISPOSITION.test(value) && (extended === undefined || UTF8_EXTENDED.test(extended))) return;
  throw invalid('contentDisposition must be a valid "inline" or "attachment" header value (RFC 6266).');
}

function mergeCustomMetadata(
  current: Record<string, string>,
  patch: Record<string, string | null>,
): Record<string, string> {
  const merged: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > CUSTOM_METADATA_MAX_KEYS) {
    throw invalid(`customMetadata may hold at most ${CUSTOM_METADATA_MAX_KEYS} keys.`);
  }
  if (Buffer.byteLength(JSON.stringify(merged)) > CUSTOM_METADATA_MAX_BYTES) {
    throw invalid(`customMetadata may take at most ${CUSTOM_METADATA_MAX_BYTES} bytes.`);
  }
  return merged;
}

/**
 * The storage-style API of the original backend (list with prefix, delimiter and page token; read, patch and delete
 * one object's metadata) over the media table: objects are media items (any state, trash excluded) at their
 * `<folder>/<name>` paths, each with the stored-object metadata fields (bucket, generation, metageneration, size,
 * md5Hash, cache and disposition headers, custom metadata, …). Errors carry the storage codes.
 */
export function createStorageApiService(deps: StorageApiDependencies) {
  const now = deps.now ?? (() => new Date());

  async function findLive(path: string): Promise<MediaRecord> {
    checkPath(path);
    const record = await deps.media.findByFullPath(path);
    if (!record || record.deletedAt || !isListedObject(record)) throw objectNotFound();
    return record;
  }

  return {
    /**
     * One page of a folder listing. With delimiter '/' and a prefix without '/', the folders come back as
     * `prefixes` ("MainGallery/"); with a prefix inside a folder, its objects come back as `items`. Items and
     * prefixes together are at most `maxResults` (1–1000, default 1000).
     */
    async list(options: ListObjectsOptions): Promise<ListObjectsResult> {
      const prefix = options.prefix ?? '';
      const delimiter = options.delimiter ?? '';
      const maxResults = options.maxResults ?? MAX_LIST_RESULTS;
      try {
        assertValidPrefix(prefix);
      } catch {
        throw invalid('The prefix is not a valid object path.');
      }
      if (delimiter !== '' && delimiter !== LIST_DELIMITER) throw invalid(`The only delimiter is "${LIST_DELIMITER}".`);
      if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > MAX_LIST_RESULTS) {
        throw invalid(`maxResults must be a whole number from 1 to ${MAX_LIST_RESULTS}.`);
      }
      const after = options.pageToken === undefined ? undefined : decodePageToken(options.pageToken, prefix, delimiter);
      const nextToken = (last: string) => encodePageToken({ prefix, delimiter, after: last });

      const slash = prefix.indexOf('/');
      if (delimiter === LIST_DELIMITER && slash === -1) {
        // Every object sits one level down (`<folder>/<name>`), so at this level there are only folders.
        const folders = await deps.media.listFolderNames({ prefix, afterFolder: after, limit: maxResults + 1 });
        const page = folders.slice(0, maxResults);
        const last = page.at(-1);
        return {
          items: [],
          prefixes: page.filter((folder) => !`${folder}/`.startsWith(DERIVED_PREFIX)).map((folder) => `${folder}/`),
          nextPageToken: folders.length > maxResults && last !== undefined ? nextToken(last) : undefined,
        };
      }
      const rows = await deps.media.listObjects({
        prefix,
        folder: slash === -1 ? undefined : prefix.slice(0, slash),
        afterPath: after,
        limit: maxResults + 1,
      });
      const page = rows.slice(0, maxResults);
      const last = page.at(-1);
      return {
        items: page.filter(isListedObject),
        prefixes: [],
        nextPageToken: rows.length > maxResults && last ? nextToken(last.fullPath) : undefined,
      };
    },

    /** One object's metadata; 404 object-not-found when absent or in the trash. */
    get: findLive,

    /**
     * Refuses an upload of `bytes` with 402 quota-exceeded when the stored originals (the trash's included) and it
     * would pass the quota. Checked when an upload is created, before a byte is stored.
     */
    async assertRoomFor(bytes: number): Promise<void> {
      if (deps.quotaBytes === undefined) return;
      if ((await deps.admin.storedBytes()) + bytes > deps.quotaBytes) throw storageFull();
    },

    /**
     * Updates metadata fields; the metageneration goes up by one and `updated` moves. Concurrent updates are applied
     * one after the other (each re-reads the row), never over each other.
     */
    async update(path: string, patch: MetadataPatch): Promise<MediaRecord> {
      if (Object.values(patch).every((value) => value === undefined)) {
        throw invalid('Give at least one metadata field to change.');
      }
      if (patch.contentDisposition) checkContentDisposition(patch.contentDisposition);
      for (let attempt = 1; attempt <= UPDATE_ATTEMPTS; attempt++) {
        const record = await findLive(path);
        const written = await deps.media.updateObjectMetadata(
          record.id,
          record.metageneration,
          {
            contentType: patch.contentType === undefined ? undefined : checkContentType(patch.contentType, record),
            cacheControl: patch.cacheControl,
            contentDisposition: patch.contentDisposition,
            contentLanguage: patch.contentLanguage,
            customMetadata:
              patch.customMetadata === undefined
                ? undefined
                : mergeCustomMetadata(record.customMetadata, patch.customMetadata),
          },
          now(),
        );
        if (written) {
          // The content type is shown in galleries (a video's own file when it has no playable copy).
          deps.galleryChanged?.(record.folder);
          return findLive(path);
        }
      }
      throw new AppError('conflict', 'The object changed while it was being updated. Please try again.');
    },

    /**
     * Deletes an object for good: the row is first marked deleted (it leaves every gallery and listing at once), then
     * the original goes (so the trash can no longer restore a half-removed item), then the derivatives, then the row.
     * An interrupted delete leaves a trashed row, which a repeated DELETE (or the trash sweep) finishes. An item still
     * being processed is refused with 409: its job may still be writing derivatives.
     */
    async delete(path: string): Promise<void> {
      checkPath(path);
      const record = await deps.media.findByFullPath(path);
      if (!record || !isListedObject(record)) throw objectNotFound();
      if (record.status === 'processing' && !record.deletedAt) {
        throw new AppError('conflict', 'The file is still being processed. Please try again in a moment.');
      }
      if (!record.deletedAt) {
        await deps.admin.moveToTrash(record.id, now());
        deps.galleryChanged?.(record.folder);
      }
      await deleteItemFiles(deps.storage, record);
      await deps.admin.purgeRow(record.id);
    },
  };
}

export type StorageApiService = ReturnType<typeof createStorageApiService>;
