import type { Db } from '../db/database';
import { createBulkMediaRepository } from './bulk-media-repository';
import { createFolderOwnerRepository } from './folder-owner-repository';
import { createFolderRepository } from './folder-repository';
import { createTrashRepository } from './trash-repository';

export type { MediaMove } from './bulk-media-repository';
export type { AccountSummary, FolderOwner, FolderOwnerName } from './folder-owner-repository';
export type { FolderStats } from './folder-repository';

/**
 * The admin panel's reads and writes over media and accounts, one repository per job (folders, their owners, the
 * trash, bulk changes), together for the services that take them as one.
 */
export function createAdminMediaRepository(db: Db) {
  return {
    ...createFolderRepository(db),
    ...createFolderOwnerRepository(db),
    ...createTrashRepository(db),
    ...createBulkMediaRepository(db),
  };
}

export type AdminMediaRepository = ReturnType<typeof createAdminMediaRepository>;
