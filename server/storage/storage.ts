import type { Readable } from 'node:stream';

/**
 * The one small interface every part of the server uses for media bytes. Two drivers implement it: local disk
 * (the default, under DATA_DIR/media) and S3-compatible object storage. The driver is chosen once at boot.
 *
 * Keys are '/'-separated relative paths such as `MainGallery/photo.jpg` or `dana_cohen@example_com/ride.mp4`.
 * Drivers refuse keys that are absolute, contain `..` segments, backslashes, NUL or other control characters
 * (see keys.ts for the exact rule, shared by both drivers).
 */
export interface StoredObjectInfo {
  key: string;
  size: number;
  /**
   * A strong validator for the exact bytes (quoted, as in an HTTP ETag header). Disk: the MD5 of the content, as
   * S3 gives for a single-part upload; S3: whatever S3 reports (a multipart upload's ETag is not an MD5).
   */
  etag: string;
  lastModified: Date;
  /** As given to put; list results on S3 do not carry it (S3's listing omits it), so it may be undefined there. */
  contentType: string | undefined;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface ListOptions {
  prefix?: string;
  /** Usually '/': keys below the next delimiter are rolled up into `prefixes`. */
  delimiter?: string;
  pageToken?: string;
  /** 1 to 1000. */
  maxResults?: number;
}

export interface ListResult {
  items: StoredObjectInfo[];
  prefixes: string[];
  nextPageToken: string | undefined;
}

export interface PutOptions {
  contentType?: string;
}

/** What a presigned GET makes the store answer with, whatever the object's own metadata says. */
export interface SignedUrlOptions {
  expiresInSeconds: number;
  /** A Content-Disposition with this file name: an attachment unless `dispositionType` says inline. */
  downloadName?: string;
  dispositionType?: 'inline' | 'attachment';
  contentType?: string;
  cacheControl?: string;
}

export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Writes atomically: readers see the old object or the whole new one, never a partial write. */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<StoredObjectInfo>;
  /**
   * Stores a local file (for example a finished upload), moving it when the driver can; the file is consumed. It
   * answers nothing: on disk the move is instant and the ETag (an MD5 of up to gigabytes) is left to the first read.
   */
  putFile(key: string, localPath: string, options?: PutOptions): Promise<void>;
  /**
   * Streams the object, or the inclusive byte range of it (an end past the object is clamped to its last byte).
   * Throws StorageNotFoundError when absent and StorageRangeError when the range starts past the end. `info`
   * describes the whole object that is being read (its size, not the range's), so a caller can tell whether it
   * changed since an earlier head().
   */
  get(key: string, range?: ByteRange): Promise<{ stream: Readable; info: StoredObjectInfo }>;
  head(key: string): Promise<StoredObjectInfo | null>;
  /**
   * One page of keys in ascending (UTF-8 byte) order. Throws InvalidStorageKeyError for a bad prefix and
   * InvalidStorageArgumentError for a bad delimiter or maxResults. The page token is opaque.
   */
  list(options: ListOptions): Promise<ListResult>;
  /** Deleting an absent key is not an error. */
  delete(key: string): Promise<void>;
  /** A time-limited URL the browser may fetch directly (S3 presigned), or null when the driver has none (disk). */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Object does not exist: ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super('The object path is not valid.');
    this.name = 'InvalidStorageKeyError';
  }
}

/** A list option other than the prefix is out of bounds (for example maxResults outside 1–1000). */
export class InvalidStorageArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidStorageArgumentError';
  }
}

/**
 * The object store did not answer: the connection was refused, reset or timed out, or it failed with a 5xx after
 * the client's retries. Nothing was changed by the failed call; the same call can be made again later.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The object store is unreachable.', { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** A byte range starts at or past the end of the object (it may have been replaced by a shorter one). */
export class StorageRangeError extends Error {
  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`The requested range is outside the object (${size} bytes): ${key}`);
    this.name = 'StorageRangeError';
  }
}

/**
 * Deletes every object whose key starts with `prefix` (a media item's derivatives, say), a page at a time. Used by
 * every caller that removes a group of objects, so the paging is written once.
 */
export async function deletePrefix(storage: Pick<Storage, 'list' | 'delete'>, prefix: string): Promise<void> {
  let pageToken: string | undefined;
  do {
    const page = await storage.list({ prefix, pageToken });
    for (const item of page.items) await storage.delete(item.key);
    pageToken = page.nextPageToken;
  } while (pageToken);
}
