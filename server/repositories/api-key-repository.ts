import type { Db } from '../db/database';
import type { ApiKeyTable } from '../db/schema';

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function toRecord(row: Omit<ApiKeyTable, 'key_hash'>): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

const LISTED = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;

/** The API keys, kept by the SHA-256 of the key (server/services/accounts/api-keys.ts makes and hashes them). */
export function createApiKeyRepository(db: Db) {
  return {
    async insert(key: Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt'> & { keyHash: string }): Promise<void> {
      await db
        .insertInto('api_key')
        .values({
          id: key.id,
          name: key.name,
          key_hash: key.keyHash,
          prefix: key.prefix,
          created_at: key.createdAt,
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
    },

    /** Every key, newest first; never the hashes. */
    async list(): Promise<ApiKeyRecord[]> {
      const rows = await db.selectFrom('api_key').select(LISTED).orderBy('created_at', 'desc').execute();
      return rows.map(toRecord);
    },

    /** The unrevoked key with this hash: looked up by the hash, so no comparison depends on the key's bytes. */
    async findActiveByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
      const row = await db
        .selectFrom('api_key')
        .select(LISTED)
        .where('key_hash', '=', keyHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async markUsed(id: string, at: string): Promise<void> {
      await db.updateTable('api_key').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    /** Revokes a key once; false when there is no such key. A key revoked before keeps its first time. */
    async revoke(id: string, at: string): Promise<boolean> {
      const found = await db.selectFrom('api_key').select('id').where('id', '=', id).executeTakeFirst();
      if (!found) return false;
      await db
        .updateTable('api_key')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      return true;
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
