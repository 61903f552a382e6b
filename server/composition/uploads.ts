import path from 'node:path';
import { AppError } from '../errors';
import { eventFolder } from '../services/events/events';
import { createKnownUploads } from '../services/media/known-uploads';
import { createFileUploadStore } from '../uploads/file-upload-store';
import { createS3UploadStore } from '../uploads/s3-upload-store';
import { createTusUploads, UNFINISHED_UPLOAD_TTL_MS } from '../uploads/tus-uploads';
import type { UploadStore } from '../uploads/upload-store';
import type { EventsArea } from './events';
import type { Foundation } from './foundation';
import type { MediaArea } from './media';

/**
 * With S3 storage the unfinished uploads live in the bucket, locked through the shared database, so several
 * instances can serve one upload; with the disk they stay on this machine (DATA_DIR/uploads, in-memory lock).
 */
function createUploadStore(base: Foundation): UploadStore {
  const directory = path.join(base.config.dataDir, 'uploads');
  const { storage } = base.config;
  if (storage.kind === 'disk') return createFileUploadStore(directory, UNFINISHED_UPLOAD_TTL_MS);
  return createS3UploadStore({
    s3: storage,
    storage: base.storage,
    leases: base.instances.leases,
    holder: base.instances.holder,
    finishingDir: path.join(directory, 'finishing'),
    expiryMs: UNFINISHED_UPLOAD_TTL_MS,
  });
}

/**
 * Resumable uploads (tus) into a folder or an event, each finished file handed to the media pipeline: a new item, or
 * an edited version replacing one (metadata `replaces`).
 */
export function composeUploads(base: Foundation, media: MediaArea, { events }: EventsArea) {
  return createTusUploads({
    store: createUploadStore(base),
    ingest: media.runtime.ingest,
    resolveFolder: (folder) => media.adminMedia.resolveFolder(folder),
    resolveEvent: async (eventId) => {
      if (!(await events.exists(eventId))) throw new Error('no such event');
      return eventFolder(eventId);
    },
    recordEventUpload: (eventId, mediaId, capture) => events.recordUpload(eventId, mediaId, capture),
    assertRoomFor: (bytes) => media.storageApi.assertRoomFor(bytes),
    replacements: media.runtime.replacements,
    logger: base.logger,
  });
}

/** The sync command's question "which of these files do you have already?", for a client's folder or an event. */
export function composeKnownUploads(media: MediaArea, { events }: EventsArea) {
  return createKnownUploads({
    media: media.runtime.media,
    resolveFolder: (folder) => media.adminMedia.resolveFolder(folder),
    resolveEvent: async (eventId) => {
      if (!(await events.exists(eventId))) throw new AppError('not-found', 'There is no such event.');
      return eventFolder(eventId);
    },
  });
}
