import { folderNameForEmail } from '../../../shared/folders';
import type { ClientRepository } from '../../repositories/client-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import { insertClientWithFreeFolder } from '../galleries/client-folders';

/** Set once the accounts that existed before clients are turned into clients. */
export const CLIENTS_BACKFILLED_SETTING = 'clients.backfilled';

export interface ExistingAccount {
  id: string;
  email: string;
  name: string | null;
}

/**
 * Gives every account that existed before client records its own client, once. An account keeps the folder its
 * address used to name, unless another account's address named the same folder: such a shared folder is detached
 * from all of them (each gets a new, empty one) and stays listed as unowned until the photographer gives it to the
 * right client. These accounts are not verified, so they see nothing private until they prove their address.
 */
export async function backfillClients(deps: {
  accounts: ExistingAccount[];
  adminEmail: string;
  clients: ClientRepository;
  settings: SettingsRepository;
}): Promise<{ created: number; detachedFolders: string[] }> {
  if (await deps.settings.get<boolean>(CLIENTS_BACKFILLED_SETTING)) return { created: 0, detachedFolders: [] };
  const admin = deps.adminEmail.toLowerCase();
  const accounts = deps.accounts.filter((account) => account.email.toLowerCase() !== admin);
  const byFolder = new Map<string, ExistingAccount[]>();
  for (const account of accounts) {
    const folder = folderNameForEmail(account.email);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), account]);
  }
  const detachedFolders: string[] = [];
  let created = 0;
  for (const [folder, owners] of byFolder) {
    const shared = owners.length > 1;
    if (shared) detachedFolders.push(folder);
    for (const account of owners) {
      if (await deps.clients.findByAccountId(account.id)) continue;
      const client = { email: account.email, fullName: account.name ?? '', phone: null, accountId: account.id };
      if (!shared && !(await deps.clients.findByFolder(folder))) {
        await deps.clients.insert({ ...client, folder });
      } else {
        // A shared folder is never handed to any of its former users, even while it holds no media yet.
        await insertClientWithFreeFolder(deps.clients, client, { avoid: detachedFolders });
      }
      created++;
    }
  }
  await deps.settings.set(CLIENTS_BACKFILLED_SETTING, true);
  return { created, detachedFolders };
}
