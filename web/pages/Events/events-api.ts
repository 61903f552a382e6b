import type { EntryResult, PublicEvent } from '../../../shared/schemas/events';
import type { MediaView } from '../../../shared/schemas/media';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import { apiFetch } from '../../api/client';
import type { OrderCreated } from '../../api/proofing';

const eventUrl = (slug: string) => `/api/events/${encodeURIComponent(slug)}`;

/** `path` with its query: the given parameters, and an unlisted event's key when there is one. */
export function withQuery(path: string, key: string | undefined, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  if (key) query.set('key', key);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The visitor's side of competitions (server/routes/events): the list, a page, the search, and buying. */
export const eventsApi = {
  list: () => apiFetch<{ events: PublicEvent[] }>('/api/events'),
  event: (slug: string, key?: string) => apiFetch<PublicEvent>(withQuery(eventUrl(slug), key)),
  search: (slug: string, q: string, key?: string) =>
    apiFetch<{ entries: EntryResult[] }>(withQuery(`${eventUrl(slug)}/search`, key, { q })),
  /** Every proof of one ride (a search result shows the first few). */
  entryPhotos: (slug: string, entryId: string, key?: string) =>
    apiFetch<{ items: MediaView[] }>(withQuery(`${eventUrl(slug)}/entries/${encodeURIComponent(entryId)}/photos`, key)),
  picks: (slug: string, key?: string) => apiFetch<PicksResponse>(withQuery(`${eventUrl(slug)}/picks`, key)),
  pick: (slug: string, key: string | undefined, mediaId: string) =>
    apiFetch<PicksResponse>(withQuery(`${eventUrl(slug)}/picks/${encodeURIComponent(mediaId)}`, key), {
      method: 'PUT',
    }),
  unpick: (slug: string, key: string | undefined, mediaId: string) =>
    apiFetch<PicksResponse>(withQuery(`${eventUrl(slug)}/picks/${encodeURIComponent(mediaId)}`, key), {
      method: 'DELETE',
    }),
  /** The whole entry (with `entryId`), or the picks made on this event's page (without). */
  order: (slug: string, body: { note: string; entryId?: string; key?: string }) =>
    apiFetch<OrderCreated>(`${eventUrl(slug)}/orders`, { method: 'POST', json: body }),
  /** "Tell me when my photos are ready": always the same answer, whether or not the address had asked before. */
  subscribe: (slug: string, body: { number: string; email: string; key?: string }) =>
    apiFetch<{ status: string }>(`${eventUrl(slug)}/subscriptions`, { method: 'POST', json: body }),
};

export const eventsKeys = {
  list: ['events', 'list'] as const,
  event: (slug: string, key?: string) => ['events', 'event', slug, key ?? ''] as const,
  search: (slug: string, q: string, key?: string) => ['events', 'search', slug, key ?? '', q] as const,
  /** Per signed-in user, so another account never sees the previous one's picks. */
  picks: (slug: string, userId: string) => ['events', 'picks', slug, userId] as const,
  toggle: (slug: string) => ['events', 'toggle', slug] as const,
};
