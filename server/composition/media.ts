import type { MediaRecord } from '../repositories/media-repository';
import { createAdminMediaService } from '../services/media/admin-media';
import { createBulkMediaService } from '../services/media/bulk-media';
import { createMediaAccess } from '../services/media/media-access';
import { createProofService } from '../services/media/proofs';
import { createPublicMirror } from '../services/media/public-mirror';
import { createStorageApiService } from '../services/media/storage-api';
import { createTrashService } from '../services/media/trash';
import { SmallObjectCache } from '../storage/small-object-cache';
import type { Foundation } from './foundation';
import { createMediaRuntime } from './media-pipeline';

/** Told once an item is ready; the areas that care (events place it, proofing gallery items get proofs) subscribe. */
export type ItemReadyListener = (record: MediaRecord) => Promise<void> | void;

/**
 * Media: the upload pipeline and its worker, who may read an item, the public mirror for the proxy, proofs and
 * their watermark, the admin's folders, the trash, the bulk actions and the storage-style API.
 */
export function composeMedia(base: Foundation) {
  const { config, storage, logger, changes, galleryChanged, repositories } = base;
  const readyListeners: ItemReadyListener[] = [];
  const runtime = createMediaRuntime({
    database: base.database,
    storage,
    dataDir: config.dataDir,
    logger,
    leaseMs: config.jobLeaseMs,
    galleryChanged,
    siteName: config.siteName,
    repositories,
    // In order, each awaited: a listener that fails stops the ones after it; the derive job logs the failure and the
    // item stays ready (it is not tried again).
    onReady: async (record) => {
      for (const listener of readyListeners) await listener(record);
    },
  });
  const notifyWorker = () => runtime.worker.notify();
  const access = createMediaAccess({
    media: runtime.media,
    urls: base.mediaUrls,
    modes: repositories.proofing,
    orders: repositories.orders,
  });
  // The watermark and the queueing of proofs; a new watermark remakes the proofs of every proofing gallery.
  const proofs = createProofService({
    settings: repositories.settings,
    media: runtime.media,
    jobs: runtime.jobs,
    storage,
    siteName: config.siteName,
    notifyWorker,
    proofingFolders: () => repositories.proofing.foldersIn('proofing'),
  });
  const adminMedia = createAdminMediaService({
    admin: repositories.folders,
    media: runtime.media,
    settings: repositories.settings,
    modes: repositories.proofing,
    notifyWorker,
    galleryChanged,
  });
  const trash = createTrashService({
    admin: repositories.folders,
    storage,
    findById: (id) => runtime.media.findById(id),
    galleryChanged,
  });
  return {
    runtime,
    access,
    proofs,
    adminMedia,
    trash,
    /** Subscribes to "this item is ready" (see ItemReadyListener); listeners run in the order they subscribed. */
    whenItemReady: (listener: ItemReadyListener): void => {
      readyListeners.push(listener);
    },
    // The links nginx sends public derivatives from (MEDIA_ACCEL=nginx on disk; otherwise it does nothing).
    publicMirror: createPublicMirror({ config, media: runtime.media, changes, logger }),
    bulk: createBulkMediaService({
      admin: repositories.folders,
      media: runtime.media,
      storage,
      folders: adminMedia,
      trash,
      modes: repositories.proofing,
      prepareProofs: (folder) => proofs.prepareFolder(folder),
      galleryChanged,
    }),
    storageApi: createStorageApiService({
      media: runtime.media,
      admin: repositories.folders,
      storage,
      galleryChanged,
      quotaBytes: config.storageQuotaBytes,
    }),
    // Grid and lightbox images are requested again and again; under their content-addressed keys they never change.
    derivativeCache: new SmallObjectCache(),
  };
}

export type MediaArea = ReturnType<typeof composeMedia>;
