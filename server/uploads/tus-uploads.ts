import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server, TUS_RESUMABLE, type Upload } from '@tus/server';
import { MAX_UPLOAD_BYTES, uploadMetadataSchema } from '../../shared/schemas/admin';
import { AppError, isDiskFull } from '../errors';
import { type CaptureInfo, readCaptureInfo } from '../media/capture-time';
import type { MediaRecord } from '../repositories/media-repository';
import type { IngestService } from '../services/media/ingest';
import type { OriginalReplacements } from '../services/media/replace-original';
import { diskFullRefusal, refusal, type TusRefusal } from './tus-refusal';
import type { UploadStore } from './upload-store';

/** The tus endpoint (creation, HEAD, PATCH, termination). Tests and tools use this path. */
export const UPLOAD_PATH = '/api/uploads';

/** An upload may take this long from its creation (the library's expiry: later, HEAD and PATCH answer 410). */
export const UNFINISHED_UPLOAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * An unfinished upload that has received no byte for this long is removed by the clean-up. Resuming within a day
 * covers what interrupts a photographer's upload: a dropped connection, a server restart, a laptop closed overnight.
 * An upload given up on (the client started it afresh, or never came back) no longer holds its bytes on the disk or
 * in the bucket for a week. Counted from the last byte, not the creation: a slow upload of a large video is never cut.
 */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** How often the clean-up runs: an abandoned upload goes 24 to 30 hours after its last byte. */
export const UNFINISHED_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * The media id a finished upload is stored under, derived from the upload's id (128 random bits, known only to the
 * admin who sent it): whoever stores the upload, and however often it is tried, it lands on this one row.
 */
export function mediaIdOfUpload(uploadId: string): string {
  return createHash('sha256').update(`upload:${uploadId}`).digest().subarray(0, 16).toString('base64url');
}

/** What a finished upload's answer (the last PATCH, or a HEAD after it) adds: where the file was stored. */
function storedHeaders(record: Pick<MediaRecord, 'id' | 'name'>): Record<string, string> {
  return { 'X-Media-Id': record.id, 'X-Media-Name': encodeURIComponent(record.name) };
}

function isTusRefusal(error: unknown): error is TusRefusal {
  return typeof error === 'object' && error !== null && 'status_code' in error && 'body' in error;
}

/** Runs `check`, turning its AppError into the refusal tus sends (anything else goes up as it is). */
async function refusing<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError) throw refusal(error.code, error.status, error.message, error.details);
    throw error;
  }
}

export interface TusUploadDependencies {
  /**
   * Where unfinished uploads live: DATA_DIR/uploads on one machine (createFileUploadStore), or the S3 bucket with a
   * lock in the shared database when several instances serve the site (createS3UploadStore).
   */
  store: UploadStore;
  ingest: Pick<IngestService, 'ingestFile' | 'findStored'>;
  /** Throws when the folder does not exist (a user folder nobody owns); the main gallery's always exists. */
  resolveFolder: (folder: string) => Promise<unknown>;
  /** The storage folder of an event's photos; throws when there is no such event. */
  resolveEvent?: (eventId: string) => Promise<string>;
  /** Told where and when an event photo was taken, once it is stored (read from the file before it moves). */
  recordEventUpload?: (eventId: string, mediaId: string, capture: CaptureInfo) => Promise<void>;
  /** Throws 402 quota-exceeded when `bytes` more would pass the storage quota (StorageApiService.assertRoomFor). */
  assertRoomFor?: (bytes: number) => Promise<void>;
  /** Uploads with the metadata `replaces`: an edited version of an item (server/services/media/replace-original.ts). */
  replacements?: Pick<OriginalReplacements, 'checkTarget' | 'stage' | 'findStaged'>;
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

  function replacementsOrRefuse(): NonNullable<TusUploadDependencies['replacements']> {
    if (deps.replacements) return deps.replacements;
    throw refusal('invalid-argument', 400, 'Replacing an item is not possible here.', { reason: 'invalid-metadata' });
  }

