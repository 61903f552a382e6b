import type { MediaView } from '../../shared/schemas/media';
import type { ClientOrder, ClientOrderList, PicksResponse } from '../../shared/schemas/proofing';
import { apiFetch } from './client';

/** The answer of POST /api/me/orders (shared/schemas/proofing.ts, orderCreatedSchema). */
export interface OrderCreated {
  id: string;
  status: ClientOrder['status'];
  total: PicksResponse['total'];
}

const pickUrl = (mediaId: string) => `/api/me/picks/${encodeURIComponent(mediaId)}`;

/** The client's side of proofing (server/routes: picks and orders). Every change answers with the new totals. */
export const proofingApi = {
  picks: () => apiFetch<PicksResponse>('/api/me/picks'),
  pick: (mediaId: string) => apiFetch<PicksResponse>(pickUrl(mediaId), { method: 'PUT' }),
  unpick: (mediaId: string) => apiFetch<PicksResponse>(pickUrl(mediaId), { method: 'DELETE' }),
  pickedItems: () => apiFetch<{ items: MediaView[] }>('/api/me/picks/items'),
  submit: (note: string) => apiFetch<OrderCreated>('/api/me/orders', { method: 'POST', json: { note } }),
  orders: () => apiFetch<ClientOrderList>('/api/me/orders'),
};

/** Query keys per signed-in user, so another account never sees the previous one's picks. */
export const proofingKeys = {
  picks: (userId: string) => ['proofing', 'picks', userId] as const,
  items: (userId: string) => ['proofing', 'items', userId] as const,
  orders: (userId: string) => ['proofing', 'orders', userId] as const,
};

/** The key every toggle mutation shares: the last one to settle writes the server's answer. */
export const TOGGLE_MUTATION_KEY = ['proofing', 'toggle'] as const;
