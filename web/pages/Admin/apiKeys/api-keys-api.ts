import type { ApiKey } from '../../../../shared/schemas/api-keys';
import { apiFetch } from '../../../api/client';

/** The sync keys (server/routes/admin/api-keys.ts). */
export const apiKeysApi = {
  list: () => apiFetch<{ keys: ApiKey[] }>('/api/admin/api-keys'),
  create: (name: string) =>
    apiFetch<{ id: string; key: string }>('/api/admin/api-keys', { method: 'POST', json: { name } }),
  revoke: (id: string) => apiFetch<null>(`/api/admin/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

export const apiKeysKey = ['admin', 'api-keys'] as const;

/** The command a new key is shown with: what the photographer pastes into a terminal on the laptop. */
export function syncCommand(siteUrl: string, key: string): string {
  return `GALLERY_URL=${siteUrl} GALLERY_API_KEY=${key} npm run sync -- <folder> --event <slug> --watch`;
}
