import { createHash } from 'node:crypto';
import { type JobHandler, PermanentJobError } from '../../jobs/worker';
import { derivativeKey } from '../../media/types';
import type { Job } from '../../repositories/job-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { MediaVersionRepository } from '../../repositories/media-version-repository';
import type { Storage } from '../../storage/storage';
import type { GalleryChanged } from '../galleries/gallery-service';
import { type DerivedOriginal, type DeriveJobDependencies, deriveStoredOriginal } from './ingest-job';
import { copyObject } from './media-copy';

/** The job that puts a new original in an item's place (an edited version, or a restored one). */
export const REPLACE_JOB = 'media.replace';

/**
 * Where every original that is not at its item's name path is stored: an edited version, a kept previous original.
 * The name path (`<folder>/<name>`) holds at most the original an item was created with, so no upload that takes a
 * name can ever land on a kept version's bytes.
 */
export const ORIGINALS_PREFIX = '_originals/';

/** The storage key of an original of `mediaId` under `_originals/`. */
export function originalKey(mediaId: string, name: string, extension: string): string {
  return `${ORIGINALS_PREFIX}${mediaId}/${name}.${extension}`;
}

export interface ReplaceJobPayload {
  mediaId: string;
  /** Where the incoming original's bytes are stored. */
  key: string;
  size: number;
  contentType: string;
  /** The name the file was uploaded under; the item keeps its own. */
  uploadedName: string;
  /** A restore: the version's own `editedAt` comes back with it. Absent for an upload: it is edited as of the swap. */
  editedAt?: string | null;
  /** A restore: the version that becomes the original again. */
  restoring?: string;
}

export function replacePayloadOf(job: Job): ReplaceJobPayload {
  const payload = job.payload as Partial<ReplaceJobPayload> | null;
  if (
    typeof payload?.mediaId !== 'string' ||
    typeof payload.key !== 'string' ||
    typeof payload.size !== 'number' ||
    typeof payload.contentType !== 'string' ||
    typeof payload.uploadedName !== 'string'
  ) {
    throw new PermanentJobError('job payload is not a replacement', 'bad-payload');
  }
  return payload as ReplaceJobPayload;
}

/** The id of the version a job's swap keeps: derived from the job, so a job run again writes the same one. */
function versionIdOfJob(jobId: string): string {
  return createHash('sha256').update(`version:${jobId}`).digest().subarray(0, 16).toString('base64url');
}

/** How often a swap is tried again when another replacement of the same item came first. */
const SWAP_ATTEMPTS = 3;

export interface ReplaceJobDependencies extends Pick<DeriveJobDependencies, 'storage' | 'workRoot' | 'logger'> {
  media: Pick<MediaRepository, 'findById'>;
  versions: Pick<MediaVersionRepository, 'swapOriginal' | 'keysInUse' | 'find'>;
  storage: Storage;
  /** Told once the item shows its new original. */
  galleryChanged?: GalleryChanged;
  /** The item-ready listeners (proofs, an event's placement), as after a first ingest. */
  onReady?: (record: MediaRecord) => Promise<void> | void;
  now?: () => Date;
}

/**
 * Makes every derivative from the incoming original, then swaps it in (server/repositories/media-version-repository.ts,
 * swapOriginal): the check comes before anything of the item changes, so a file that cannot be derived leaves it
 * as it was. After the swap the old derivatives go, galleries are told and the item-ready listeners queue new proofs.
 * Running it twice does no harm: an item whose original is already the incoming one is left alone.
 */
