/**
 * Placing competition photos with the entry (rider and horse, or dancer) on course when they were taken, from the
 * start list and the cameras' clocks alone.
 *
 * Rules, in order:
 *  1. The photo's true time is its capture time plus its camera's offset (`true = camera + offsetSeconds`); a camera
 *     without an offset (or a photo without a camera) counts as right.
 *  2. The candidate is the entry with the latest start at or before the true time, whatever its class: classes that
 *     interleave in time simply hand over to each other.
 *  3. The photo belongs to the candidate while its round lasts: start ≤ t < start + round, with the round length of
 *     the candidate's class (or the default). A photo at exactly start + round is after the round; it is unassigned
 *     unless another entry starts at that very moment (rule 2 then picks that one).
 *  4. Entries that start at the same instant: the one with the smallest id (code-unit order) is the candidate and the
 *     others never receive photos automatically. The choice is arbitrary but the same on every run, so a re-run after
 *     an unrelated change does not move photos.
 *  5. Photos without a capture time, before the first start or in a gap between rounds are unassigned (null).
 *  6. An entry without a start time (a start list of numbers and names only) is never chosen by time.
 *
 * Times are compared to the millisecond. Cost: one sort of the entries, then a binary search per photo.
 */

export interface AssignEntry {
  id: string;
  className: string;
  /** The moment the entry starts (absolute time); null when the start list gives none. */
  startTime: Date | null;
}

export interface AssignPhoto {
  id: string;
  camera: string | null;
  /** The camera's clock reading when the photo was taken (absolute time as the camera believed it). */
  capturedAt: Date | null;
}

export interface ClassRule {
  className: string;
  roundSeconds: number;
}

export interface CameraOffset {
  camera: string;
  /** True time = camera time + offset. */
  offsetSeconds: number;
}

export interface AssignInput {
  entries: readonly AssignEntry[];
  photos: readonly AssignPhoto[];
  classRules?: readonly ClassRule[];
  offsets?: readonly CameraOffset[];
  /** Round length of classes without a rule. */
  defaultRoundSeconds?: number;
}

/** Round length for classes without a rule when the caller passes none (the site's setting is in shared/schemas/events.ts). */
const DEFAULT_ROUND_SECONDS = 180;

/** Photo id → entry id, or null when the photo belongs to no entry. Every photo given has a key. */
export function assignPhotos({
  entries,
  photos,
  classRules = [],
  offsets = [],
  defaultRoundSeconds = DEFAULT_ROUND_SECONDS,
}: AssignInput): Map<string, string | null> {
  checkRoundSeconds(defaultRoundSeconds, 'the default');
  const roundMs = new Map<string, number>();
  for (const rule of classRules) {
    checkRoundSeconds(rule.roundSeconds, `class "${rule.className}"`);
    roundMs.set(rule.className, rule.roundSeconds * 1000);
  }
  const offsetMs = new Map(offsets.map((offset) => [offset.camera, offset.offsetSeconds * 1000]));
  const timeline = buildTimeline(entries, roundMs, defaultRoundSeconds * 1000);

  const result = new Map<string, string | null>();
  for (const photo of photos) {
    const taken = photo.capturedAt?.getTime() ?? Number.NaN;
    if (Number.isNaN(taken)) {
      result.set(photo.id, null);
      continue;
    }
    const t = taken + ((photo.camera !== null ? offsetMs.get(photo.camera) : undefined) ?? 0);
    const at = lastStartAtOrBefore(timeline.starts, t);
    const ends = timeline.ends[at];
    result.set(photo.id, at >= 0 && ends !== undefined && t < ends ? (timeline.ids[at] ?? null) : null);
  }
  return result;
}

/**
 * The offset that makes a photo's camera time read as the true time the photographer knows, in whole seconds
 * (camera clocks and EXIF count whole seconds; the offset is stored as an integer).
 */
export function offsetFromReference(cameraTime: Date, trueTime: Date): number {
  const seconds = Math.round((trueTime.getTime() - cameraTime.getTime()) / 1000);
  if (!Number.isFinite(seconds)) throw new RangeError('both times must be valid dates');
  // Math.round gives -0 for small negative differences; an offset of "-0" would only confuse a reader.
  return seconds === 0 ? 0 : seconds;
}

function checkRoundSeconds(seconds: number, of: string): void {
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new RangeError(`the round length of ${of} must be a positive number of seconds, not ${seconds}`);
  }
}

interface Timeline {
  /** Start times in ms, ascending and distinct. */
  starts: Float64Array;
  /** End of the round (exclusive) of the entry at the same index. */
  ends: Float64Array;
  ids: string[];
}

/**
 * Entries by start, keeping only the candidate (smallest id) of entries that start together; entries without a start
 * time and invalid dates dropped (`new Date(null)` would be 1970, a start like any other).
 */
function buildTimeline(entries: readonly AssignEntry[], roundMs: Map<string, number>, defaultMs: number): Timeline {
  const sorted = entries
    .map((entry) => ({ entry, start: entry.startTime?.getTime() ?? Number.NaN }))
    .filter(({ start }) => !Number.isNaN(start))
    .sort((a, b) => a.start - b.start || (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0));
  const kept = sorted.filter((item, i) => i === 0 || item.start !== sorted[i - 1]?.start);
  return {
    starts: Float64Array.from(kept, ({ start }) => start),
    ends: Float64Array.from(kept, ({ entry, start }) => start + (roundMs.get(entry.className) ?? defaultMs)),
    ids: kept.map(({ entry }) => entry.id),
  };
}

/** Index of the last start ≤ t, or -1 when every start is after t. */
function lastStartAtOrBefore(starts: Float64Array, t: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((starts[mid] ?? 0) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
