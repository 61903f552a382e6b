/**
 * Edited versions: an upload that replaces an item's original, keeping the item's id, and the 30-day keeping of the
 * previous originals (restorable, then swept).
 *
 * The upload contract (the browser's "Upload edits" dialog, tests and tools rely on it):
 *   tus `Upload-Metadata` carries `replaces` = the media id of the item, together with the usual `filename`,
 *   `filetype` and `folder` (or `event`) of the folder or event that item is in. Admin only, like every upload.
 *   Refused when the upload is created (before any byte), and again when its last byte arrives:
 *     - 404 `object-not-found`: no such item;
 *     - 409 `replace-other-folder`: the item is in another folder or event than `folder`/`event`;
 *     - 409 `media-trashed`: the item is in the trash;
 *     - 409 `media-not-ready`: the item is still processing, or failed;
 *   and, once the bytes are there: 415 `replace-other-type` when the file is another type than the item (the item
 *   keeps its name, so a JPEG replaces a JPEG), or the usual refusals of a bad file (400 `invalid-argument` with
 *   `details.reason` corrupt-file, …). The last PATCH answers 204 with `X-Media-Id` = the same id.
 *
 * What happens: the bytes are stored under a key of their own (`_originals/<id>/…`) with a replace job queued first
 * (server/services/media/replace-job.ts). The job makes every derivative from them, and only then, in one
 * transaction, the previous original becomes a version and the row takes the new one; then proofs are queued and
 * galleries told, as for a new item. Until then the item shows its old original and derivatives, which match each
 * other: an honest picture of what is stored, never a half-made one. A file that cannot be derived leaves the item
 * as it was.
 */
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import { VERSION_RETENTION_DAYS } from '../../../shared/schemas/media-versions';
import { AppError } from '../../errors';
import type { JobRepository } from '../../repositories/job-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { MediaVersionRecord, MediaVersionRepository } from '../../repositories/media-version-repository';
import type { Storage } from '../../storage/storage';
import { INGEST_HOLD_MS, inspectOrRefuse } from './ingest';
import { ORIGINALS_PREFIX, originalKey, REPLACE_JOB, type ReplaceJobPayload, replacePayloadOf } from './replace-job';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An object under `_originals/` that nothing names (no item, no version, no pending replacement) is removed by the
 * daily sweep once it is this old: left by a crash between a step and the next. A day leaves any upload or job that
 * is still writing its bytes well alone.
 */
const ORPHAN_AGE_MS = DAY_MS;

export interface ReplacementDependencies {
  media: Pick<MediaRepository, 'findById'>;
  versions: MediaVersionRepository;
  jobs: Pick<JobRepository, 'findById' | 'enqueue' | 'releaseNow'>;
  storage: Pick<Storage, 'putFile' | 'head' | 'delete' | 'list'>;
  /** Wakes the job worker. */
  notify: () => void;
  now?: () => Date;
}

export interface StageRequest {
  mediaId: string;
  /** The folder the upload targets (an event's own folder for an event upload). */
  folder: string;
  /** The finished upload; moved into storage once it passes the checks. */
  localPath: string;
  /** The name the file was uploaded under: recorded with the version, never given to the item. */
  uploadedName: string;
  /** The tus upload's id: the same upload handed in twice (a retry after a crash) is staged once. */
  uploadId: string;
}

const objectNotFound = () => new AppError('object-not-found', 'Object does not exist');

/** The job (and new original) of an upload: derived from its id, so storing the same upload twice finds the first. */
function replacementIdOfUpload(uploadId: string): string {
  return createHash('sha256').update(`replace:${uploadId}`).digest().subarray(0, 16).toString('base64url');
}

