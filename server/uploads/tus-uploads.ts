import { Server, type Upload } from '@tus/server';
import { MAX_UPLOAD_BYTES, uploadMetadataSchema } from '../../shared/schemas/admin';
import { AppError, isDiskFull } from '../errors';
import { type CaptureInfo, readCaptureInfo } from '../media/capture-time';
import type { IngestService } from '../services/ingest';
import { diskFullRefusal, refusal } from './tus-refusal';
import type { UploadStore } from './upload-store';

/** The tus endpoint (creation, HEAD, PATCH, termination). Tests and tools use this path. */
export const UPLOAD_PATH = '/api/uploads';

/** Unfinished uploads nobody resumes are removed after a week by the daily clean-up. */
export const UNFINISHED_UPLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface TusUploadDependencies {
  /**
   * Where unfinished uploads live: DATA_DIR/uploads on one machine (createFileUploadStore), or the S3 bucket with a
   * lock in the shared database when several instances serve the site (createS3UploadStore).
   */
  store: UploadStore;
  ingest: Pick<IngestService, 'ingestFile'>;
  /** Throws when the folder does not exist (a user folder nobody owns); the main gallery's always exists. */
  resolveFolder: (folder: string) => Promise<unknown>;
  /** The storage folder of an event's photos; throws when there is no such event. */
  resolveEvent?: (eventId: string) => Promise<string>;
  /** Told where and when an event photo was taken, once it is stored (read from the file before it moves). */
  recordEventUpload?: (eventId: string, mediaId: string, capture: CaptureInfo) => Promise<void>;
  /** Throws 402 quota-exceeded when `bytes` more would pass the storage quota (StorageApiService.assertRoomFor). */
  assertRoomFor?: (bytes: number) => Promise<void>;
  logger: { error: (obj: object, message: string) => void };
  maxSize?: number;
}

/**
 * The resumable-upload server (tus 1.0 over @tus/server). Bytes land in the upload store (DATA_DIR/uploads, or the
 * bucket) and survive a restart: a client that lost its connection, or a server killed mid-upload, resumes from the stored
 * offset. Nothing is visible until the last byte arrives; then `onUploadFinish` hands the file to the ingest
 * service (sniff, sanitize, store, hidden row + job) before answering, so the answer says whether it was accepted.
 * Refused or not, the upload's own files are then removed: a refused upload cannot be "resumed" into a success.
 * Who may call it is decided before tus sees the request (the route's requireAdmin hook).
 */
export function createTusUploads(deps: TusUploadDependencies) {
  const { store } = deps;

  /** Hands a finished upload's bytes to the ingest (the caller forgets the upload afterwards, stored or refused). */
  async function ingestFinished(upload: Upload): Promise<{ id: string; name: string }> {
    const meta = uploadMetadataSchema.parse(upload.metadata ?? {});
    const localPath = await store.localFile(upload);
    const event = meta.event;
    const folder = event !== undefined && deps.resolveEvent ? await deps.resolveEvent(event) : meta.folder;
    // The capture time is read before ingest moves the file into storage.
    const capture = event !== undefined ? await readCaptureInfo(localPath) : null;
    const record = await deps.ingest.ingestFile({
      folder: folder ?? '',
      localPath,
      originalName: meta.filename,
      declaredType: meta.filetype,
      internalFolder: event !== undefined,
    });
    if (event !== undefined && capture) await deps.recordEventUpload?.(event, record.id, capture);
    return record;
  }

  const server = new Server({
    path: UPLOAD_PATH,
    datastore: store.datastore,
    ...(store.locker ? { locker: store.locker } : {}),
    maxSize: deps.maxSize ?? MAX_UPLOAD_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: false,
    // One stored upload per id (random, 128 bits): the default naming serves, unless the store needs its own.
    ...store.naming,
    async onUploadCreate(_req, upload) {
      if (upload.size === undefined) {
        throw refusal('invalid-argument', 400, 'The upload must declare its length.', { reason: 'length-required' });
      }
      const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {});
      if (!parsed.success) {
        const message = parsed.error.issues.map((issue) => issue.message).join('; ');
        throw refusal('invalid-argument', 400, `Invalid upload metadata: ${message}.`, { reason: 'invalid-metadata' });
      }
      try {
        if (parsed.data.event !== undefined) await deps.resolveEvent?.(parsed.data.event);
        else await deps.resolveFolder(parsed.data.folder ?? '');
      } catch {
        throw refusal('invalid-argument', 400, 'The target folder does not exist.', { reason: 'unknown-folder' });
      }
      try {
        await deps.assertRoomFor?.(upload.size);
      } catch (error) {
        if (error instanceof AppError) throw refusal(error.code, error.status, error.message, error.details);
        throw error;
      }
      return { metadata: upload.metadata };
    },
    async onUploadFinish(_req, upload) {
      try {
        const record = await ingestFinished(upload);
        return { headers: { 'X-Media-Id': record.id, 'X-Media-Name': encodeURIComponent(record.name) } };
      } catch (error) {
        if (error instanceof AppError) throw refusal(error.code, error.status, error.message, error.details);
        // A full disk reaches onResponseError as it is, which says so in the log and answers 507 disk-full.
        if (isDiskFull(error)) throw error;
        deps.logger.error({ err: error, uploadId: upload.id }, 'a finished upload could not be stored');
        throw refusal('internal-error', 500, 'Upload failed.');
      } finally {
        await store.forget(upload.id);
      }
    },
    // The one place a full disk becomes an answer, whether it struck while an upload was created, written or
    // stored: the bytes already written stay (a HEAD reports them), so the client resumes once space is freed.
    onResponseError(req, error) {
      if (!isDiskFull(error)) return undefined;
      deps.logger.error(
        { err: error, method: req.method, url: req.url },
        'the disk is full: an upload could not be written or stored',
      );
      return diskFullRefusal();
    },
  });

  return {
    server,
    /** Removes unfinished uploads older than UNFINISHED_UPLOAD_TTL_MS; returns how many. */
    deleteExpired: () => store.deleteExpired(),
    /**
     * Ingests every upload whose last byte arrived but whose ingest never ran (its process died in between), so no
     * completed upload is lost; returns how many were stored. One that nobody holds is taken; a refused one is
     * removed as it would have been.
     */
    async recoverFinished(): Promise<number> {
      let stored = 0;
      for (const id of await store.listIds()) {
        await store.whileUnheld(id, async () => {
          // Gone, or not finished (then the client resumes it): nothing to do. On disk, an ingested upload's bytes
          // have moved into storage, so an upload is never stored twice.
          const upload = await store.datastore.getUpload(id).catch(() => null);
          if (!upload || upload.size === undefined || upload.offset !== upload.size) return;
          try {
            await ingestFinished(upload);
            stored += 1;
          } catch (error) {
            deps.logger.error({ err: error, uploadId: id }, 'a finished upload found at start could not be stored');
          } finally {
            await store.forget(id);
          }
        });
      }
      return stored;
    },
  };
}

export type TusUploads = ReturnType<typeof createTusUploads>;