export function createReplaceJobHandler(deps: ReplaceJobDependencies): JobHandler {
  const { media, versions, storage } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Where the item's present original stays as a version: its own key when it is under `_originals/` already, else
   * a copy there (the name path must not hold a version: see ORIGINALS_PREFIX).
   */
  async function keepPrevious(record: MediaRecord, versionId: string): Promise<string> {
    if (record.originalKey !== record.fullPath) return record.originalKey;
    const kept = originalKey(record.id, versionId, record.extension);
    await copyObject(storage, record.fullPath, kept, record.contentType);
    return kept;
  }

  /** Deletes the derivatives this job made that the item's row does not list (the swap did not happen). */
  async function dropUnused(mediaId: string, derived: DerivedOriginal): Promise<void> {
    const listed = new Set((await media.findById(mediaId))?.derivatives.map((item) => item.file) ?? []);
    for (const item of derived.derivatives) {
      if (!listed.has(item.file)) await storage.delete(derivativeKey(mediaId, item.file)).catch(() => undefined);
    }
  }

  /** What follows a swap; a failure is logged, never retried: the item has its new original either way. */
  async function afterSwap(previous: MediaRecord, derived: DerivedOriginal, keptKey: string): Promise<void> {
    try {
      // The name path's bytes were copied under _originals/: nothing reads them any more.
      if (keptKey !== previous.originalKey) await storage.delete(previous.originalKey);
      const current = new Set(derived.derivatives.map((item) => item.file));
      for (const old of previous.derivatives) {
        if (!current.has(old.file)) await storage.delete(derivativeKey(previous.id, old.file));
      }
    } catch (error) {
      deps.logger.warn(
        { mediaId: previous.id, err: error },
        'the replaced original’s old files could not all be removed',
      );
    }
    deps.galleryChanged?.(previous.folder);
    try {
      const ready = await media.findById(previous.id);
      if (ready) await deps.onReady?.(ready);
    } catch (error) {
      deps.logger.warn({ mediaId: previous.id, err: error }, 'the ready hook failed after a replacement');
    }
  }

  return {
    async run(job) {
      const payload = replacePayloadOf(job);
      let record = await media.findById(payload.mediaId);
      if (!record) {
        // The item was purged meanwhile: an uploaded original has nothing to replace (a version went with it).
        if (payload.restoring === undefined) await storage.delete(payload.key);
        return;
      }
      if (record.originalKey === payload.key) return;
      const derived = await deriveStoredOriginal(deps, {
        mediaId: record.id,
        key: payload.key,
        extension: record.extension,
      });
      const versionId = versionIdOfJob(job.id);
      try {
        for (let attempt = 1; attempt <= SWAP_ATTEMPTS; attempt++) {
          const at = now();
          const keptKey = await keepPrevious(record, versionId);
          const swapped = await versions.swapOriginal({
            previous: record,
            keptKey,
            versionId,
            restoring: payload.restoring,
            at,
            incoming: {
              ...derived,
              key: payload.key,
              size: payload.size,
              contentType: payload.contentType,
              uploadedName: payload.uploadedName,
              editedAt: payload.editedAt === undefined ? at.toISOString() : payload.editedAt,
            },
          });
          if (swapped) {
            await afterSwap(record, derived, keptKey);
            return;
          }
          if (keptKey !== record.originalKey) await storage.delete(keptKey);
          const fresh = await media.findById(payload.mediaId);
          if (fresh?.originalKey === payload.key) return;
          const versionGone =
            payload.restoring !== undefined && !(await versions.find(payload.mediaId, payload.restoring));
          if (!fresh || versionGone) {
            // Purged, or the version to restore is gone (swept, or restored by another click): nothing to do.
            await dropUnused(payload.mediaId, derived);
            if (!fresh && payload.restoring === undefined) await storage.delete(payload.key);
            return;
          }
          // The row changed meanwhile (another replacement came first, proofs were recorded): swapped on it now.
          record = fresh;
        }
        throw new Error(`The original of ${payload.mediaId} kept changing; it was not replaced.`);
      } catch (error) {
        await dropUnused(payload.mediaId, derived);
        throw error;
      }
    },

    async onFailed(job, error) {
      const payload = replacePayloadOf(job);
      const record = await media.findById(payload.mediaId);
      // The incoming bytes of an upload, and a copy of the previous original made for a swap that did not happen.
      const leftovers = [
        ...(payload.restoring === undefined ? [payload.key] : []),
        ...(record ? [originalKey(record.id, versionIdOfJob(job.id), record.extension)] : []),
      ].filter((key) => key !== record?.originalKey);
      const inUse = await versions.keysInUse(leftovers);
      for (const key of leftovers) if (!inUse.has(key)) await storage.delete(key);
      deps.logger.warn(
        { mediaId: payload.mediaId, err: error },
        'a new original could not replace the item’s; the item keeps the one it had',
      );
    },
  };
}
