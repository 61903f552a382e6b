import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { isSiteFolder } from '../../shared/folders';
import type { Db } from '../db/database';
import type { ClientTable } from '../db/schema';

/** The photographer's record of a client, as the server works with it. */
export interface ClientRecord {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  /** The storage folder of the client's private gallery; unique. */
  folder: string;
  /** The account that owns the gallery; unique; null until the client has one. */
  accountId: string | null;
  /** A new address the photographer entered, waiting for its owner to confirm it. */
  pendingEmail: string | null;
  /** When the photographer last sent an invitation: set once they invite, never cleared. */
  invitedAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Picks the photographer includes in the client's first order; null for the rule by how they came. */
  includedPicks: number | null;
}

export type NewClient = Pick<ClientRecord, 'email' | 'fullName' | 'phone' | 'folder' | 'accountId'>;

function toRecord(row: Selectable<ClientTable>): ClientRecord {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone,
    folder: row.folder,
    accountId: row.account_id,
    pendingEmail: row.pending_email,
    invitedAt: row.invited_at,
    lastSignInAt: row.last_sign_in_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    includedPicks: row.included_picks === null ? null : Number(row.included_picks),
  };
}

/** The statistics of one media folder (trash excluded). */
export interface FolderUsage {
  folder: string;
  itemCount: number;
  totalSize: number;
}

/**
 * Clients and the folders they own. The unique constraints on `folder`, `account_id` and `email` are the last word on
 * ownership: a write that would give one folder or one account to two clients fails in the database.
 */
export function createClientRepository(db: Db) {
  return {
    async insert(client: NewClient): Promise<ClientRecord> {
      const now = new Date().toISOString();
      const row = {
        id: randomUUID(),
        email: client.email,
        full_name: client.fullName,
        phone: client.phone,
        folder: client.folder,
        account_id: client.accountId,
        pending_email: null,
        invited_at: null,
        last_sign_in_at: null,
        created_at: now,
        updated_at: now,
        included_picks: null,
      };
      await db.insertInto('client').values(row).execute();
      return toRecord(row);
    },

    async findById(id: string): Promise<ClientRecord | undefined> {
      const row = await db.selectFrom('client').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findByAccountId(accountId: string): Promise<ClientRecord | undefined> {
      const row = await db.selectFrom('client').selectAll().where('account_id', '=', accountId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findByEmail(email: string): Promise<ClientRecord | undefined> {
      const row = await db.selectFrom('client').selectAll().where('email', '=', email).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findByFolder(folder: string): Promise<ClientRecord | undefined> {
      const row = await db.selectFrom('client').selectAll().where('folder', '=', folder).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async list(): Promise<ClientRecord[]> {
      const rows = await db.selectFrom('client').selectAll().orderBy('email').execute();
      return rows.map(toRecord);
    },

    /** True when a client owns `folder` or any media row (trash included) lives in it. */
    async folderInUse(folder: string): Promise<boolean> {
      const [client, media] = await Promise.all([
        db.selectFrom('client').select('id').where('folder', '=', folder).executeTakeFirst(),
        db.selectFrom('media').select('id').where('folder', '=', folder).limit(1).executeTakeFirst(),
      ]);
      return Boolean(client || media);
    },

    /**
     * Media folders (trash included) that no client owns, with their visible statistics. The site's own folders (the
     * main gallery, competitions' `_event-…`) are never among them: they are nobody's to be given.
     */
    async unownedFolders(): Promise<FolderUsage[]> {
      const rows = await db
        .selectFrom('media')
        .leftJoin('client', 'client.folder', 'media.folder')
        .select((eb) => [
          'media.folder as folder',
          eb.fn.count<number | string>('media.id').filterWhere('media.deleted_at', 'is', null).as('item_count'),
          eb.fn.sum<number | string>('media.size').filterWhere('media.deleted_at', 'is', null).as('total_size'),
        ])
        .where('client.id', 'is', null)
        .groupBy('media.folder')
        .orderBy('media.folder')
        .execute();
      return rows
        .filter((row) => !isSiteFolder(row.folder))
        .map((row) => ({
          folder: row.folder,
          itemCount: Number(row.item_count),
          totalSize: Number(row.total_size ?? 0),
        }));
    },

    async update(
      id: string,
      fields: Partial<
        Pick<ClientRecord, 'email' | 'fullName' | 'phone' | 'folder' | 'accountId' | 'pendingEmail' | 'includedPicks'>
      >,
    ): Promise<void> {
      await db
        .updateTable('client')
        .set({
          ...(fields.email === undefined ? {} : { email: fields.email }),
          ...(fields.fullName === undefined ? {} : { full_name: fields.fullName }),
          ...(fields.phone === undefined ? {} : { phone: fields.phone }),
          ...(fields.folder === undefined ? {} : { folder: fields.folder }),
          ...(fields.accountId === undefined ? {} : { account_id: fields.accountId }),
          ...(fields.pendingEmail === undefined ? {} : { pending_email: fields.pendingEmail }),
          ...(fields.includedPicks === undefined ? {} : { included_picks: fields.includedPicks }),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Links an account to a client that has none; false when the client already has one (nothing changes). */
    async linkAccount(id: string, accountId: string): Promise<boolean> {
      const result = await db
        .updateTable('client')
        .set({ account_id: accountId, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('account_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markInvited(id: string, at: Date): Promise<void> {
      await db.updateTable('client').set({ invited_at: at.toISOString() }).where('id', '=', id).execute();
    },

    async markSignedIn(accountId: string, at: Date): Promise<void> {
      await db
        .updateTable('client')
        .set({ last_sign_in_at: at.toISOString() })
        .where('account_id', '=', accountId)
        .execute();
    },

    /** The ids of the accounts whose address is proven (better-auth's flag: 0/1 on SQLite, boolean on PostgreSQL). */
    async verifiedAccountIds(): Promise<Set<string>> {
      const rows = await db.selectFrom('user').select(['id', 'emailVerified']).execute();
      return new Set(rows.filter((row) => Number(row.emailVerified) === 1).map((row) => row.id));
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('client').where('id', '=', id).execute();
    },
  };
}

export type ClientRepository = ReturnType<typeof createClientRepository>;
