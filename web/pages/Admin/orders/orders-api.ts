import type {
  AdminOrder,
  AdminOrderPatch,
  ClientOrder,
  GalleryMode,
  OrderStatus,
  WatermarkSettings,
} from '../../../../shared/schemas/proofing';
import { apiFetch } from '../../../api/client';

/** The photographer's side of proofing (server/routes/admin: orders.ts and watermark.ts). */
export const ordersApi = {
  setMode: (folder: string, mode: GalleryMode) =>
    apiFetch<{ folder: string; mode: GalleryMode }>(`/api/admin/folders/${encodeURIComponent(folder)}`, {
      method: 'PATCH',
      json: { mode },
    }),
  orders: (status: OrderStatus | null) =>
    apiFetch<{ orders: AdminOrder[] }>(status ? `/api/admin/orders?status=${status}` : '/api/admin/orders'),
  update: (id: string, patch: AdminOrderPatch) =>
    apiFetch<ClientOrder>(`/api/admin/orders/${encodeURIComponent(id)}`, { method: 'PATCH', json: patch }),
  watermark: () => apiFetch<WatermarkSettings>('/api/admin/watermark'),
  saveWatermark: (body: { text: string; layout: WatermarkSettings['layout'] }) =>
    apiFetch<WatermarkSettings>('/api/admin/watermark', { method: 'PUT', json: body }),
  uploadLogo: (file: Blob) =>
    apiFetch<WatermarkSettings>('/api/admin/watermark/logo', {
      method: 'PUT',
      body: file,
      headers: { 'content-type': 'image/png' },
    }),
  removeLogo: () => apiFetch<WatermarkSettings>('/api/admin/watermark/logo', { method: 'DELETE' }),
};

/** The picked originals of an order as one ZIP: a plain link, so the browser streams it to disk. */
export const orderArchiveUrl = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/archive`;

/** The logo as stored, for the preview; the version makes a new logo a new URL. */
export const watermarkLogoUrl = (version: string) => `/api/admin/watermark/logo?v=${encodeURIComponent(version)}`;

export const ordersKeys = {
  all: ['admin', 'orders'] as const,
  list: (status: OrderStatus | null) => ['admin', 'orders', status ?? 'all'] as const,
  watermark: ['admin', 'watermark'] as const,
};
