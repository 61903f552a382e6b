import type { z } from 'zod';
import type { BookingView, bookingRequestBodySchema } from '../../../shared/schemas/booking';
import { apiFetch } from '../../api/client';

/** A client's booking requests (server/routes/booking); bodies typed from the schema the server validates with. */
export const MY_BOOKINGS_QUERY_KEY = ['bookings', 'mine'] as const;

export const bookingApi = {
  send: (body: z.input<typeof bookingRequestBodySchema>) =>
    apiFetch<BookingView>('/api/bookings', { method: 'POST', json: body }),
  mine: () => apiFetch<{ items: BookingView[] }>('/api/me/bookings'),
};
