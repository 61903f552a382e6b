import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventRepository } from '../../repositories/event-repository';
import { createMediaRepository } from '../../repositories/media-repository';
import { TEST_DATABASES } from '../../test/harness';
import { makeReadyMedia } from '../../test/support/media-factory';
import { openTestDatabase } from '../../test/support/test-database';
import { textReading } from '../../test/support/text-readings';
import { createEventService, eventFolder } from './events';

// Rides of three minutes: 12 at 09:30, 13 at 09:33, 14 at 09:36 (06:30Z… in May in Israel).
const START = (hhmm: string) => `2026-05-14T${hhmm}:00.000Z`;
const LIST = [
  { number: '12', rider: 'Noa Levi', horse: 'Thunder', className: '1.10', startTime: START('06:30') },
  { number: '13', rider: 'Dan Cohen', horse: 'Ravid', className: '1.10', startTime: START('06:33') },
  { number: '14', rider: 'Lior Bar', horse: 'Bella', className: '1.20', startTime: START('06:36') },
];

describe.each(TEST_DATABASES)('placing photos by their start number on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let events: ReturnType<typeof createEventRepository>;
  let media: ReturnType<typeof createMediaRepository>;
  let service: ReturnType<typeof createEventService>;
  let eventId = '';
  const entryOf = async (number: string) => (await events.entries(eventId)).find((e) => e.number === number)?.id;
  const placedUnder = async (mediaId: string) => (await events.findPhoto(mediaId))?.entryId ?? null;

  /** A ready photo of the event, taken at `capturedAt` (UTC) or with no capture time. */
  async function photo(capturedAt: string | null, ofEvent = eventId): Promise<string> {
    const record = await makeReadyMedia(media, { folder: eventFolder(ofEvent) });
    await events.insertPhoto({ mediaId: record.id, eventId: ofEvent, capturedAt, camera: null });
    return record.id;
  }

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    events = createEventRepository(t.database.db);
    media = createMediaRepository(t.database.db);
    service = createEventService({ events, media });
    ({ id: eventId } = await service.create({
      name: 'Spring Cup',
      date: '2026-05-14',
      slug: 'spring-cup',
      venue: '',
      discipline: 'show-jumping',
      visibility: 'public',
      timeZone: 'Asia/Jerusalem',
    }));
    await events.replaceEntries(eventId, LIST);
  });
  afterAll(async () => t?.close());

  it('places a photo by the number alone, and keeps its reading', async () => {
    const id = await photo(null);
    const outcome = await service.photoRead(id, textReading(['13', 0.97], ['2025', 0.99]));
    expect(outcome).toEqual({ state: 'number', reason: null, entryId: await entryOf('13') });
    expect(await placedUnder(id)).toBe(await entryOf('13'));
    const reading = await events.findReading(id);
    expect(reading).toMatchObject({ number: '13', confidence: 0.97, width: 1600, height: 1067, state: 'number' });
    expect(reading?.box).toEqual({ x: 400, y: 300, width: 160, height: 90 });
    // 2025 is not on the start list: never a candidate.
    expect(reading?.candidates.map((candidate) => candidate.number)).toEqual(['13']);
  });

  it('sends a photo whose capture time is in another ride to review, out of every entry', async () => {
    const id = await photo(START('06:31'));
    const outcome = await service.photoRead(id, textReading(['13', 0.97]));
    expect(outcome).toEqual({ state: 'review', reason: 'other-ride', entryId: null });
    expect(await placedUnder(id)).toBeNull();
    const queue = await service.reviewQueue(eventId);
    expect(queue.map((item) => [item.reading.mediaId, item.reading.reason])).toEqual([[id, 'other-ride']]);
    expect(queue[0]?.entriesByNumber.get('13')?.map((entry) => entry.rider)).toEqual(['Dan Cohen']);
    expect((await service.listForAdmin()).find((one) => one.event.id === eventId)?.reviewCount).toBe(1);
  });

  it('places a confident number in its own ride at once', async () => {
    const id = await photo(START('06:34'));
    expect(await service.photoRead(id, textReading(['13', 0.95]))).toMatchObject({ state: 'number-and-time' });
    expect(await placedUnder(id)).toBe(await entryOf('13'));
  });

  it('leaves the time placement when no number is read surely', async () => {
    const id = await photo(START('06:37'));
    expect(await service.photoRead(id, textReading(['12', 0.5]))).toEqual({
      state: 'time',
      reason: null,
      entryId: await entryOf('14'),
    });
  });

  it('never moves a photo placed by hand', async () => {
    const id = await photo(START('06:31'));
    await service.assignByHand(eventId, [id], (await entryOf('14')) ?? null);
    expect(await service.photoRead(id, textReading(['12', 0.99]))).toEqual({
      state: 'manual',
      reason: null,
      entryId: await entryOf('14'),
    });
    expect(await placedUnder(id)).toBe(await entryOf('14'));
  });

  it('keeps number placements and photos in review when photos are placed by time again', async () => {
    // Read as 12, taken after every round: the number places it, where the time places it nowhere.
    const late = await photo(START('06:45'));
    await service.photoRead(late, textReading(['12', 0.98]));
    const [inReview] = await service.reviewQueue(eventId);
    await service.assign(eventId);
    expect(await placedUnder(late)).toBe(await entryOf('12'));
    // The review photo was taken in 12's ride: the time would put it there, but it stays out until reviewed.
    expect(await placedUnder(inReview?.reading.mediaId ?? '')).toBeNull();
  });

  it('confirms or corrects a photo in review with one decision, placing it by hand', async () => {
    const [item] = await service.reviewQueue(eventId);
    const id = item?.reading.mediaId ?? '';
    expect(await service.settleReview(eventId, id, { number: '12' })).toEqual({
      state: 'corrected',
      entryId: await entryOf('12'),
    });
    expect(await events.findPhoto(id)).toMatchObject({ entryId: await entryOf('12'), manual: true });
    expect(await service.reviewQueue(eventId)).toEqual([]);
    expect(await service.settleReview(eventId, id, { entryId: (await entryOf('13')) ?? null })).toEqual({
      state: 'confirmed',
      entryId: await entryOf('13'),
    });
    expect((await events.findReading(id))?.state).toBe('confirmed');
    await expect(service.settleReview(eventId, id, { number: '99' })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('without a start list, a confident number makes a number-only entry the photographer names later', async () => {
    const { id: bare } = await service.create({
      name: 'Open Day',
      date: '2026-05-15',
      slug: 'open-day',
      venue: '',
      discipline: 'show-jumping',
      visibility: 'public',
      timeZone: 'Asia/Jerusalem',
    });
    expect(await service.search('open-day', '127')).toEqual([]);
    const first = await photo(START('07:00'), bare);
    const second = await photo(null, bare);
    const unsure = await photo(null, bare);
    const placed = await service.photoRead(first, textReading(['127', 0.96]));
    expect(placed).toMatchObject({ state: 'number' });
    expect(await service.photoRead(second, textReading(['127', 0.97]))).toEqual(placed);
    expect(await service.photoRead(unsure, textReading(['128', 0.85]))).toMatchObject({ state: 'time', entryId: null });
    const entries = await events.entries(bare);
    expect(entries).toEqual([
      expect.objectContaining({ id: placed?.entryId, number: '127', rider: '', horse: '', className: '' }),
    ]);
    // The new entry is found at once (the search index of the event was built before it existed).
    const [found] = await service.search('open-day', '127');
    expect(found).toMatchObject({ photoCount: 2 });
    await service.nameEntry(bare, placed?.entryId ?? '', { rider: 'Maya', horse: 'Storm' });
    expect((await events.findEntry(placed?.entryId ?? ''))?.rider).toBe('Maya');

    // The start list arrives later: the photos follow their numbers to its entries, without reading them again.
    const csv = ['number,rider,horse,class,start time', '127,Maya Katz,Storm,1.10,08:00', '128,Eli,Zorro,1.10,12:00'];
    await service.importStartList(bare, Buffer.from(csv.join('\n')));
    const listed = await events.entries(bare);
    const under = async (id: string) => {
      const entryId = (await events.findPhoto(id))?.entryId;
      return listed.find((entry) => entry.id === entryId);
    };
    // Taken at 10:00, in no ride's window: the number alone places it.
    expect((await under(first))?.rider).toBe('Maya Katz');
    expect((await under(second))?.rider).toBe('Maya Katz');
    // 128 was read weakly, and the time places it nowhere: the photographer decides.
    expect((await events.findReading(unsure))?.state).toBe('review');
  });
});
