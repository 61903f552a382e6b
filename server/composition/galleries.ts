import { createGalleryRepository } from '../repositories/gallery-repository';
import { createPhotosReadyRepository } from '../repositories/photos-ready-repository';
import { createFolderArchiveService } from '../services/galleries/folder-archive';
import { createGalleryModes } from '../services/galleries/gallery-modes';
import { createGalleryService } from '../services/galleries/gallery-service';
import { createPhotosReadyService } from '../services/galleries/photos-ready';
import type { Foundation } from './foundation';
import type { MediaArea } from './media';

/** Galleries: pages of a folder at a flat cost, "Download all", each client gallery's mode, "your photos are ready". */
export function composeGalleries(base: Foundation, media: MediaArea) {
  const { config, storage, logger, repositories } = base;
  const gallery = createGalleryService({
    media: media.runtime.media,
    gallery: createGalleryRepository(base.database.db),
    changes: base.changes,
  });
  const modes = createGalleryModes({
    modes: repositories.proofing,
    folders: repositories.folders,
    prepareProofs: (folder) => media.proofs.prepareFolder(folder),
  });
  return {
    gallery,
    modes,
    archives: createFolderArchiveService({ gallery, storage }),
    photosReady: createPhotosReadyService({
      folders: repositories.folders,
      sendings: createPhotosReadyRepository(base.database.db),
      modeOf: (folder) => repositories.proofing.modeOf(folder),
      storage,
      mailer: base.mailer,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      onThumbnailError: (error, mediaId) => logger.warn({ err: error, mediaId }, 'no e-mail thumbnail for this item'),
    }),
  };
}
