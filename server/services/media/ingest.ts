import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { extensionOf, sanitizeFileName, withExtension } from '../../../shared/file-names';
import { AppError, type ErrorCode } from '../../errors';
import { formatContentDisposition } from '../../http/content-disposition';
import { MediaError, type MediaErrorCode } from '../../media/media-error';
import { inspectUpload } from '../../media/process-media';
import type { JobRepository } from '../../repositories/job-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import { assertValidKey } from '../../storage/keys';
import type { Storage } from '../../storage/storage';

/** The job that turns a stored original into its derivatives (server/services/media/ingest-job.ts). */
export const DERIVE_JOB = 'media.derive';

/**
 * The low-priority job that makes the rest of an event photo's derivatives, after its derive job made it saleable
 * (server/services/media/complete-job.ts).
 */
export const COMPLETE_JOB = 'media.complete';

/**
 * How long a new job waits for its bytes. The row and job are written first and made due once the bytes are stored;
 * if the process dies in between, the job still runs after this hold and tidies up (server/services/media/ingest-job.ts).
 * The hold covers that crash window only: an item found stored afterwards (findStored) has its job made due at once.
 */
export const INGEST_HOLD_MS = 15 * 60_000;

/** The cache-control every uploaded object carries: public, one hour. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=3600';

export interface IngestRequest {
  /** MAIN_GALLERY_FOLDER or a client's folder; with `internalFolder`, one of the server's own (an event's). */
  folder: string;
  /** The folder was chosen by the server (an event's `_event-…`), not named by the uploader. */
  internalFolder?: boolean;
  /** A finished local file; it is moved into storage on success and left where it is on refusal. */
  localPath: string;
  /** The name the uploader gave; sanitized here by the upload file-name rule (shared/file-names.ts). */
  originalName: string;
  /** What the uploader said it is; used only to pick an extension for a name that has none. */
  declaredType?: string;
  /** The content MD5 (base64) when the caller already has it (the import does); otherwise the job computes it. */
  md5Hash?: string;
  isDemo?: boolean;
  /**
   * The id to store the item under, for a caller that may hand the same file in twice (a finished upload whose
   * instance died before it could forget it): an item already stored under this id is returned as it is.
   */
  mediaId?: string;
}

export interface IngestDependencies {
  media: MediaRepository;
  jobs: JobRepository;
  storage: Storage;
  /** Wakes the job worker. */
  notify: () => void;
  /**
   * Whether the items of `folder` are for sale at a show (an event's): their derive job runs at high priority, ahead
   * of a client gallery's batch, and makes them saleable first (DeriveJobDependencies.saleFirst).
   */
  saleFirst?: (folder: string) => boolean;
}

export interface IngestService {
  /**
   * Checks a finished upload, stores it and queues its processing. Returns the new (still hidden) media row.
   * Refusals are AppErrors with `details.reason` set to a MediaErrorCode: 400 empty-file / corrupt-file,
   * 413 too-many-pixels, 415 unsupported-type / unsafe-svg; nothing is stored then.
   */
  ingestFile(request: IngestRequest): Promise<MediaRecord>;
  /**
   * The item stored under `mediaId`, if its row exists and its bytes were stored (see IngestRequest.mediaId). Such an
   * item is processed at once: a process that stored the bytes and died before making its job due left the job
   * waiting out INGEST_HOLD_MS, and the bytes it waits for are in place.
   */
  findStored(mediaId: string): Promise<MediaRecord | undefined>;
}

const REFUSAL_STATUS: Record<MediaErrorCode, ErrorCode> = {
  'empty-file': 'invalid-argument',
  'corrupt-file': 'invalid-argument',
  'video-unreadable': 'invalid-argument',
  'too-many-pixels': 'payload-too-large',
  'unsupported-type': 'unsupported-media-type',
  'unsafe-svg': 'unsupported-media-type',
};

/**
 * Sniffs a finished upload and checks what can be checked before storing it (type, header, pixel count, SVG safety);
 * a file that fails is refused with an AppError whose `details.reason` is the MediaErrorCode (see ingestFile).
 */
export async function inspectOrRefuse(localPath: string): Promise<Awaited<ReturnType<typeof inspectUpload>>> {
  try {
    return await inspectUpload(localPath);
  } catch (error) {
    if (error instanceof MediaError) {
      throw new AppError(REFUSAL_STATUS[error.code], error.message, { reason: error.code });
    }
    throw error;
  }
}

/** An opaque, unguessable media id: 128 random bits, base64url (22 characters). */
export function newMediaId(): string {
  return randomBytes(16).toString('base64url');
}

