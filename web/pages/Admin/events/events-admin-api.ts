import type { z } from 'zod';
import type {
  AdminEvent,
  adminEntrySchema,
  adminEventPhotoSchema,
  createEventRequestSchema,
  updateEventRequestSchema,
} from '../../../../shared/schemas/events';
import type { ReviewItem } from '../../../../shared/schemas/number-review';
import { apiFetch } from '../../../api/client';

export type AdminEntry = z.output<typeof adminEntrySchema>;
export type AdminEventPhoto = z.output<typeof adminEventPhotoSchema>;
export type NewEvent = z.input<typeof createEventRequestSchema>;
export type EventChanges = z.input<typeof updateEventRequestSchema>;
export type { ReviewItem };
/** The photographer's decision on a photo in review: an entry (null: not a rider), or a typed start number. */
export type ReviewDecision = { entryId: string | null } | { number: string };
/** What placing the photos again did. */
export interface Placement {
  assigned: number;
  unassigned: number;
}

const eventUrl = (id: string) => `/api/admin/events/${encodeURIComponent(id)}`;

/** The photographer's side of competitions (server/routes/admin/events.ts). */
export const eventsAdminApi = {
  events: () => apiFetch<{ events: AdminEvent[] }>('/api/admin/events'),
  create: (body: NewEvent) =>
    apiFetch<{ id: string; slug: string }>('/api/admin/events', { method: 'POST', json: body }),
  update: (id: string, changes: EventChanges) =>
    apiFetch<{ ok: true }>(eventUrl(id), { method: 'PATCH', json: changes }),
  /** The start list as the organiser's CSV file, sent as it is (its encoding is read from its bytes). */
  importStartList: (id: string, file: Blob) =>
    apiFetch<{ entries: number }>(`${eventUrl(id)}/start-list`, {
      method: 'PUT',
      body: file,
      headers: { 'content-type': 'text/csv' },
    }),
  entries: (id: string) => apiFetch<{ entries: AdminEntry[] }>(`${eventUrl(id)}/entries`),
  setEntryHidden: (id: string, entryId: string, hidden: boolean) =>
    apiFetch<{ ok: true }>(`${eventUrl(id)}/entries/${encodeURIComponent(entryId)}`, {
      method: 'PATCH',
      json: { hidden },
    }),
  /** Names a ride the start list did not (one made from a number read in the photos). */
  nameEntry: (id: string, entryId: string, names: { rider: string; horse: string }) =>
    apiFetch<{ ok: true }>(`${eventUrl(id)}/entries/${encodeURIComponent(entryId)}`, {
      method: 'PATCH',
      json: names,
    }),
  setClasses: (id: string, classes: Array<{ name: string; roundSeconds: number }>) =>
    apiFetch<Placement>(`${eventUrl(id)}/classes`, { method: 'PUT', json: { classes } }),
  setCameraOffset: (
    id: string,
    camera: string,
    body: { offsetSeconds: number } | { mediaId: string; trueTime: string },
  ) =>
    apiFetch<Placement & { camera: string; offsetSeconds: number }>(
      `${eventUrl(id)}/cameras/${encodeURIComponent(camera)}`,
      { method: 'PUT', json: body },
    ),
  photos: (id: string, filter: { unassigned?: boolean; entryId?: string } = {}) => {
    const query = filter.unassigned
      ? '?unassigned=1'
      : filter.entryId
        ? `?entry=${encodeURIComponent(filter.entryId)}`
        : '';
    return apiFetch<{ photos: AdminEventPhoto[] }>(`${eventUrl(id)}/photos${query}`);
  },
  assign: (id: string, mediaIds: string[], entryId: string | null) =>
    apiFetch<{ changed: number }>(`${eventUrl(id)}/assign`, { method: 'POST', json: { mediaIds, entryId } }),
  review: (id: string) => apiFetch<{ items: ReviewItem[] }>(`${eventUrl(id)}/review`),
  decideReview: (id: string, mediaId: string, decision: ReviewDecision) =>
    apiFetch<{ state: 'confirmed' | 'corrected'; entryId: string | null }>(
      `${eventUrl(id)}/review/${encodeURIComponent(mediaId)}`,
      { method: 'POST', json: decision },
    ),
  autoAssign: (id: string) => apiFetch<Placement>(`${eventUrl(id)}/auto-assign`, { method: 'POST', json: {} }),
};

export const eventsAdminKeys = {
  all: ['admin', 'events'] as const,
  list: ['admin', 'events', 'list'] as const,
  entries: (id: string) => ['admin', 'events', id, 'entries'] as const,
  photos: (id: string, view: string) => ['admin', 'events', id, 'photos', view] as const,
  review: (id: string) => ['admin', 'events', id, 'review'] as const,
  event: (id: string) => ['admin', 'events', id] as const,
};
