import type { DataStore, Locker, ServerOptions, Upload } from '@tus/server';

/** The id part of an upload's URL: only ids we could have made (hex on disk, hex after a prefix in the bucket). */
const URL_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function isUploadUrlId(urlId: string): boolean {
  return URL_ID.test(urlId);
}

/** How long finishing an upload waits for its lock (a PATCH writing it, another instance finishing it). */
export const LOCK_WAIT_MS = 30_000;

/**
 * Where unfinished uploads live, and what finishing one needs from it. The disk store (file-upload-store.ts) keeps
 * them in DATA_DIR/uploads with a lock in this process's memory: one machine. The S3 store (s3-upload-store.ts)
 * keeps them in the bucket with a lock in the shared database, so any instance can take any PATCH, and an upload
 * a crashed instance was receiving resumes through another.
 */
export interface UploadStore {
  datastore: DataStore;
  /** The lock of one upload across requests; @tus/server's in-memory locker when absent. */
  locker?: Locker;
  /** How ids are made and found in URLs, when the store needs ids of its own shape. */
  naming?: Pick<ServerOptions, 'namingFunction' | 'generateUrl' | 'getFileIdFromRequest'>;
  /** A local file with the finished upload's bytes, for the ingest (which moves it into storage). */
  localFile(upload: Upload): Promise<string>;
  /** Removes every trace of the upload (its bytes, its record, the local file), once it is stored or refused. */
  forget(id: string): Promise<void>;
  /** Removes unfinished uploads past their expiry (a week after creation, the library's rule); returns how many. */
  deleteExpired(): Promise<number>;
  /**
   * When the upload last received bytes (its creation while none came), or undefined when it is gone: what tells an
   * abandoned upload from a slow one (tus-uploads.ts, ABANDONED_UPLOAD_MS).
   */
  lastWritten(id: string): Promise<Date | undefined>;
  /** Removes an unfinished upload with every byte it holds; the caller holds its lock. */
  discard(id: string): Promise<void>;
  /** The ids of every upload held, finished or not: a finished one is still here only when its ingest never ran. */
  listIds(): Promise<string[]>;
  /**
   * Runs `work` while holding the upload's lock if nobody holds it now (then true), without asking a holder to let
   * go (then false): a live instance busy with the upload keeps it.
   */
  whileUnheld(id: string, work: () => Promise<void>): Promise<boolean>;
  /**
   * Runs `work` holding the upload's lock, waiting for it up to LOCK_WAIT_MS (then tus's ERR_LOCK_TIMEOUT): finishing
   * an upload runs under it, so one upload is never stored by two requests or instances at once.
   */
  exclusively<T>(id: string, work: () => Promise<T>): Promise<T>;
  /** The upload id a URL's last segment names, or undefined when it is not one this store could have made. */
  uploadIdOf(urlId: string): string | undefined;
}
