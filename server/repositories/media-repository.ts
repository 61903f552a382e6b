import type { Db } from '../db/database';
import { createMediaPipelineRepository } from './media-pipeline-repository';
import { createMediaReadRepository } from './media-read-repository';
import { createStorageObjectRepository } from './storage-object-repository';

export type {
  GalleryCursor,
  MediaKindFilter,
  MediaRecord,
  MediaStatus,
  NewMedia,
  ReadyFields,
} from './media-record';
export { toRecord } from './media-record';

/** Media rows: insert hidden, flip to ready or failed, and read gallery pages in index order. */
export function createMediaRepository(db: Db) {
  return {
    ...createMediaPipelineRepository(db),
    ...createMediaReadRepository(db),
    ...createStorageObjectRepository(db),
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