  /** Hands a finished upload's bytes to the ingest (the caller forgets the upload afterwards, stored or refused). */
  async function ingestFinished(upload: Upload): Promise<MediaRecord> {
    const meta = uploadMetadataSchema.parse(upload.metadata ?? {});
    const localPath = await store.localFile(upload);
    const event = meta.event;
    const folder = event !== undefined && deps.resolveEvent ? await deps.resolveEvent(event) : meta.folder;
    if (meta.replaces !== undefined) {
      // An edited version keeps the item where it is (and an event photo its place in the start list): the capture
      // time is not read again.
      return replacementsOrRefuse().stage({
        mediaId: meta.replaces,
        folder: folder ?? '',
        localPath,
        uploadedName: meta.filename,
        uploadId: upload.id,
      });
    }
    // The capture time is read before ingest moves the file into storage.
    const capture = event !== undefined ? await readCaptureInfo(localPath) : null;
    const record = await deps.ingest.ingestFile({
      folder: folder ?? '',
      localPath,
      originalName: meta.filename,
      declaredType: meta.filetype,
      internalFolder: event !== undefined,
      mediaId: mediaIdOfUpload(upload.id),
    });
    if (event !== undefined && capture) await deps.recordEventUpload?.(event, record.id, capture);
    return record;
  }

  /**
   * Stores a finished upload once; the caller holds the upload's lock. An upload stored before (its instance died
   * before forgetting it, or before answering) gives that item; a finished one is ingested now. Null when there is
   * nothing to store: still receiving bytes, or gone and never stored. Stored or refused, the upload is forgotten.
   */
  async function storeOnce(id: string, finished?: Upload): Promise<MediaRecord | null> {
    const earlier = (await deps.ingest.findStored(mediaIdOfUpload(id))) ?? (await deps.replacements?.findStaged(id));
    if (earlier) {
      await store.forget(id);
      return earlier;
    }
    const upload = finished ?? (await store.datastore.getUpload(id).catch(() => null));
    if (!upload || upload.size === undefined || upload.offset !== upload.size) return null;
    try {
      return await ingestFinished(upload);
    } finally {
      await store.forget(id);
    }
  }

  /**
   * storeOnce under the upload's lock, with failures as tus answers them: a refusal says why (400 corrupt-file, 402
   * quota-exceeded, …), a full disk goes up as it is (onResponseError answers 507), anything else is logged and 500.
   */
  async function storeExclusively(id: string, finished?: Upload): Promise<MediaRecord | null> {
    try {
      return await store.exclusively(id, () => storeOnce(id, finished));
    } catch (error) {
      if (error instanceof AppError) throw refusal(error.code, error.status, error.message, error.details);
      if (isDiskFull(error) || isTusRefusal(error)) throw error;
      deps.logger.error({ err: error, uploadId: id }, 'a finished upload could not be stored');
      throw refusal('internal-error', 500, 'Upload failed.');
    }
  }

