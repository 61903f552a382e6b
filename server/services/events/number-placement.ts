import { DEFAULT_ROUND_SECONDS } from '../../../shared/schemas/events';
import { AppError } from '../../errors';
import type { TextReading } from '../../media/ocr/types';
import type { ReadingRecord, ReadingState, ReviewReason } from '../../repositories/event-reading-repository';
import type { EntryRecord, EventPhotoRecord, EventRepository } from '../../repositories/event-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import { assignPhotos } from './assignment';
import type { EventLookup } from './event-lookup';
import { entryNotFound } from './event-lookup';
import { decidePlacement } from './number-placement-rule';
import { confidentNumber, type NumberReading, readStartNumbers } from './number-reading';
import type { SearchIndexes } from './search-indexes';

/** A number-only entry: read from the photos of an event without a start list, named later (if ever). */
export function isNumberOnly(entry: Pick<EntryRecord, 'rider' | 'horse' | 'className' | 'startTime'>): boolean {
  return entry.rider === '' && entry.horse === '' && entry.className === '' && !entry.startTime;
}

/** What reading a photo's number did. */
export interface PhotoReadOutcome {
  state: ReadingState;
  reason: ReviewReason | null;
  /** The entry the photo is under now (unchanged for a photo placed by hand). */
  entryId: string | null;
}

/** A photo waiting for the photographer, with its reading and the entries its numbers name. */
export interface ReviewItem {
  reading: ReadingRecord;
  record: MediaRecord;
  photo: EventPhotoRecord;
  /** The entries of each number read (several when a horse rides several classes). */
  entriesByNumber: Map<string, EntryRecord[]>;
}

/** The photographer's decision on a photo in review: this entry (or none: "not a rider"), or the entry of a number. */
export type ReviewChoice = { entryId: string | null } | { number: string };

/** The capture-time placement of one photo, exactly as a time run would compute it. */
async function entryByTime(events: EventRepository, photo: EventPhotoRecord, entries: EntryRecord[]) {
  if (!photo.capturedAt) return null;
  const [classes, cameras] = await Promise.all([events.classes(photo.eventId), events.cameras(photo.eventId)]);
  return (
    assignPhotos({
      entries: entries.flatMap((entry) =>
        entry.startTime ? [{ id: entry.id, className: entry.className, startTime: new Date(entry.startTime) }] : [],
      ),
      photos: [{ id: photo.mediaId, camera: photo.camera, capturedAt: new Date(photo.capturedAt) }],
      classRules: classes.map((rule) => ({ className: rule.name, roundSeconds: rule.roundSeconds })),
      offsets: cameras,
      defaultRoundSeconds: DEFAULT_ROUND_SECONDS,
    }).get(photo.mediaId) ?? null
  );
}

/**
 * Placing event photos by the start number read in them (`decidePlacement` holds the rule), and the photographer's
 * review of the photos the number could not place safely.
 */
