import type { Db } from '../db/database';

export interface AccountSummary {
  id: string;
  email: string;
  name: string | null;
}

/** The client that owns a folder, and their account once they have one. */
export interface FolderOwner {
  clientId: string;
  accountId: string | null;
  email: string;
  name: string | null;
}

/** Who a folder belongs to, as the trash shows it. */
export type FolderOwnerName = Pick<FolderOwner, 'name' | 'email'>;

/** Who the folders belong to: the accounts, the clients that own folders, and the terms they accepted. */
export function createFolderOwnerRepository(db: Db) {
  return {
    /** Every account, by address. */
    async listAccounts(): Promise<AccountSummary[]> {
      const rows = await db.selectFrom('user').select(['id', 'email', 'name']).orderBy('email').execute();
      return rows.map((row) => ({ id: row.id, email: row.email, name: row.name ? row.name : null }));
    },

    /** The client that owns `folder` (by the unique folder column of the client table), if any. */
    async findOwnerByFolder(folder: string): Promise<FolderOwner | undefined> {
      const row = await db
        .selectFrom('client')
        .select(['id', 'account_id', 'email', 'full_name'])
        .where('folder', '=', folder)
        .executeTakeFirst();
      return row
        ? { clientId: row.id, accountId: row.account_id, email: row.email, name: row.full_name || null }
        : undefined;
    },

    /** Every client's folder with their address and name, by address. */
    async listClientFolders(): Promise<Array<{ folder: string; email: string; name: string | null }>> {
      const rows = await db.selectFrom('client').select(['folder', 'email', 'full_name']).orderBy('email').execute();
      return rows.map((row) => ({ folder: row.folder, email: row.email, name: row.full_name || null }));
    },

    /** The clients that own these folders, by folder. */
    async ownersOfFolders(folders: string[]): Promise<Map<string, FolderOwnerName>> {
      if (folders.length === 0) return new Map();
      const rows = await db
        .selectFrom('client')
        .select(['folder', 'email', 'full_name'])
        .where('folder', 'in', folders)
        .execute();
      return new Map(rows.map((row) => [row.folder, { name: row.full_name || null, email: row.email }]));
    },

    /** The language in which the account last accepted the booking terms, if ever. */
    async lastAgreementLanguage(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('agreement')
        .select('language')
        .where('user_id', '=', userId)
        .orderBy('agreed_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.language;
    },
  };
}

export type FolderOwnerRepository = ReturnType<typeof createFolderOwnerRepository>;
