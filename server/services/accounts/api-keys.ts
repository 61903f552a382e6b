import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/schemas/session';
import { AppError } from '../../errors';
import type { ApiKeyRecord, ApiKeyRepository } from '../../repositories/api-key-repository';

/** Every key starts so: a key pasted into the wrong place is recognisable, and a secret scanner can find one. */
export const API_KEY_PREFIX = 'gsk_';
/** How many characters of a key the list shows (the marker and 8 of its random characters: 48 of its 256 bits). */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8;
/** last_used_at is written at most this often: a sync sends many requests a minute, and the list shows minutes. */
const USE_RECORDED_EVERY_MS = 60_000;

/**
 * SHA-256 of the key. The key is 256 random bits, so a fast hash is the right one: nothing is left to guess that a
 * slow password hash would protect, and every request with a key pays for it.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface ApiKeyDependencies {
  keys: ApiKeyRepository;
  /** The admin account as a session shows it: a key acts as the admin; null when the account is missing. */
  adminUser: () => Promise<SessionUser | null>;
  now?: () => Date;
}

/**
 * The photographer's API keys: made (the key is shown once, only its hash is kept), listed, revoked, and checked on
 * each request that brings one (`Authorization: Bearer <key>`, server/plugins/authorize.ts).
 */
export function createApiKeys(deps: ApiKeyDependencies) {
  const now = deps.now ?? (() => new Date());
  return {
    async create(name: string): Promise<{ id: string; key: string }> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = randomUUID();
      await deps.keys.insert({
        id,
        name,
        prefix: key.slice(0, SHOWN_CHARACTERS),
        keyHash: hashApiKey(key),
        createdAt: now().toISOString(),
      });
      return { id, key };
    },

    list(): Promise<ApiKeyRecord[]> {
      return deps.keys.list();
    },

    async revoke(id: string): Promise<void> {
      if (!(await deps.keys.revoke(id, now().toISOString()))) throw new AppError('not-found', 'There is no such key.');
    },

    /** The admin when `key` is a key that was made and not revoked; null otherwise. */
    async userOfKey(key: string): Promise<SessionUser | null> {
      if (!key.startsWith(API_KEY_PREFIX)) return null;
      const found = await deps.keys.findActiveByHash(hashApiKey(key));
      if (!found) return null;
      const at = now();
      if (!found.lastUsedAt || at.getTime() - Date.parse(found.lastUsedAt) >= USE_RECORDED_EVERY_MS) {
        await deps.keys.markUsed(found.id, at.toISOString());
      }
      return deps.adminUser();
    },
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