export function createNumberPlacement(deps: {
  events: EventRepository;
  media: Pick<MediaRepository, 'findVisibleByIds'>;
  lookup: EventLookup;
  indexes: Pick<SearchIndexes, 'changed'>;
}) {
  const { events, lookup } = deps;
  // One event's photos are decided one at a time, so two photos of a new number make one number-only entry.
  const queues = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(eventId: string, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(eventId) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(eventId, settled);
    void settled.then(() => {
      if (queues.get(eventId) === settled) queues.delete(eventId);
    });
    return run;
  }

  /** The numbers a frame shows, read against the event's start list (any number when it has none). */
  function knownNumbers(entries: EntryRecord[]): Set<string> | null {
    return entries.some((entry) => !isNumberOnly(entry)) ? new Set(entries.map((entry) => entry.number)) : null;
  }

  async function decide(
    photo: EventPhotoRecord,
    entries: EntryRecord[],
    readings: readonly NumberReading[],
    picture: { width: number; height: number },
  ): Promise<PhotoReadOutcome> {
    const decision = decidePlacement({
      manual: photo.manual,
      confidentNumber: confidentNumber([...readings], knownNumbers(entries)),
      anyNumberRead: readings.length > 0,
      entries: entries.map((entry) => ({ id: entry.id, number: entry.number, numberOnly: isNumberOnly(entry) })),
      timeEntryId: photo.manual ? null : await entryByTime(events, photo, entries),
    });
    const [best] = readings;
    const record: ReadingRecord = {
      mediaId: photo.mediaId,
      eventId: photo.eventId,
      number: best?.number ?? null,
      confidence: best?.confidence ?? null,
      box: best?.box ?? null,
      candidates: readings.map(({ number, confidence, box }) => ({ number, confidence, box })),
      width: picture.width,
      height: picture.height,
      readAt: new Date().toISOString(),
      state: decision.state,
      reason: decision.kind === 'review' ? decision.reason : null,
    };
    const target =
      decision.kind === 'keep-manual'
        ? undefined
        : decision.kind === 'number-only'
          ? { numberOnlyEntry: decision.number }
          : { entryId: decision.kind === 'review' ? null : decision.entryId };
    const entryId = await events.saveReading(record, target);
    if (decision.kind === 'number-only' && !entries.some((entry) => entry.id === entryId)) {
      deps.indexes.changed(photo.eventId);
    }
    return { state: record.state, reason: record.reason, entryId: target ? entryId : photo.entryId };
  }

  return {
    /**
     * An event photo's text has been read (on a rendition of it): finds its start numbers, stores the reading and
     * places the photo by them. Answers null for a photo that is not an event's.
     */
    async photoRead(mediaId: string, reading: TextReading): Promise<PhotoReadOutcome | null> {
      const first = await events.findPhoto(mediaId);
      if (!first) return null;
      return oneAtATime(first.eventId, async () => {
        // Read again inside the queue: the photographer may have placed it by hand meanwhile.
        const photo = await events.findPhoto(mediaId);
        if (!photo) return null;
        const entries = await events.entries(photo.eventId);
        return decide(photo, entries, readStartNumbers(reading, knownNumbers(entries)), reading);
      });
    },

    /**
     * Places the event's photos again by the numbers already read in them (after a new start list: the entries they
     * were placed under may be gone, and numbers not on the old list may be on the new one). No picture is read
     * again. Photos placed by hand, or decided in review, stay.
     */
    async placeByReadings(eventId: string): Promise<void> {
      await oneAtATime(eventId, async () => {
        const [readings, photos, entries] = await Promise.all([
          events.readingsOf(eventId),
          events.photos(eventId),
          events.entries(eventId),
        ]);
        const known = knownNumbers(entries);
        const byId = new Map(photos.map((photo) => [photo.mediaId, photo]));
        for (const reading of readings) {
          const photo = byId.get(reading.mediaId);
          if (!photo || photo.manual) continue;
          const candidates = reading.candidates.filter((candidate) => known === null || known.has(candidate.number));
          await decide(photo, entries, candidates, reading);
        }
      });
    },

    /** The photos waiting for the photographer's decision, oldest capture first. */
    async reviewQueue(eventId: string): Promise<ReviewItem[]> {
      await lookup.mustFind(eventId);
      const [readings, entries] = await Promise.all([events.readingsToReview(eventId), events.entries(eventId)]);
      const records = new Map(
        (await deps.media.findVisibleByIds(readings.map((reading) => reading.mediaId))).map((record) => [
          record.id,
          record,
        ]),
      );
      const entriesByNumber = new Map<string, EntryRecord[]>();
      for (const entry of entries)
        entriesByNumber.set(entry.number, [...(entriesByNumber.get(entry.number) ?? []), entry]);
      const items: ReviewItem[] = [];
      for (const reading of readings) {
        const record = records.get(reading.mediaId);
        const photo = await events.findPhoto(reading.mediaId);
        if (!record || !photo) continue;
        const mine = new Map(
          reading.candidates.map((candidate) => [candidate.number, entriesByNumber.get(candidate.number) ?? []]),
        );
        items.push({ reading, record, photo, entriesByNumber: mine });
      }
      return items;
    },

    /**
     * The photographer's one tap on a photo in review: under this entry, under the entry of a typed number, or under
     * none ("not a rider"). The photo is then placed by hand, and the reading `confirmed` (the best number read was
     * right) or `corrected`.
     */
    async settleReview(
      eventId: string,
      mediaId: string,
      choice: ReviewChoice,
    ): Promise<{ state: 'confirmed' | 'corrected'; entryId: string | null }> {
      await lookup.mustFind(eventId);
      const reading = await events.findReading(mediaId);
      if (!reading || reading.eventId !== eventId) throw new AppError('not-found', 'This photo has no number reading.');
      return oneAtATime(eventId, async () => {
        const entries = await events.entries(eventId);
        let target: { entryId: string | null } | { numberOnlyEntry: string };
        let number: string | null;
        if ('entryId' in choice) {
          const entry = choice.entryId === null ? null : entries.find((one) => one.id === choice.entryId);
          if (entry === undefined) throw entryNotFound();
          target = { entryId: entry?.id ?? null };
          number = entry?.number ?? null;
        } else {
          number = choice.number;
          target = await entryOfNumber(mediaId, choice.number, entries);
        }
        const state = number !== null && number === reading.number ? ('confirmed' as const) : ('corrected' as const);
        const entryId = await events.settleReading(eventId, mediaId, target, state);
        if ('numberOnlyEntry' in target && !entries.some((entry) => entry.id === entryId))
          deps.indexes.changed(eventId);
        return { state, entryId };
      });
    },

    /** Names an entry, such as a number-only one read from the photos. */
    async nameEntry(eventId: string, entryId: string, names: { rider?: string; horse?: string }): Promise<void> {
      await lookup.mustFind(eventId);
      if (!(await events.nameEntry(eventId, entryId, names))) throw entryNotFound();
      deps.indexes.changed(eventId);
    },
  };

  /** The entry a typed number names: its one entry, the one its capture time picks, or a new number-only one. */
  async function entryOfNumber(
    mediaId: string,
    number: string,
    entries: EntryRecord[],
  ): Promise<{ entryId: string } | { numberOnlyEntry: string }> {
    const withNumber = entries.filter((entry) => entry.number === number);
    if (withNumber.length === 0) {
      if (entries.every(isNumberOnly)) return { numberOnlyEntry: number };
      throw new AppError('not-found', `No entry of this event has the number ${number}.`, { field: 'number' });
    }
    const [only] = withNumber;
    if (only && withNumber.length === 1) return { entryId: only.id };
    const photo = await events.findPhoto(mediaId);
    const byTime = photo ? await entryByTime(events, photo, entries) : null;
    if (byTime && withNumber.some((entry) => entry.id === byTime)) return { entryId: byTime };
    throw new AppError('conflict', `Several entries have the number ${number}: choose one of them.`, {
      field: 'number',
    });
  }
}

export type NumberPlacement = ReturnType<typeof createNumberPlacement>;
