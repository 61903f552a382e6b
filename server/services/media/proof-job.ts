import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type JobHandler, PermanentJobError } from '../../jobs/worker';
import type { DerivedFile } from '../../media/image-pipeline';
import { MediaError } from '../../media/media-error';
import type { DerivedPath } from '../../media/process-media';
import { hasProofsOf, makeImageProofs, makeVideoProof, proofSource, type VersionedWatermark } from '../../media/proofs';
import { type Derivative, derivativeKey } from '../../media/types';
import { detectVideoTools } from '../../media/video';
import type { Job } from '../../repositories/job-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { Storage } from '../../storage/storage';
import { storeDerivatives } from './ingest-job';
import type { WatermarkStore } from './watermark-store';

/** The job that makes (or remakes) the watermarked proofs of one ready item. */
export const PROOF_JOB = 'media.proofs';

/** `version`: the watermark the proofs are wanted with; a job for a version no longer current does nothing. */
export interface ProofJobPayload {
  mediaId: string;
  version: string;
}

export interface ProofJobDependencies {
  media: Pick<MediaRepository, 'findById' | 'replaceProofs'>;
  storage: Storage;
  watermark: Pick<WatermarkStore, 'current'>;
  /** A folder on the same disk as DATA_DIR for scratch files. */
  workRoot: string;
  logger: { warn: (obj: object, message: string) => void };
}

function payloadOf(job: Job): ProofJobPayload {
  const payload = job.payload as Partial<ProofJobPayload> | null;
  if (typeof payload?.mediaId !== 'string' || typeof payload.version !== 'string') {
    throw new PermanentJobError('job payload has no mediaId and version', 'bad-payload');
  }
  return { mediaId: payload.mediaId, version: payload.version };
}

/**
 * Makes an item's proofs from its clean derivatives (never the original: a 2400 px picture decodes in a fraction
 * of the time) and swaps them into the row. Running it twice does no harm: the same proofs land on the same
 * content-addressed keys, and an item that already has proofs of the version is left alone. It does nothing for an
 * item that is gone, in the trash or not ready, nor when the watermark changed since it was queued (the change
 * queued newer jobs).
 */
export function createProofJobHandler(deps: ProofJobDependencies): JobHandler {
  const { media, storage } = deps;

  /** A stored derivative of the item, copied to the scratch folder. */
  async function fetchDerivative(record: MediaRecord, derivative: Derivative, workDir: string): Promise<string> {
    const local = path.join(workDir, derivative.file);
    const { stream } = await storage.get(derivativeKey(record.id, derivative.file));
    await pipeline(stream, fs.createWriteStream(local));
    return local;
  }

  async function makeProofs(record: MediaRecord, source: Derivative, watermark: VersionedWatermark, workDir: string) {
    const picture = await fetchDerivative(record, source, workDir);
    const files: Array<DerivedFile | DerivedPath> = await makeImageProofs({ kind: 'file', path: picture }, watermark);
    const preview = record.derivatives.find((item) => item.role === 'preview');
    if (preview) {
      const tools = await detectVideoTools();
      if (tools) {
        const clip = {
          path: await fetchDerivative(record, preview, workDir),
          width: preview.width,
          height: preview.height,
        };
        files.push(await makeVideoProof(tools, clip, watermark, workDir));
      } else {
        deps.logger.warn({ mediaId: record.id }, 'ffmpeg not found: the video gets picture proofs only');
      }
    }
    return files;
  }

  return {
    async run(job) {
      const { mediaId, version } = payloadOf(job);
      const watermark = await deps.watermark.current();
      if (watermark.version !== version) return;
      const record = await media.findById(mediaId);
      if (record?.status !== 'ready' || record.deletedAt !== null) return;
      if (hasProofsOf(record.derivatives, version)) return;

      const source = proofSource(record.derivatives);
      if (!source) throw new PermanentJobError('the item has no clean picture to make proofs from', 'no-proof-source');
      await fsp.mkdir(deps.workRoot, { recursive: true });
      const workDir = await fsp.mkdtemp(path.join(deps.workRoot, 'proofs-'));
      try {
        const proofs = await storeDerivatives(storage, record.id, await makeProofs(record, source, watermark, workDir));
        const made = new Set(proofs.map((proof) => proof.file));
        const replaced = await media.replaceProofs(record.id, proofs, source.file);
        // The old proofs that no new one shares a name with; or, when the row went or changed meanwhile, the new ones.
        const unreferenced = !replaced ? [...made] : replaced.map((old) => old.file).filter((file) => !made.has(file));
        for (const file of unreferenced) await storage.delete(derivativeKey(record.id, file));
        // Drawn from a picture an edited version replaced meanwhile: made again from the new one.
        if (replaced === null) throw new Error('the item’s original was replaced while its proofs were made');
      } catch (error) {
        if (error instanceof MediaError) throw new PermanentJobError(error.message, error.code);
        throw error;
      } finally {
        await fsp.rm(workDir, { recursive: true, force: true });
      }
    },
  };
}
