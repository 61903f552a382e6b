import type { z } from 'zod';
import type { Language } from '../../../../shared/i18n/languages';
import type {
  AdminFolderList,
  AdminMedia,
  AdminMediaList,
  FixMetadataResponse,
  HomePicks,
} from '../../../../shared/schemas/admin';
import type { TrashList } from '../../../../shared/schemas/admin-bulk';
import type { AgreementView } from '../../../../shared/schemas/agreements';
import type {
  Client,
  ClientList,
  createClientBodySchema,
  createdClientSchema,
  removedClientSchema,
  sentInvitationSchema,
  updateClientBodySchema,
} from '../../../../shared/schemas/clients';
import type {
  PhotosReadyResult,
  PhotosReadyStatus,
  photosReadyRequestSchema,
} from '../../../../shared/schemas/photos-ready';
import { apiFetch } from '../../../api/client';

const folderUrl = (folder: string) => `/api/admin/folders/${encodeURIComponent(folder)}`;

/** The admin panel's calls (server/routes/admin). */
export const adminApi = {
  folders: () => apiFetch<AdminFolderList>('/api/admin/folders'),
  folderMedia: (folder: string) => apiFetch<AdminMediaList>(`${folderUrl(folder)}/media`),
  deleteMedia: (id: string) => apiFetch<AdminMedia>(`/api/admin/media/${id}`, { method: 'DELETE' }),
  trash: () => apiFetch<TrashList>('/api/admin/trash'),
  restore: (id: string) => apiFetch<{ ok: true }>(`/api/admin/trash/${id}/restore`, { method: 'POST', json: {} }),
  fixMetadata: (folder: string, after?: string) =>
    apiFetch<FixMetadataResponse>(`${folderUrl(folder)}/fix-metadata`, {
      method: 'POST',
      json: after ? { after } : {},
    }),
  photosReady: (folder: string) => apiFetch<PhotosReadyStatus>(`${folderUrl(folder)}/photos-ready`),
  notify: (folder: string, body: z.input<typeof photosReadyRequestSchema>) =>
    apiFetch<PhotosReadyResult>(`${folderUrl(folder)}/notify`, { method: 'POST', json: body }),
  reorderMainGallery: (ids: string[]) =>
    apiFetch<{ ok: true }>('/api/admin/main-gallery/order', { method: 'PUT', json: { ids } }),
  homePicks: () => apiFetch<HomePicks>('/api/admin/home-picks'),
  saveHomePicks: (picks: HomePicks) => apiFetch<HomePicks>('/api/admin/home-picks', { method: 'PUT', json: picks }),
  agreements: () => apiFetch<{ items: AgreementView[] }>('/api/admin/agreements'),
  clients: () => apiFetch<ClientList>('/api/admin/clients'),
  createClient: (body: z.input<typeof createClientBodySchema>) =>
    apiFetch<z.output<typeof createdClientSchema>>('/api/admin/clients', { method: 'POST', json: body }),
  updateClient: (id: string, body: z.input<typeof updateClientBodySchema>) =>
    apiFetch<Client>(`/api/admin/clients/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }),
  invite: (id: string, language: Language) =>
    apiFetch<z.output<typeof sentInvitationSchema>>(`/api/admin/clients/${encodeURIComponent(id)}/invitation`, {
      method: 'POST',
      json: { language },
    }),
  removeClient: (id: string) =>
    apiFetch<z.output<typeof removedClientSchema>>(`/api/admin/clients/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  assignFolder: (folder: string, clientId: string) =>
    apiFetch<Client>(`${folderUrl(folder)}/owner`, { method: 'PUT', json: { clientId } }),
};

/** Query keys, so one change refreshes every list that shows it. */
export const adminKeys = {
  folders: ['admin', 'folders'] as const,
  folder: (folder: string) => ['admin', 'folder', folder] as const,
  photosReady: (folder: string) => ['admin', 'photos-ready', folder] as const,
  trash: ['admin', 'trash'] as const,
  picks: ['admin', 'picks'] as const,
  agreements: ['admin', 'agreements'] as const,
  clients: ['admin', 'clients'] as const,
};
