import type { BookingStatus, BookingView, NoticeCounts, NoticeKind } from '../../../../shared/schemas/booking';
import type { ContactDetails, ContactDetailsInput } from '../../../../shared/schemas/site';
import { apiFetch } from '../../../api/client';

/** The photographer's calls for booking requests, contact details and the news counts (server/routes/booking, site). */
export const bookingAdminKeys = {
  bookings: ['admin', 'bookings'] as const,
  notices: ['admin', 'notices'] as const,
};

export const bookingAdminApi = {
  bookings: () => apiFetch<{ items: BookingView[] }>('/api/admin/bookings'),
  setStatus: (id: string, status: BookingStatus) =>
    apiFetch<BookingView>(`/api/admin/bookings/${id}`, { method: 'PATCH', json: { status } }),
  notices: () => apiFetch<NoticeCounts>('/api/admin/notices'),
  seen: (kind: NoticeKind) => apiFetch<NoticeCounts>(`/api/admin/notices/${kind}/seen`, { method: 'POST', json: {} }),
  saveContactDetails: (details: ContactDetailsInput) =>
    apiFetch<ContactDetails>('/api/admin/contact-details', { method: 'PUT', json: details }),
};