/** A folder is one path segment of the storage layout; `_`-prefixed names are the server's own (`_derived`). */
export function assertValidFolder(folder: string): void {
  const invalid = () => new AppError('invalid-argument', 'The folder name is not valid.');
  if (folder.includes('/') || folder.startsWith('_') || folder.startsWith('.')) throw invalid();
  try {
    assertValidKey(folder);
  } catch {
    throw invalid();
  }
}

/** MD5 (base64, as the storage service reports it) and size of a local file, in one read. */
export async function md5AndSize(localPath: string): Promise<{ md5Hash: string; size: number }> {
  const hash = createHash('md5');
  let size = 0;
  for await (const chunk of fs.createReadStream(localPath) as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
  }
  // Base64, as the original storage service reports md5Hash.
  return { md5Hash: hash.digest('base64'), size };
}

/** The name to try at `attempt`: `name.ext`, then `name_2.ext`, `name_3.ext`, … */
export function candidateName(name: string, attempt: number): string {
  if (attempt === 1) return name;
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}_${attempt}${name.slice(dot)}`;
}

export function createIngestService(deps: IngestDependencies): IngestService {
  const { media, jobs, storage } = deps;

  async function insertUnderFreeName(
    request: IngestRequest,
    name: string,
    fields: { contentType: string; extension: string; isVideo: boolean; md5Hash: string; size: number },
  ): Promise<{ record: MediaRecord; jobId: string }> {
    for (let attempt = 1; attempt <= 100; attempt++) {
      const candidate = candidateName(name, attempt);
      const fullPath = `${request.folder}/${candidate}`;
      if (await media.fullPathTaken(fullPath)) continue;
      const id = request.mediaId ?? newMediaId();
      try {
        const { media: record, jobId } = await media.insertWithJob(
          {
            id,
            folder: request.folder,
            name: candidate,
            fullPath,
            ...fields,
            isDemo: request.isDemo ?? false,
            cacheControl: UPLOAD_CACHE_CONTROL,
            contentDisposition: formatContentDisposition('attachment', candidate),
            customMetadata: { originalName: request.originalName.slice(0, 500) },
          },
          {
            type: DERIVE_JOB,
            payload: { mediaId: id },
            runAfter: new Date(Date.now() + INGEST_HOLD_MS),
            priority: deps.saleFirst?.(request.folder) ? 'high' : 'normal',
          },
        );
        return { record, jobId };
      } catch (error) {
        // Someone else took the name between the check and the insert: try the next one.
        if (await media.fullPathTaken(fullPath)) continue;
        throw error;
      }
    }
    throw new AppError('conflict', 'Too many files with this name in the folder.');
  }

  async function findStored(mediaId: string): Promise<MediaRecord | undefined> {
    const record = await media.findById(mediaId);
    if (!record || !(await storage.head(record.originalKey))) return undefined;
    if (record.status === 'processing') {
      await jobs.releaseWaiting(DERIVE_JOB, { mediaId });
      deps.notify();
    }
    return record;
  }

  return {
    findStored,
    async ingestFile(request) {
      if (request.internalFolder) assertValidKey(request.folder);
      else assertValidFolder(request.folder);
      if (request.mediaId !== undefined) {
        const earlier = await findStored(request.mediaId);
        if (earlier) return earlier;
        // A row left without its bytes (the ingest died before storing them) gives way: stored afresh under its id.
        await media.deleteRow(request.mediaId);
      }
      const sniffed = await inspectOrRefuse(request.localPath);
      let name = sanitizeFileName(request.originalName, request.declaredType ?? sniffed.contentType);
      // The content decides the type: a PNG named .jpg is stored as .png, and nothing keeps a misleading extension.
      if (!sniffed.aliases.includes(extensionOf(name))) name = withExtension(name, sniffed.extension);
      // No hashing here: the uploader is waiting for this answer, and MD5 runs at ~0.5 GB/s. The job that reads the
      // original anyway fills md5Hash (and the CRC-32) before the item becomes visible.
      const { size } = await fsp.stat(request.localPath);
      const { record, jobId } = await insertUnderFreeName(request, name, {
        contentType: sniffed.contentType,
        extension: extensionOf(name),
        isVideo: sniffed.isVideo,
        md5Hash: request.md5Hash ?? '',
        size,
      });
      try {
        await storage.putFile(record.fullPath, request.localPath, { contentType: sniffed.contentType });
      } catch (error) {
        await media.deleteWithJob(record.id, jobId);
        throw error;
      }
      await jobs.releaseNow(jobId);
      deps.notify();
      return record;
    },
  };
}
