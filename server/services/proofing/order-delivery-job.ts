import { createHash } from 'node:crypto';
import { type JobHandler, PermanentJobError } from '../../jobs/worker';
import type { Job } from '../../repositories/job-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { OrderRepository } from '../../repositories/order-repository';
import type { Storage } from '../../storage/storage';
import type { GalleryChanged } from '../galleries/gallery-service';
import type { DerivativeCompletion } from '../media/complete-job';
import { copyMediaFiles, freeNameIn } from '../media/media-copy';

/** Copies the photos of a delivered competition order into the buyer's own gallery. */
export const ORDER_DELIVERY_JOB = 'order.deliver';

/**
 * The id of the copy of `mediaId` an order delivers: the same on every run, so a retried job (or one taken over
 * after a crash) finds the copies already made and makes only the missing ones.
 */
export function deliveredCopyId(orderId: string, mediaId: string): string {
  return createHash('sha256').update(`${orderId}\u0000${mediaId}`).digest().subarray(0, 16).toString('base64url');
}

function orderIdOf(job: Job): string {
  const payload = job.payload as { orderId?: unknown };
  if (typeof payload?.orderId !== 'string') throw new PermanentJobError('job payload has no orderId', 'bad-payload');
  return payload.orderId;
}

/**
 * The job a delivered competition order sets off: each bought photo is copied (original and clean derivatives, never
 * the proofs) into the buyer's folder as a ready item of their gallery. The event keeps its own photo.
 */
export function createOrderDeliveryJobHandler(deps: {
  orders: Pick<OrderRepository, 'findById' | 'itemsOf'>;
  media: Pick<MediaRepository, 'findById' | 'fullPathTaken' | 'insertReadyCopy'>;
  storage: Pick<Storage, 'get' | 'put'>;
  galleryChanged?: GalleryChanged;
  /**
   * Completes the set of a photo bought while it has its sale picture only (an event photo whose low-priority
   * completion has not run yet), so the buyer's copy gets every size; answers the item as it is then.
   */
  completion?: Pick<DerivativeCompletion, 'complete'>;
}): JobHandler {
  async function copy(orderId: string, folder: string, source: MediaRecord): Promise<void> {
    const id = deliveredCopyId(orderId, source.id);
    if (await deps.media.findById(id)) return;
    const name = await freeNameIn(folder, source.name, (fullPath) => deps.media.fullPathTaken(fullPath));
    const fullPath = `${folder}/${name}`;
    const derivatives = await copyMediaFiles(deps.storage, source, { id, fullPath });
    await deps.media.insertReadyCopy(source, {
      id,
      folder,
      name,
      fullPath,
      derivatives,
      customMetadata: { ...source.customMetadata, copiedFrom: source.id, order: orderId },
    });
  }

  return {
    async run(job) {
      const orderId = orderIdOf(job);
      const order = await deps.orders.findById(orderId);
      if (order?.status !== 'delivered') return;
      for (const mediaId of (await deps.orders.itemsOf([orderId])).get(orderId) ?? []) {
        const source = deps.completion ? await deps.completion.complete(mediaId) : await deps.media.findById(mediaId);
        if (source?.status === 'ready') await copy(orderId, order.folder, source);
      }
      deps.galleryChanged?.(order.folder);
    },
  };
}