  /**
   * A HEAD (or an empty PATCH) on an upload whose last byte arrived: a client resuming after its connection, or the
   * instance that had the last PATCH, went away. The upload is stored now if that never happened, and answered as
   * the last PATCH is, with the item's id. False when tus answers instead: an upload still receiving bytes, or one
   * it does not know. (tus itself cannot take that PATCH: the bucket's multipart upload is complete by then.)
   */
  async function answerFinished(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const urlId = new URL(req.url ?? '', 'http://upload').pathname.slice(UPLOAD_PATH.length + 1);
    const id = store.uploadIdOf(urlId);
    if (id === undefined) return false;
    // Without the lock first: a resumed upload still missing bytes is answered by tus at once.
    const upload = await store.datastore.getUpload(id).catch(() => null);
    if (upload && (upload.size === undefined || upload.offset !== upload.size)) return false;
    const headers = { 'Tus-Resumable': TUS_RESUMABLE, 'Cache-Control': 'no-store' };
    try {
      const record = await storeExclusively(id);
      if (!record) return false;
      const size = String(record.size);
      if (req.method === 'HEAD') {
        res.writeHead(200, { ...headers, 'Upload-Offset': size, 'Upload-Length': size, ...storedHeaders(record) });
      } else if (req.headers['upload-offset'] === size) {
        res.writeHead(204, { ...headers, 'Upload-Offset': size, ...storedHeaders(record) });
      } else {
        // As tus answers a PATCH at the wrong offset; the client's HEAD then gets the item's id.
        res.writeHead(409, headers);
      }
    } catch (error) {
      // HEAD has no body: the status says enough for the client to retry, or to send the file afresh.
      const answer = isDiskFull(error) ? diskFullRefusal() : (error as TusRefusal);
      res.writeHead(answer.status_code, headers);
    }
    res.end();
    return true;
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
      const { event, folder = '', replaces } = parsed.data;
      let target = folder;
      try {
        if (event === undefined) await deps.resolveFolder(folder);
        else target = (await deps.resolveEvent?.(event)) ?? '';
      } catch {
        throw refusal('invalid-argument', 400, 'The target folder does not exist.', { reason: 'unknown-folder' });
      }
      // An edited version is refused before a byte is sent when it cannot replace that item (checked again at the end).
      if (replaces !== undefined) await refusing(() => replacementsOrRefuse().checkTarget(replaces, target));
      const size = upload.size;
      await refusing(async () => deps.assertRoomFor?.(size));
      return { metadata: upload.metadata };
    },
    async onUploadFinish(_req, upload) {
      const record = await storeExclusively(upload.id, upload);
      if (!record) throw refusal('not-found', 404, 'The upload no longer exists.');
      return { headers: storedHeaders(record) };
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
    /** Answers one request to the tus endpoint (the route has let the admin through). */
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const resuming = req.method === 'HEAD' || (req.method === 'PATCH' && req.headers['content-length'] === '0');
      if (resuming && (await answerFinished(req, res))) return;
      await server.handle(req, res);
    },
    /**
     * The clean-up: removes unfinished uploads past UNFINISHED_UPLOAD_TTL_MS, and those that received no byte for
     * ABANDONED_UPLOAD_MS before `now`; returns how many went. One held by a request (or another instance) is left
     * alone, and so is a finished one (recoverFinished stores it); one that cannot be looked at is logged and left
     * for the next run, so it never keeps the others.
     */
    async deleteExpired(now = Date.now()): Promise<number> {
      let removed = await store.deleteExpired();
      for (const id of await store.listIds()) {
        await store
          .whileUnheld(id, async () => {
            const upload = await store.datastore.getUpload(id).catch(() => null);
            if (!upload || upload.offset === upload.size) return;
            const written = await store.lastWritten(id);
            if (!written || now - written.getTime() < ABANDONED_UPLOAD_MS) return;
            await store.discard(id);
            removed += 1;
          })
          .catch((error: unknown) => {
            deps.logger.error({ err: error, uploadId: id }, 'an unfinished upload could not be cleaned up');
          });
      }
      return removed;
    },
    /**
     * Ingests every upload whose last byte arrived but whose ingest never ran (its process died in between), so no
     * completed upload is lost; returns how many were stored. One that nobody holds is taken; a refused one is
     * removed as it would have been; one stored before its instance could forget it is forgotten, not stored again.
     */
    async recoverFinished(): Promise<number> {
      let stored = 0;
      for (const id of await store.listIds()) {
        await store.whileUnheld(id, async () => {
          // Not finished (then the client resumes it), or gone: nothing to do. One stored before is only forgotten.
          try {
            if (await storeOnce(id)) stored += 1;
          } catch (error) {
            deps.logger.error({ err: error, uploadId: id }, 'a finished upload found at start could not be stored');
          }
        });
      }
      return stored;
    },
  };
}

export type TusUploads = ReturnType<typeof createTusUploads>;
