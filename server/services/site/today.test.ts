import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingRepository } from '../../repositories/booking-repository';
import { createEventRepository } from '../../repositories/event-repository';
import { createMediaRepository } from '../../repositories/media-repository';
import { createOrderPaymentRepository } from '../../repositories/order-payment-repository';
import { createTrashRepository } from '../../repositories/trash-repository';
import { TEST_DATABASES } from '../../test/harness';
import { makeMedia, makeReadyMedia } from '../../test/support/media-factory';
import { openTestDatabase } from '../../test/support/test-database';
import { textReading } from '../../test/support/text-readings';
import { createEventService, eventFolder } from '../events/events';
import { createTodayService } from './today';

const START = (hhmm: string) => `2026-05-14T${hhmm}:00.000Z`;

// The two counts the route's journey cannot hold still: items the pipeline is still working on, and photos whose
// start number waits for review (in two events, summed).
describe.each(TEST_DATABASES)('uploads in progress and the review queue on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let media: ReturnType<typeof createMediaRepository>;
  let events: ReturnType<typeof createEventRepository>;
  let today: ReturnType<typeof createTodayService>;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    const db = t.database.db;
    media = createMediaRepository(db);
    events = createEventRepository(db);
    const bookings = createBookingRepository(db);
    today = createTodayService({ orders: createOrderPaymentRepository(db), bookings, media, events });
  });
  afterAll(async () => t?.close());

  it('counts items still processing, but not those in the trash or done', async () => {
    const processing = await makeMedia(media, { status: 'processing' });
    await makeMedia(media, { status: 'processing' });
    await makeMedia(media, { status: 'failed' });
    await makeReadyMedia(media);
    expect((await today.counts()).processingUploads).toBe(2);
    await createTrashRepository(t.database.db).moveToTrash(processing.id, new Date());
    expect((await today.counts()).processingUploads).toBe(1);
  });

  it('sums the photos waiting for review over every event', async () => {
    const service = createEventService({ events, media });
    for (const slug of ['spring-cup', 'summer-cup']) {
      const { id: eventId } = await service.create({
        name: slug,
        date: '2026-05-14',
        slug,
        venue: '',
        discipline: 'show-jumping',
        visibility: 'public',
        timeZone: 'Asia/Jerusalem',
      });
      await events.replaceEntries(eventId, [
        { number: '12', rider: 'Noa Levi', horse: 'Thunder', className: '1.10', startTime: START('06:30') },
        { number: '13', rider: 'Dan Cohen', horse: 'Ravid', className: '1.10', startTime: START('06:33') },
      ]);
      // Number 13 read in a photo taken during 12's ride: the photographer decides.
      const photo = await makeReadyMedia(media, { folder: eventFolder(eventId) });
      await events.insertPhoto({ mediaId: photo.id, eventId, capturedAt: START('06:31'), camera: null });
      expect(await service.photoRead(photo.id, textReading(['13', 0.97]))).toMatchObject({ state: 'review' });
    }
    expect(await today.counts()).toEqual({
      newOrders: 0,
      reportedPayments: 0,
      newBookings: 0,
      processingUploads: 1,
      reviewQueue: 2,
    });
  });
});
