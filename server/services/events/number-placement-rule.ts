import type { ReviewReason } from '../../repositories/event-reading-repository';

/** What is known of a photo when its number has been read. */
export interface PlacementFacts {
  /** Placed by hand: never moved. */
  manual: boolean;
  /** The number strong enough to place the photo alone, or null. */
  confidentNumber: string | null;
  /** Whether any number was read at all, however weakly. */
  anyNumberRead: boolean;
  /** The event's entries; `numberOnly` for an entry with only a number (read from the photos, not yet named). */
  entries: ReadonlyArray<{ id: string; number: string; numberOnly: boolean }>;
  /** The entry whose ride the capture time falls in (after the camera's clock offset), or null. */
  timeEntryId: string | null;
}

export type PlacementDecision =
  /** Placed by hand before: nothing moves. */
  | { kind: 'keep-manual'; state: 'manual' }
  /** No confident number: the placement by time stands (or nothing, when the time places it nowhere). */
  | { kind: 'by-time'; state: 'time'; entryId: string | null }
  | { kind: 'place'; state: 'number' | 'number-and-time'; entryId: string }
  /** No start list: the number-only entry with this number (made if new). */
  | { kind: 'number-only'; state: 'number'; number: string }
  /** Out of every entry until the photographer decides. */
  | { kind: 'review'; state: 'review'; reason: ReviewReason };

/**
 * Where a photo goes from its number and its capture time. Precision before recall: a photo under the wrong rider is
 * worse than a photo not placed, so whenever the two signals disagree, or the number does not say which entry, the
 * photo goes to review and out of the riders' search.
 *
 * 1. A photo placed by hand is never moved.
 * 2. No start list (no entries, or only number-only ones): a confident number places the photo under its number-only
 *    entry, made if new; otherwise the photo stays unplaced.
 * 3. No confident number: the placement by time stands. When the time places it nowhere but a number was read, the
 *    photographer decides (review, `ambiguous`).
 * 4. A confident number no entry has: review, `not-on-start-list`.
 * 5. A capture time in a ride of that number: placed there (`number-and-time`). In another ride's: review,
 *    `other-ride`.
 * 6. No time to go by: the one entry with that number (`number`); several (a horse in several classes): review,
 *    `ambiguous`.
 */
export function decidePlacement(facts: PlacementFacts): PlacementDecision {
  const { confidentNumber: number, entries, timeEntryId } = facts;
  if (facts.manual) return { kind: 'keep-manual', state: 'manual' };
  if (entries.every((entry) => entry.numberOnly)) {
    if (number === null) return { kind: 'by-time', state: 'time', entryId: null };
    return { kind: 'number-only', state: 'number', number };
  }
  if (number === null) {
    if (timeEntryId === null && facts.anyNumberRead) return { kind: 'review', state: 'review', reason: 'ambiguous' };
    return { kind: 'by-time', state: 'time', entryId: timeEntryId };
  }
  const withNumber = entries.filter((entry) => entry.number === number);
  if (withNumber.length === 0) return { kind: 'review', state: 'review', reason: 'not-on-start-list' };
  if (timeEntryId !== null) {
    return withNumber.some((entry) => entry.id === timeEntryId)
      ? { kind: 'place', state: 'number-and-time', entryId: timeEntryId }
      : { kind: 'review', state: 'review', reason: 'other-ride' };
  }
  const [only, ...others] = withNumber;
  if (only && others.length === 0) return { kind: 'place', state: 'number', entryId: only.id };
  return { kind: 'review', state: 'review', reason: 'ambiguous' };
}
