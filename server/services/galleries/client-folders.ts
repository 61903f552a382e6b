import { folderNameForEmail } from '../../../shared/folders';
import type { ClientRecord, ClientRepository, NewClient } from '../../repositories/client-repository';

/** Tries before giving up on a free folder name (each try is one suffix further). */
const MAX_FOLDER_TRIES = 50;

/**
 * Creates a client with a folder nobody else has, ever: the seed's name for the address (`. # $ [ ]` become `_`)
 * when it is free, else the same name with `-2`, `-3`, …. "Free" means no client owns it and no media row (trash
 * included) lives in it, so a look-alike address never inherits someone's photos, nor a folder left without an owner.
 * The unique constraint on `client.folder` settles a race between two requests.
 */
export async function insertClientWithFreeFolder(
  clients: Pick<ClientRepository, 'folderInUse' | 'insert' | 'findByEmail'>,
  client: Omit<NewClient, 'folder'>,
  options: { avoid?: string[] } = {},
): Promise<ClientRecord> {
  const base = folderNameForEmail(client.email);
  for (let attempt = 1; attempt <= MAX_FOLDER_TRIES; attempt++) {
    const folder = attempt === 1 ? base : `${base}-${attempt}`;
    if (options.avoid?.includes(folder) || (await clients.folderInUse(folder))) continue;
    try {
      return await clients.insert({ ...client, folder });
    } catch (error) {
      // Someone took the name (or the address) between the check and the insert: look again.
      if (await clients.findByEmail(client.email)) throw error;
      if (!(await clients.folderInUse(folder))) throw error;
    }
  }
  throw new Error(`no free folder name for ${base}`);
}
