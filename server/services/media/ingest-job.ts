import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { type JobHandler, PermanentJobError } from '../../jobs/worker';
import type { DerivedFile } from '../../media/image-pipeline';
import { MediaError } from '../../media/media-error';
import { type DerivedPath, type DeriveStage, processMedia } from '../../media/process-media';
import { sniffMediaType } from '../../media/sniff';
import { DERIVED_PREFIX, type Derivative, derivativeKey } from '../../media/types';
import type { Job } from '../../repositories/job-repository';
import type { MediaRecord, MediaRepository, ReadyFields } from '../../repositories/media-repository';
import { deletePrefix, type Storage } from '../../storage/storage';
import type { GalleryChanged } from '../galleries/gallery-service';
import { COMPLETE_JOB } from './ingest';

export interface DeriveJobDependencies {
  media: MediaRepository;
  storage: Storage;
  /** A folder on the same disk as DATA_DIR for scratch files. */
  workRoot: string;
  logger: { warn: (obj: object, message: string) => void };
  /** Told when an item becomes ready, i.e. appears in its gallery. */
  galleryChanged?: GalleryChanged;
  /**
   * Called with the ready row after the item becomes ready (composition asks for its proofs there when its gallery is
   * in proofing mode). Its failure is logged and does not fail the job: the item is ready either way.
   */
  onReady?: (record: MediaRecord) => Promise<void> | void;
  /**
   * Whether an item of `folder` is for sale at a show (an event's photos): its derive job makes only the sale picture
   * (server/media/image-pipeline.ts, deriveSalePicture), makes it ready and queues the rest of its set at low
   * priority (COMPLETE_JOB), so its proofs and its reading come before every other item's full set.
   */
  saleFirst?: (folder: string) => boolean;
}

/** The original is not in storage (yet): worth a retry, since a slow upload to S3 may still be finishing. */
export class OriginalMissingError extends Error {
  constructor(key: string) {
    super(`The original ${key} is not in storage.`);
    this.name = 'OriginalMissingError';
  }
}

/**
 * The content MD5 in base64 (the form of the md5Hash metadata field) when the storage ETag is one: always on disk, and
 * on S3 for a single-part upload. A multipart ETag ("…-N") is not, and the job hashes the bytes itself.
 */
function md5FromEtag(etag: string): string | null {
  const hex = /^"([0-9a-f]{32})"$/.exec(etag)?.[1];
  return hex === undefined ? null : Buffer.from(hex, 'hex').toString('base64');
}

/** Passes the original through on its way to the scratch file, computing its CRC-32 (and its MD5 when unknown). */
class ChecksumPassThrough extends Transform {
  #crc = 0;
  readonly #md5: Hash | null;

  constructor(private readonly knownMd5: string | null) {
    super();
    this.#md5 = knownMd5 === null ? createHash('md5') : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#crc = crc32(chunk, this.#crc);
    this.#md5?.update(chunk);
    callback(null, chunk);
  }

