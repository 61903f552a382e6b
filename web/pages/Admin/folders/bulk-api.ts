import type { BulkResult } from '../../../../shared/schemas/admin-bulk';
import { apiFetch } from '../../../api/client';

const mediaUrl = (folder: string) => `/api/admin/folders/${encodeURIComponent(folder)}/media`;

/** The folder view's bulk calls (server/routes/admin/bulk.ts): one request for the whole selection. */
export const bulkApi = {
  trash: (folder: string, ids: string[]) =>
    apiFetch<BulkResult>(`${mediaUrl(folder)}/trash`, { method: 'POST', json: { ids } }),
  move: (folder: string, ids: string[], to: string) =>
    apiFetch<BulkResult>(`${mediaUrl(folder)}/move`, { method: 'POST', json: { ids, to } }),
  addToMainGallery: (folder: string, ids: string[]) =>
    apiFetch<BulkResult>(`${mediaUrl(folder)}/add-to-main-gallery`, { method: 'POST', json: { ids } }),
};

/** `ids` with the item at `from` moved to `to` (both indexes in the list as it was). */
export function movedTo(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to > next.length) return [...ids];
  next.splice(to, 0, moved);
  return next;
}
