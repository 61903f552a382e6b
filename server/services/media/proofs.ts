import { createHash } from 'node:crypto';
import type { WatermarkSettings } from '../../../shared/schemas/proofing';
import { AppError } from '../../errors';
import { hasProofsOf } from '../../media/proofs';
import { logoProblem, type Watermark } from '../../media/watermark';
import type { JobPriority, JobRepository } from '../../repositories/job-repository';
import type { GalleryCursor, MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { Storage } from '../../storage/storage';
import { PROOF_JOB, type ProofJobPayload } from './proof-job';
import { createWatermarkStore, type StoredWatermark } from './watermark-store';

export interface ProofServiceDependencies {
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  media: Pick<MediaRepository, 'findById' | 'listVisible'>;
  jobs: Pick<JobRepository, 'enqueueUnlessPending'>;
  storage: Pick<Storage, 'get' | 'put' | 'delete'>;
  /** The watermark's text until the photographer sets another. */
  siteName: string;
  /** Wakes the job worker. */
  notifyWorker: () => void;
  /** The folders whose galleries are in proofing mode now: a new watermark is drawn on their proofs at once. */
  proofingFolders: () => Promise<string[]>;
}

export interface ProofService {
  settings(): Promise<WatermarkSettings>;
  /** Sets the text and layout; when that changes the watermark, every proofing gallery's proofs are made again. */
  updateWatermark(input: Pick<Watermark, 'text' | 'layout'>): Promise<WatermarkSettings>;
  /** Draws this PNG instead of the text (refused with invalid-argument unless a PNG within LOGO_LIMITS). */
  setLogo(png: Buffer): Promise<WatermarkSettings>;
  removeLogo(): Promise<WatermarkSettings>;
  logo(): Promise<Buffer | null>;
  /** Queues proofs for the ready items of `folder` that lack proofs of the current watermark; returns how many. */
  prepareFolder(folder: string): Promise<number>;
  /**
   * Queues proofs for one item when it is ready and lacks proofs of the current watermark; `high` for a photo a
   * visitor is waiting to buy (an event's).
   */
  prepareItem(mediaId: string, priority?: JobPriority): Promise<void>;
}

/** Items read per query while a folder is prepared. */
const PREPARE_BATCH = 200;

/** The logo's storage key: beside the media, under the server's own `_` prefix, named by its content. */
function logoKey(hash: string): string {
  return `_site/watermark-${hash}.png`;
}

/**
 * The watermark of proofing galleries and the queueing of their proofs (made by the proof job,
 * server/services/media/proof-job.ts). Queueing skips an item whose proofs are current and one already queued for the
 * version, so preparing a folder twice costs two queries per item, not two sets of proofs.
 */
export function createProofService(deps: ProofServiceDependencies): ProofService {
  const store = createWatermarkStore(deps);

  /** Queues the item's proofs when it needs them; true when a job was queued. */
  async function queueProofs(record: MediaRecord, version: string, priority?: JobPriority): Promise<boolean> {
    if (record.status !== 'ready' || record.deletedAt !== null || hasProofsOf(record.derivatives, version))
      return false;
    const payload: ProofJobPayload = { mediaId: record.id, version };
    return (await deps.jobs.enqueueUnlessPending({ type: PROOF_JOB, payload, priority })) !== null;
  }

  async function prepareFolder(folder: string): Promise<number> {
    const { version } = await store.settings();
    let queued = 0;
    let after: GalleryCursor | undefined;
    for (;;) {
      const batch = await deps.media.listVisible({ folder, after, limit: PREPARE_BATCH });
      for (const record of batch) if (await queueProofs(record, version)) queued++;
      const last = batch.at(-1);
      if (batch.length < PREPARE_BATCH || !last) break;
      after = { position: last.position, id: last.id };
    }
    if (queued > 0) deps.notifyWorker();
    return queued;
  }

  /** Saves the watermark; a new version sends every proofing gallery's items back for proofs. */
  async function save(next: StoredWatermark): Promise<WatermarkSettings> {
    const before = await store.settings();
    const saved = await store.save(next);
    if (saved.version !== before.version) {
      for (const folder of await deps.proofingFolders()) await prepareFolder(folder);
    }
    return saved;
  }

  return {
    settings: () => store.settings(),

    async updateWatermark(input) {
      return save({ ...(await store.stored()), text: input.text, layout: input.layout });
    },

    async setLogo(png) {
      const problem = await logoProblem(png);
      if (problem) throw new AppError('invalid-argument', problem);
      const hash = createHash('sha256').update(png).digest('hex').slice(0, 16);
      const key = logoKey(hash);
      await deps.storage.put(key, png, { contentType: 'image/png' });
      const previous = await store.stored();
      const saved = await save({ ...previous, logo: { key, hash } });
      if (previous.logo && previous.logo.key !== key) await deps.storage.delete(previous.logo.key);
      return saved;
    },

    async removeLogo() {
      const previous = await store.stored();
      if (!previous.logo) return store.settings();
      const saved = await save({ ...previous, logo: null });
      await deps.storage.delete(previous.logo.key);
      return saved;
    },

    logo: () => store.logo(),

    prepareFolder,

    async prepareItem(mediaId, priority) {
      const record = await deps.media.findById(mediaId);
      if (!record) return;
      if (await queueProofs(record, (await store.settings()).version, priority)) deps.notifyWorker();
    },
  };
}