export function createOriginalReplacements(deps: ReplacementDependencies) {
  const { media, versions, storage } = deps;
  const now = deps.now ?? (() => new Date());
  const retentionMs = VERSION_RETENTION_DAYS * DAY_MS;

  /** The item `mediaId` if an edited version may replace its original through an upload into `folder`. */
  async function checkTarget(mediaId: string, folder: string): Promise<MediaRecord> {
    const record = await media.findById(mediaId);
    if (!record) throw objectNotFound();
    if (record.folder !== folder) {
      throw new AppError('replace-other-folder', 'The item to replace is in another folder than this upload’s.');
    }
    if (record.deletedAt !== null) {
      throw new AppError('media-trashed', 'The item is in the trash; restore it first.');
    }
    if (record.status !== 'ready') {
      throw new AppError('media-not-ready', 'The item is still being processed, or failed.', { ids: [record.id] });
    }
    return record;
  }

  /** The item an upload was staged for, if its bytes are stored (see StageRequest.uploadId); its job is made due. */
  async function findStaged(uploadId: string): Promise<MediaRecord | undefined> {
    const job = await deps.jobs.findById(replacementIdOfUpload(uploadId));
    if (!job) return undefined;
    const payload = replacePayloadOf(job);
    if (!(await storage.head(payload.key))) return undefined;
    if (job.status === 'queued') {
      await deps.jobs.releaseNow(job.id);
      deps.notify();
    }
    return media.findById(payload.mediaId);
  }

  return {
    checkTarget,
    findStaged,

    /**
     * Checks a finished upload that replaces an item (again: it may have been trashed or moved since the upload was
     * created), stores its bytes and queues the replacement. Answers the item as it still is.
     */
    async stage(request: StageRequest): Promise<MediaRecord> {
      const earlier = await findStaged(request.uploadId);
      if (earlier) return earlier;
      const record = await checkTarget(request.mediaId, request.folder);
      const sniffed = await inspectOrRefuse(request.localPath);
      // The item keeps its name (the client knows the photo by it, picks and orders show it), so the file must be
      // of the type that name says: a PNG would be served and downloaded as a .jpg otherwise.
      if (!sniffed.aliases.includes(record.extension)) {
        throw new AppError(
          'replace-other-type',
          `The edited version must be the same type of file as ${record.name}.`,
          { expected: record.extension, received: sniffed.extension },
        );
      }
      const { size } = await fsp.stat(request.localPath);
      const id = replacementIdOfUpload(request.uploadId);
      const payload: ReplaceJobPayload = {
        mediaId: record.id,
        key: originalKey(record.id, id, record.extension),
        size,
        contentType: sniffed.contentType,
        uploadedName: request.uploadedName.slice(0, 500),
      };
      // The job first, held back: if the process dies before the bytes are stored, it runs later, finds nothing and
      // leaves the item alone; once they are stored it is made due. A second try of the same upload finds it.
      await versions.enqueueWithId(id, {
        type: REPLACE_JOB,
        payload,
        runAfter: new Date(now().getTime() + INGEST_HOLD_MS),
      });
      await storage.putFile(payload.key, request.localPath, { contentType: sniffed.contentType });
      await deps.jobs.releaseNow(id);
      deps.notify();
      return record;
    },

    /** The kept previous originals of an item, most recently replaced first (404 for an unknown item). */
    async versionsOf(mediaId: string): Promise<MediaVersionRecord[]> {
      if (!(await media.findById(mediaId))) throw objectNotFound();
      return versions.listOf(mediaId);
    },

    /** When a version kept from `replacedAt` goes for good. */
    purgeAt(replacedAt: string): string {
      return new Date(new Date(replacedAt).getTime() + retentionMs).toISOString();
    },

    /**
     * Makes a kept version the item's original again: queued as a replacement, so its derivatives and proofs are
     * made again before the swap, and the original it replaces is kept as a version in turn.
     */
    async restore(mediaId: string, versionId: string): Promise<void> {
      const record = await media.findById(mediaId);
      if (!record) throw objectNotFound();
      if (record.deletedAt !== null) throw new AppError('media-trashed', 'The item is in the trash; restore it first.');
      if (record.status !== 'ready') {
        throw new AppError('media-not-ready', 'The item is still being processed, or failed.', { ids: [record.id] });
      }
      const version = await versions.find(mediaId, versionId);
      // A version the sweep is removing right now has lost its bytes already.
      if (!version || !(await storage.head(version.storageKey))) {
        throw new AppError('not-found', 'There is no such version of this item.');
      }
      const payload: ReplaceJobPayload = {
        mediaId,
        key: version.storageKey,
        size: version.size,
        contentType: version.contentType,
        uploadedName: version.originalName,
        editedAt: version.editedAt,
        restoring: version.id,
      };
      await deps.jobs.enqueue({ type: REPLACE_JOB, payload });
      deps.notify();
    },

    /**
     * The daily sweep: removes the versions replaced more than VERSION_RETENTION_DAYS ago (the row first: whoever
     * deletes it owns the bytes, so a restore that took the version meanwhile keeps them), then what a crash left
     * under `_originals/` that nothing names. Returns how many versions went.
     */
    async purgeExpired(): Promise<number> {
      const before = new Date(now().getTime() - retentionMs);
      let purged = 0;
      for (;;) {
        const batch = await versions.listReplacedBefore(before, 100);
        if (batch.length === 0) break;
        for (const version of batch) {
          if (!(await versions.deleteRow(version.id))) continue;
          await storage.delete(version.storageKey);
          purged++;
        }
      }
      await removeOrphans();
      return purged;
    },
  };

  async function removeOrphans(): Promise<void> {
    const pending = new Set(
      (await versions.pendingPayloads(REPLACE_JOB)).map((payload) => (payload as Partial<ReplaceJobPayload>)?.key),
    );
    const oldest = now().getTime() - ORPHAN_AGE_MS;
    let pageToken: string | undefined;
    do {
      const page = await storage.list({ prefix: ORIGINALS_PREFIX, pageToken });
      const old = page.items.filter((item) => item.lastModified.getTime() < oldest && !pending.has(item.key));
      const inUse = await versions.keysInUse(old.map((item) => item.key));
      for (const item of old) if (!inUse.has(item.key)) await storage.delete(item.key);
      pageToken = page.nextPageToken;
    } while (pageToken);
  }
}

export type OriginalReplacements = ReturnType<typeof createOriginalReplacements>;
