import type { JobHandler } from '../../jobs/worker';
import { hasOnlyTheSalePicture } from '../../media/process-media';
import { derivativeKey, isProof } from '../../media/types';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import { type DeriveJobDependencies, deriveStoredOriginal, mediaIdOf, OriginalMissingError } from './ingest-job';

export interface DerivativeCompletionDependencies
  extends Pick<DeriveJobDependencies, 'storage' | 'workRoot' | 'logger' | 'galleryChanged'> {
  media: Pick<MediaRepository, 'findById' | 'addDerivatives'>;
}

export interface DerivativeCompletion {
  /**
   * Makes the rest of an item's set when it has only its sale picture, and answers the item as it is now (undefined
   * when it is gone). Anything else (a whole set, an item replaced, purged or not ready) is left as it is.
   */
  complete(mediaId: string): Promise<MediaRecord | undefined>;
}

/**
 * Completes the derivatives of an item made saleable first (an event photo: server/services/media/ingest-job.ts,
 * saleFirst). The new files are added to the row beside what it lists, its proofs untouched, and only while the row
 * still lists the sale picture they were made with: an edited version that replaced the original meanwhile brought a
 * whole set of its own, and the files made here are deleted. Running it twice, or beside another run, does no harm:
 * what the row lists already is not added again, and files it lists are never deleted.
 */
export function createDerivativeCompletion(deps: DerivativeCompletionDependencies): DerivativeCompletion {
  const { media, storage } = deps;

  /** Deletes the files made here that the row does not list (it is gone, or moved on to another original). */
  async function dropUnlisted(mediaId: string, made: string[]): Promise<void> {
    const listed = new Set((await media.findById(mediaId))?.derivatives.map((item) => item.file) ?? []);
    for (const file of made) {
      if (!listed.has(file)) await storage.delete(derivativeKey(mediaId, file)).catch(() => undefined);
    }
  }

  return {
    async complete(mediaId) {
      const record = await media.findById(mediaId);
      if (record?.status !== 'ready' || !hasOnlyTheSalePicture(record.derivatives)) return record;
      const have = record.derivatives.filter((item) => !isProof(item));
      const item = { mediaId, key: record.originalKey, extension: record.extension };
      let made: string[];
      try {
        const derived = await deriveStoredOriginal(deps, item, { kind: 'rest', have });
        made = derived.derivatives.map((file) => file.file);
        const added = await media.addDerivatives(
          mediaId,
          derived.derivatives,
          have.map((file) => file.file),
        );
        if (added === undefined || added === null || added.length < made.length) await dropUnlisted(mediaId, made);
        if (added) deps.galleryChanged?.(record.folder);
      } catch (error) {
        // Purged meanwhile, original and all: nothing is left to complete.
        if (error instanceof OriginalMissingError && !(await media.findById(mediaId))) return undefined;
        throw error;
      }
      return media.findById(mediaId);
    },
  };
}

/**
 * The low-priority job queued when an event photo becomes ready with its sale picture only. Its failure leaves the
 * item as it is, ready and for sale: the order delivery completes what it copies itself.
 */
export function createCompleteJobHandler(completion: DerivativeCompletion): JobHandler {
  return {
    async run(job) {
      await completion.complete(mediaIdOf(job));
    },
  };
}
