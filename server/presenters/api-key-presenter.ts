import type { ApiKey } from '../../shared/schemas/api-keys';
import type { ApiKeyRecord } from '../repositories/api-key-repository';

/** One key in the admin's list: its name, its first characters and its dates, never the key or its hash. */
export function presentApiKey(record: ApiKeyRecord): ApiKey {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
  };
}
