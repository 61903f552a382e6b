import type { BookingRepository } from '../../repositories/booking-repository';
import type { EventRepository } from '../../repositories/event-repository';
import type { MediaRepository } from '../../repositories/media-repository';
import type { OrderPaymentRepository } from '../../repositories/order-payment-repository';

/** What waits for the photographer, each a number the admin's Today page and the app badge show. */
export interface TodayRecord {
  newOrders: number;
  reportedPayments: number;
  newBookings: number;
  processingUploads: number;
  reviewQueue: number;
}

/**
 * The one place that says what "waiting" means, by state rather than by when the photographer last looked (the tabs'
 * notice badges count that), so a count falls only when the thing is dealt with:
 * - a new order is one in its first state (submitted) whose client has not reported a payment yet;
 * - a reported payment is a submitted order whose client reported paying, until the photographer marks it paid;
 * - a new booking request is one not yet confirmed or declined (status new);
 * - an upload in progress is an item outside the trash the server is still processing;
 * - the review queue is every event's photos whose start number waits for review.
 */
export function createTodayService(deps: {
  orders: Pick<OrderPaymentRepository, 'countWithStatus'>;
  bookings: Pick<BookingRepository, 'countWithStatus'>;
  media: Pick<MediaRepository, 'countWithStatus'>;
  events: Pick<EventRepository, 'reviewCount'>;
}) {
  return {
    async counts(): Promise<TodayRecord> {
      const [newOrders, reportedPayments, newBookings, processingUploads, reviewQueue] = await Promise.all([
        deps.orders.countWithStatus('submitted', false),
        deps.orders.countWithStatus('submitted', true),
        deps.bookings.countWithStatus('new'),
        deps.media.countWithStatus('processing'),
        deps.events.reviewCount(),
      ]);
      return { newOrders, reportedPayments, newBookings, processingUploads, reviewQueue };
    },
  };
}

export type TodayService = ReturnType<typeof createTodayService>;