  result(): { md5Hash: string; crc32: number } {
    return { md5Hash: this.knownMd5 ?? this.#md5?.digest('base64') ?? '', crc32: this.#crc };
  }
}

/**
 * Stores what the pipeline made for an item under its derivative keys (bytes are written, files moved) and returns
 * their records, in the same order.
 */
export async function storeDerivatives(
  storage: Storage,
  mediaId: string,
  files: Array<DerivedFile | DerivedPath>,
): Promise<Derivative[]> {
  for (const file of files) {
    const key = derivativeKey(mediaId, file.derivative.file);
    const options = { contentType: file.derivative.contentType };
    if ('data' in file) await storage.put(key, file.data, options);
    else await storage.putFile(key, file.path, options);
  }
  return files.map((file) => file.derivative);
}

/**
 * What deriving a stored original gives: everything the row learns when it becomes ready, checksums included, and
 * whether the set is complete (false after the `sale` stage).
 */
export type DerivedOriginal = ReadyFields & { md5Hash: string; crc32: number; complete: boolean };

/**
 * Reads the original stored under `key` once (computing its CRC-32, and its MD5 unless the storage ETag is one),
 * makes every derivative from one decode and stores them under the item's content-addressed keys. Throws
 * OriginalMissingError when the bytes are not stored, PermanentJobError for a file that will never work (not media,
 * corrupt), anything else for a retry. Shared by the derive job and the replacement of an original.
 */
export async function deriveStoredOriginal(
  deps: Pick<DeriveJobDependencies, 'storage' | 'workRoot' | 'logger'>,
  item: { mediaId: string; key: string; extension: string },
  stage: DeriveStage = { kind: 'all' },
): Promise<DerivedOriginal> {
  const { storage } = deps;
  const stored = await storage.head(item.key);
  if (!stored) throw new OriginalMissingError(item.key);
  await fsp.mkdir(deps.workRoot, { recursive: true });
  const workDir = await fsp.mkdtemp(path.join(deps.workRoot, 'derive-'));
  try {
    const local = path.join(workDir, `original.${item.extension}`);
    const { stream } = await storage.get(item.key);
    const checksums = new ChecksumPassThrough(md5FromEtag(stored.etag));
    await pipeline(stream, checksums, fs.createWriteStream(local));
    const { md5Hash, crc32 } = checksums.result();
    const sniffed = await sniffMediaType(local);
    if (!sniffed) throw new PermanentJobError('the stored original is not a media file', 'unsupported-type');
    const log = { warn: (message: string) => deps.logger.warn({ mediaId: item.mediaId }, message) };
    const result = await processMedia(local, sniffed, workDir, log, stage);
    const derivatives = await storeDerivatives(storage, item.mediaId, result.files);
    return {
      width: result.width,
      height: result.height,
      duration: result.duration,
      placeholder: result.placeholder,
      derivatives,
      md5Hash,
      crc32,
      complete: result.complete,
    };
  } catch (error) {
    if (error instanceof MediaError) throw new PermanentJobError(error.message, error.code);
    throw error;
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

/** The item a derive-like job (`{ mediaId }`) is about. */
export function mediaIdOf(job: Job): string {
  const payload = job.payload as { mediaId?: unknown };
  if (typeof payload?.mediaId !== 'string') throw new PermanentJobError('job payload has no mediaId', 'bad-payload');
  return payload.mediaId;
}

/**
 * The job behind every upload: fetch the original to a scratch folder, make its derivatives, store them under
 * content-addressed names, then flip the row to ready in one update. Running it twice does no harm: the same
 * derivatives land on the same keys, and a row that is already ready is left alone. An item for sale at a show
 * (`saleFirst`) gets only its sale picture here; the row becomes ready together with the queued job that completes
 * its set.
 */
export function createDeriveJobHandler(deps: DeriveJobDependencies): JobHandler {
  const { media, storage } = deps;

  async function announceReady(id: string): Promise<void> {
    if (!deps.onReady) return;
    try {
      const ready = await media.findById(id);
      if (ready) await deps.onReady(ready);
    } catch (error) {
      deps.logger.warn({ mediaId: id, err: error }, 'the ready hook failed; the item is ready');
    }
  }

  return {
    async run(job) {
      const record = await media.findById(mediaIdOf(job));
      if (!record || record.status === 'ready') return;
      const saleFirst = deps.saleFirst?.(record.folder) ?? false;
      const item = { mediaId: record.id, key: record.originalKey, extension: record.extension };
      const derived = await deriveStoredOriginal(deps, item, { kind: saleFirst ? 'sale' : 'all' });
      const rest = derived.complete
        ? undefined
        : { type: COMPLETE_JOB, payload: { mediaId: record.id }, priority: 'low' as const };
      await media.markReady(record.id, derived, rest);
      deps.galleryChanged?.(record.folder);
      await announceReady(record.id);
    },

    async onFailed(job, error) {
      const id = mediaIdOf(job);
      const record = await media.findById(id);
      if (!record) return;
      if (error instanceof OriginalMissingError) {
        // The bytes never arrived (a crash between the row and the upload): leave nothing behind.
        await media.deleteRow(id);
      } else {
        await media.markFailed(id, error instanceof PermanentJobError ? error.code : 'processing-failed');
      }
      // The item is settled first: derivatives left over only cost space, and a store that is down right now must
      // not keep the item "processing" for ever.
      await deletePrefix(storage, `${DERIVED_PREFIX}${id}/`).catch((cleanupError: unknown) =>
        deps.logger.warn({ mediaId: id, err: cleanupError }, 'the failed item’s derivatives could not be removed'),
      );
    },
  };
}
