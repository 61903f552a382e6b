import { describe, expect, it } from 'vitest';
import { type AssignEntry, type AssignPhoto, assignPhotos, offsetFromReference } from './assignment';

const DAY = Date.UTC(2026, 4, 14, 7, 0, 0); // 07:00:00 UTC, the first start of the test day

/** Seconds after the first start, as a Date. */
const at = (seconds: number) => new Date(DAY + Math.round(seconds * 1000));

function entry(id: string, startSeconds: number, className = 'A'): AssignEntry {
  return { id, className, startTime: at(startSeconds) };
}

function photo(id: string, seconds: number | null, camera: string | null = null): AssignPhoto {
  return { id, camera, capturedAt: seconds === null ? null : at(seconds) };
}

/** Assigns one photo taken at `seconds` (camera time) and returns its entry. */
function assignOne(
  seconds: number | null,
  input: Omit<Parameters<typeof assignPhotos>[0], 'photos'>,
  camera: string | null = null,
): string | null | undefined {
  return assignPhotos({ ...input, photos: [photo('p', seconds, camera)] }).get('p');
}

describe('assignPhotos', () => {
  // Default round 180 s. e1 at 0, e2 at 300 (a 120 s gap after e1's round), e3 at 480 (right after e2's round).
  const entries = [entry('e1', 0), entry('e2', 300), entry('e3', 480)];

  it.each<[string, number | null, string | null]>([
    ['exactly at the start', 0, 'e1'],
    ['during the round', 100, 'e1'],
    ['one second before the round ends', 179, 'e1'],
    ['one millisecond before the round ends', 179.999, 'e1'],
    ['exactly at start + round: the round is over', 180, null],
    ['in the gap between rounds', 250, null],
    ['one second before the next start', 299, null],
    ['one second before the first start', -1, null],
    ['at start + round when the next entry starts then: the next entry', 480, 'e3'],
    ['one second before that', 479, 'e2'],
    ['after the last round', 480 + 180, null],
    ['no capture time', null, null],
  ])('%s', (_name, seconds, expected) => {
    expect(assignOne(seconds, { entries })).toBe(expected);
  });

  it.each<[string, number, number, string | null]>([
    // [name, camera time (s), camera offset (s), expected]
    ['a slow camera (positive offset) moves the photo later', 290, 20, 'e2'],
    ['a fast camera (negative offset) moves the photo earlier', 320, -30, null],
    ['a negative offset into the previous round', 310, -140, 'e1'],
    ['a zero offset changes nothing', 300, 0, 'e2'],
    ['an offset of hours', 100 - 3600, 3600, 'e1'],
  ])('%s', (_name, seconds, offsetSeconds, expected) => {
    expect(assignOne(seconds, { entries, offsets: [{ camera: 'cam-1', offsetSeconds }] }, 'cam-1')).toBe(expected);
  });

  it('applies only the offset of the photo’s own camera', () => {
    const result = assignPhotos({
      entries,
      photos: [photo('fixed', 290, 'cam-1'), photo('other', 290, 'cam-2'), photo('unknown', 290, null)],
      offsets: [{ camera: 'cam-1', offsetSeconds: 20 }],
    });
    expect(Object.fromEntries(result)).toEqual({ fixed: 'e2', other: null, unknown: null });
  });

  it('uses the round length of each entry’s class, and the default for classes without a rule', () => {
    const mixed = [entry('short', 0, 'Short'), entry('long', 1000, 'Long'), entry('plain', 2000, 'Other')];
    const classRules = [
      { className: 'Short', roundSeconds: 60 },
      { className: 'Long', roundSeconds: 600 },
    ];
    const result = assignPhotos({
      entries: mixed,
      photos: [
        photo('s-in', 59),
        photo('s-out', 60),
        photo('l-in', 1599),
        photo('l-out', 1600),
        photo('d-in', 2089),
        photo('d-out', 2090),
      ],
      classRules,
      defaultRoundSeconds: 90,
    });
    expect(Object.fromEntries(result)).toEqual({
      's-in': 'short',
      's-out': null,
      'l-in': 'long',
      'l-out': null,
      'd-in': 'plain',
      'd-out': null,
    });
  });

  it('defaults to 180-second rounds', () => {
    expect(assignOne(179, { entries: [entry('e', 0)] })).toBe('e');
    expect(assignOne(180, { entries: [entry('e', 0)] })).toBeNull();
  });

  it('hands over between interleaved classes: the latest start at or before the photo wins', () => {
    // Class A rounds last 600 s, class B rounds 60 s; a B entry starting inside an A round takes over.
    const interleaved = [entry('a1', 0, 'A'), entry('b1', 100, 'B'), entry('a2', 400, 'A'), entry('b2', 450, 'B')];
    const classRules = [
      { className: 'A', roundSeconds: 600 },
      { className: 'B', roundSeconds: 60 },
    ];
    const result = assignPhotos({
      entries: interleaved,
      photos: [photo('p50', 50), photo('p120', 120), photo('p200', 200), photo('p420', 420), photo('p500', 500)],
      classRules,
    });
    // p200: b1 (started at 100) is the latest start, its 60 s round is over: unassigned, not given back to a1.
    expect(Object.fromEntries(result)).toEqual({ p50: 'a1', p120: 'b1', p200: null, p420: 'a2', p500: 'b2' });
  });

  it('gives photos of entries that start together to the smallest id, whatever the input order', () => {
    const together = [entry('zeta', 0, 'B'), entry('alpha', 0, 'A'), entry('mid', 0, 'C')];
    for (const order of [together, [...together].reverse()]) {
      expect(assignOne(10, { entries: order })).toBe('alpha');
    }
  });

  it('uses the round of the tie winner’s class, not the longest of the tied entries', () => {
    const together = [entry('b-long', 0, 'Long'), entry('a-short', 0, 'Short')];
    const classRules = [
      { className: 'Short', roundSeconds: 60 },
      { className: 'Long', roundSeconds: 600 },
    ];
    expect(assignOne(30, { entries: together, classRules })).toBe('a-short');
    expect(assignOne(100, { entries: together, classRules })).toBeNull();
  });

  it('sorts entries given in any order', () => {
    const shuffled = [entry('e3', 480), entry('e1', 0), entry('e2', 300)];
    expect(assignOne(310, { entries: shuffled })).toBe('e2');
  });

  it('returns every photo, unassigned when there are no entries or the date is invalid', () => {
    const result = assignPhotos({
      entries: [],
      photos: [photo('a', 10), { id: 'b', camera: null, capturedAt: new Date(Number.NaN) }],
    });
    expect(Object.fromEntries(result)).toEqual({ a: null, b: null });
    expect(assignOne(10, { entries: [{ id: 'bad', className: 'A', startTime: new Date(Number.NaN) }] })).toBeNull();
    // Entries whose start is not a date are left out rather than disturbing the order of the others.
    const bad = (id: string) => ({ id, className: 'A', startTime: new Date(Number.NaN) });
    const valid = Array.from({ length: 20 }, (_, i) => entry(`e${i}`, i * 300));
    const withBad = [
      bad('bad-1'),
      ...valid.slice(0, 7),
      bad('bad-2'),
      ...valid.slice(7, 15),
      bad('bad-3'),
      ...valid.slice(15),
    ];
    const placed = assignPhotos({ entries: withBad, photos: valid.map((_, i) => photo(`p${i}`, i * 300 + 10)) });
    expect([...placed.values()]).toEqual(valid.map((e) => e.id));
  });

  it('never gives a photo to an entry without a start time, whenever the photo was taken', () => {
    const untimed: AssignEntry = { id: 'a-untimed', className: '', startTime: null };
    // The epoch is where a missing time would land if it were read as a date (new Date(null) is 1970-01-01).
    const epoch = { id: 'epoch', camera: null, capturedAt: new Date(10_000) };
    const result = assignPhotos({
      entries: [untimed, entry('e1', 0), entry('e2', 300)],
      photos: [epoch, photo('before', -60), photo('gap', 200), photo('in-e2', 310)],
    });
    expect(Object.fromEntries(result)).toEqual({ epoch: null, before: null, gap: null, 'in-e2': 'e2' });
    expect(assignPhotos({ entries: [untimed], photos: [epoch, photo('p', 10)] }).get('epoch')).toBeNull();
  });

  it('refuses round lengths that are not positive', () => {
    expect(() => assignOne(10, { entries, defaultRoundSeconds: 0 })).toThrow(RangeError);
    expect(() => assignOne(10, { entries, classRules: [{ className: 'A', roundSeconds: -5 }] })).toThrow(RangeError);
  });

  it('agrees with a direct scan of every entry on a dense random schedule', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const many = Array.from({ length: 200 }, (_, i) =>
      entry(`e${i}`, Math.floor(random() * 20_000), random() < 0.5 ? 'A' : 'B'),
    );
    const classRules = [{ className: 'A', roundSeconds: 45 }];
    const photos = Array.from({ length: 2000 }, (_, i) => photo(`p${i}`, Math.floor(random() * 21_000)));
    const result = assignPhotos({ entries: many, photos, classRules });

    for (const p of photos) {
      const t = p.capturedAt?.getTime() ?? 0;
      const startOf = (e: AssignEntry) => e.startTime?.getTime() ?? Number.POSITIVE_INFINITY;
      const started = many.filter((e) => startOf(e) <= t);
      const latest = Math.max(...started.map(startOf));
      const winner = started.filter((e) => startOf(e) === latest).sort((a, b) => (a.id < b.id ? -1 : 1))[0];
      const round = winner?.className === 'A' ? 45_000 : 180_000;
      const expected = winner && t < latest + round ? winner.id : null;
      expect(result.get(p.id), p.id).toBe(expected);
    }
  });
});

describe('offsetFromReference', () => {
  it.each<[string, number, number, number]>([
    ['camera behind the true time', 0, 75, 75],
    ['camera ahead of the true time', 3600, 0, -3600],
    ['clocks agree', 42, 42, 0],
    ['rounded to whole seconds', 0, 1.6, 2],
    ['small negative difference is 0, not -0', 0.4, 0, 0],
  ])('%s', (_name, cameraSeconds, trueSeconds, expected) => {
    expect(Object.is(offsetFromReference(at(cameraSeconds), at(trueSeconds)), expected)).toBe(true);
  });

  it('makes the reference photo read as the true time', () => {
    const cameraTime = at(1000);
    const trueTime = at(1234);
    const offsetSeconds = offsetFromReference(cameraTime, trueTime);
    const result = assignPhotos({
      entries: [entry('e', 1200)],
      photos: [photo('ref', 1000, 'cam')],
      offsets: [{ camera: 'cam', offsetSeconds }],
    });
    expect(result.get('ref')).toBe('e');
  });

  it('refuses invalid dates', () => {
    expect(() => offsetFromReference(new Date(Number.NaN), at(0))).toThrow(RangeError);
  });
});
