/**
 * `npm run bench -- event-assign [rounds=5]`: placing 20,000 competition photos with 2,000 start-list entries
 * (server/services/events/assignment.ts): two arenas running interleaved classes over three days, per-class round lengths,
 * eight cameras with clock offsets, a few photos without a capture time. Two references, measured in the same run:
 * sorting the same 20,000 photos by capture time (an operation of the same size that any placement must at least
 * match), and the obvious direct scan — every photo against every entry — timed on a slice and scaled up, which also
 * checks that both give the same answers. Each side keeps its best of the rounds.
 * Goal: ≤ 2 s for 20,000 photos over 2,000 entries.
 */
import { type AssignEntry, type AssignPhoto, assignPhotos, type ClassRule } from '../server/services/events/assignment';
import { seededRandom } from '../shared/seeded-random';
import { printRatio } from './_report';

type TimedEntry = AssignEntry & { startTime: Date };

const ENTRY_COUNT = 2_000;
const PHOTO_COUNT = 20_000;
const SCAN_SLICE = 1_000;
const GOAL_MS = 2_000;
const DEFAULT_ROUND_SECONDS = 180;

function makeWorkload(random: () => number) {
  const day0 = Date.UTC(2026, 4, 14, 5, 0, 0);
  const classRules: ClassRule[] = Array.from({ length: 24 }, (_, i) => ({
    className: `Class ${i}`,
    roundSeconds: 60 + 15 * (i % 12),
  }));
  // Two arenas, each starting a rider every 90–200 s from 08:00 (05:00 UTC) on three days; their lists interleave.
  const perArenaPerDay = Math.ceil(ENTRY_COUNT / 2 / 3);
  // Every entry of this workload has a time (AssignEntry allows none), so the direct scan can read it.
  const entries: TimedEntry[] = [];
  for (let arena = 0; arena < 2; arena++) {
    let at = day0;
    for (let i = 0; i < ENTRY_COUNT / 2; i++) {
      if (i > 0 && i % perArenaPerDay === 0) at = day0 + (i / perArenaPerDay) * 86_400_000;
      at += Math.round(90_000 + random() * 110_000);
      entries.push({
        id: `entry-${arena}-${i}`,
        className: `Class ${arena * 12 + (Math.floor(i / 40) % 12)}`,
        startTime: new Date(at),
      });
    }
  }
  const roundMs = new Map(classRules.map((rule) => [rule.className, rule.roundSeconds * 1000]));
  const cameras = Array.from({ length: 8 }, (_, i) => ({ camera: `camera-${i}`, offsetSeconds: (i - 4) * 37 }));
  // Photos are shot during rounds and in the minute after; the camera records its own (offset) clock.
  const photos: AssignPhoto[] = Array.from({ length: PHOTO_COUNT }, (_, i) => {
    const camera = cameras[i % cameras.length] ?? { camera: 'camera-0', offsetSeconds: 0 };
    const entry = entries[Math.floor(random() * entries.length)] ?? entries[0];
    const start = entry?.startTime.getTime() ?? day0;
    const trueTime = start + random() * ((roundMs.get(entry?.className ?? '') ?? 0) + 60_000);
    const cameraTime = Math.round(trueTime - camera.offsetSeconds * 1000);
    return { id: `photo-${i}`, camera: camera.camera, capturedAt: random() < 0.02 ? null : new Date(cameraTime) };
  });
  return { entries, photos, classRules, offsets: cameras };
}

type Workload = ReturnType<typeof makeWorkload>;

/** The obvious placement: every photo compared with every entry. */
function directScan({ entries, photos, classRules, offsets }: Workload): Map<string, string | null> {
  const rounds = new Map(classRules.map((rule) => [rule.className, rule.roundSeconds * 1000]));
  const offsetMs = new Map(offsets.map((offset) => [offset.camera, offset.offsetSeconds * 1000]));
  const result = new Map<string, string | null>();
  for (const photo of photos) {
    if (!photo.capturedAt) {
      result.set(photo.id, null);
      continue;
    }
    const t = photo.capturedAt.getTime() + (offsetMs.get(photo.camera ?? '') ?? 0);
    let best: TimedEntry | undefined;
    for (const entry of entries) {
      const start = entry.startTime.getTime();
      if (start > t) continue;
      const bestStart = best?.startTime.getTime() ?? Number.NEGATIVE_INFINITY;
      if (start > bestStart || (start === bestStart && best && entry.id < best.id)) best = entry;
    }
    const round = best ? (rounds.get(best.className) ?? DEFAULT_ROUND_SECONDS * 1000) : 0;
    result.set(photo.id, best && t < best.startTime.getTime() + round ? best.id : null);
  }
  return result;
}

function timeMs<T>(work: () => T): [number, T] {
  const started = performance.now();
  const value = work();
  return [performance.now() - started, value];
}

export async function run(args: string[]): Promise<void> {
  const rounds = Math.max(1, Number(args[0] ?? 5) || 5);
  const workload = makeWorkload(seededRandom(20_260_514));
  const slice = { ...workload, photos: workload.photos.slice(0, SCAN_SLICE) };

  let ours = Number.POSITIVE_INFINITY;
  let sorting = Number.POSITIVE_INFINITY;
  let scan = Number.POSITIVE_INFINITY;
  let result = new Map<string, string | null>();
  let scanResult = new Map<string, string | null>();
  for (let round = 0; round < rounds; round++) {
    const [oursMs, placed] = timeMs(() => assignPhotos({ ...workload, defaultRoundSeconds: DEFAULT_ROUND_SECONDS }));
    ours = Math.min(ours, oursMs);
    result = placed;
    const [sortMs] = timeMs(() =>
      workload.photos.toSorted((a, b) => (a.capturedAt?.getTime() ?? 0) - (b.capturedAt?.getTime() ?? 0)),
    );
    sorting = Math.min(sorting, sortMs);
    const [scanMs, scanned] = timeMs(() => directScan(slice));
    scan = Math.min(scan, scanMs);
    scanResult = scanned;
  }

  const disagreements = slice.photos.filter((photo) => result.get(photo.id) !== scanResult.get(photo.id)).length;
  const assigned = [...result.values()].filter((entryId) => entryId !== null).length;
  const scanScaled = scan * (PHOTO_COUNT / SCAN_SLICE);
  console.log(
    `event-assign: ${PHOTO_COUNT} photos, ${ENTRY_COUNT} entries, ${workload.classRules.length} classes, ` +
      `${workload.offsets.length} cameras; best of ${rounds} rounds`,
  );
  console.log(`  ours: ${ours.toFixed(2)} ms; ${assigned} photos placed, ${PHOTO_COUNT - assigned} unassigned`);
  console.log(`  sorting the photos by capture time: ${sorting.toFixed(2)} ms`);
  console.log(
    `  direct scan: ${scan.toFixed(2)} ms for ${SCAN_SLICE} photos, ${scanScaled.toFixed(0)} ms scaled to ` +
      `${PHOTO_COUNT}; ${disagreements === 0 ? 'same answers' : `${disagreements} different answers`} on the slice`,
  );
  printRatio('assign vs sorting the photos', ours, sorting, 'ms');
  printRatio('assign vs direct scan (scaled)', ours, scanScaled, 'ms');
  const met = ours <= GOAL_MS && disagreements === 0;
  console.log(`goal ≤ ${GOAL_MS} ms with the direct scan's answers: ${met ? 'met' : 'not met'}`);
  if (!met) process.exitCode = 1;
}
