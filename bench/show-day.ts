/**
 * `npm run bench -- show-day [--minutes 10] [--every 2] [--frames 20] [--batch 0] [--baseline-minutes 3]`: a show
 * day against the real server (a separate process, built and run as production runs it when build/server.js exists).
 * 24 MP frames with a start number on a pad (server/media/ocr/show-frames.ts; one in ten with no number) arrive by
 * tus one every `--every` seconds for `--minutes`, into an event whose start list holds their numbers and others.
 * For each upload it measures, from the tus 204: its proofs stored, and the photo found with its proof by its
 * number on the event's public search (polled every 250 ms). It prints their p50/p95/max, the reading time per photo
 * the server logged, when each photo's whole set followed, recall and wrong placements, and the server's peak RSS
 * beside the same figure from a run with READ_START_NUMBERS=false (shorter: `--baseline-minutes`). `--batch N`
 * uploads N frames into the main gallery at the start, to show that the show's photos do not wait behind them. The
 * reference, measured in the same run: vipsthumbnail (or ffmpeg without it) making the 1600 px picture of a frame.
 * Goals: found p95 ≤ 15 s; peak RSS at most 250 MB above the run without reading; no wrong placement.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeShowFrame } from '../server/media/ocr/show-frames';
import { makeTempDir } from '../server/test/harness';
import { adminHeaders, freePort, startServerProcess, stopServerProcess } from '../server/test/support/server-process';
import { MAIN_GALLERY_FOLDER } from '../shared/folders';
import { printRatio } from './_report';
import { samplePeakRss } from './_rss';
import {
  createShowEvent,
  foundUnder,
  readingTimes,
  shownUnder,
  storedDerivative,
  tusUpload,
  withComment,
} from './_show-day-site';

const SLUG = 'show-day';
const POLL_MS = 250;
/** A photo not found this long after its upload counts as not found. */
const GIVE_UP_MS = 120_000;
const MB = 1024 * 1024;

interface Frame {
  number: string | null;
  bytes: Buffer;
}

interface Upload {
  mediaId: string;
  number: string | null;
  proofedMs: number | null;
  foundMs: number | null;
  fullSetMs: number | null;
}

interface ShowRun {
  uploads: Upload[];
  /** Every start number each photo was found under at the end. */
  placements: Map<string, string[]>;
  peakRssMb: number;
  readMs: number[];
}

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? Number(args[at + 1]) : fallback;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) =>
  values.toSorted((a, b) => a - b)[Math.max(0, Math.ceil(p * values.length) - 1)] ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const spread = (values: number[]) =>
  values.length === 0
    ? 'none'
    : `p50 ${seconds(percentile(values, 0.5))}, p95 ${seconds(percentile(values, 0.95))}, max ${seconds(Math.max(...values))} (${values.length})`;

/** Uploads one frame and follows it until its proofs are stored and (while numbers are read) it is found. */
async function follow(
  site: {
    url: string;
    dataDir: string;
    headers: Record<string, string>;
    eventId: string;
    reading: boolean;
    /** Aborted when the run ends (the server stopped). */
    ended: AbortSignal;
  },
  frame: Frame,
  tag: string,
): Promise<Upload> {
  const bytes = withComment(frame.bytes, tag);
  const mediaId = await tusUpload(site.url, site.headers, bytes, {
    filename: `${tag}.jpg`,
    filetype: 'image/jpeg',
    event: site.eventId,
  });
  const completed = performance.now();
  const upload: Upload = { mediaId, number: frame.number, proofedMs: null, foundMs: null, fullSetMs: null };
  // Followed beside, at a coarser step, until the whole set is stored (its AVIF files come with the completing job).
  const followSet = async () => {
    while (!site.ended.aborted) {
      if (storedDerivative(site.dataDir, mediaId, (name) => name.endsWith('.avif'))) {
        upload.fullSetMs = performance.now() - completed;
        return;
      }
      await sleep(1000);
    }
  };
  void followSet();
  const wantFound = site.reading && frame.number !== null;
  while (performance.now() - completed < GIVE_UP_MS) {
    if (upload.proofedMs === null && storedDerivative(site.dataDir, mediaId, (name) => name.startsWith('proof-')))
      upload.proofedMs = performance.now() - completed;
    if (wantFound && upload.foundMs === null && frame.number !== null) {
      const under = await foundUnder(site.url, SLUG, frame.number, mediaId);
      if (under.includes(frame.number)) upload.foundMs = performance.now() - completed;
    }
    if (upload.proofedMs !== null && (!wantFound || upload.foundMs !== null)) break;
    await sleep(POLL_MS);
  }
  return upload;
}

/** Where every uploaded photo is shown at the end: each start number searched once. */
async function placementsOf(url: string, numbers: string[], uploads: Upload[]): Promise<Map<string, string[]>> {
  const placements = new Map<string, Set<string>>(uploads.map((upload) => [upload.mediaId, new Set()]));
  for (const number of numbers) {
    for (const entry of await shownUnder(url, SLUG, number)) {
      for (const id of entry.ids) placements.get(id)?.add(entry.number);
    }
  }
  return new Map([...placements].map(([id, numbers]) => [id, [...numbers]]));
}

async function showRun(
  options: { minutes: number; every: number; batch: number; reading: boolean; built: boolean },
  frames: Frame[],
  startList: string[],
): Promise<ShowRun> {
  const temp = makeTempDir('gallery-bench-show-day-');
  const server = await startServerProcess(path.join(temp.dir, 'data'), await freePort(), {
    built: options.built,
    env: { READ_START_NUMBERS: String(options.reading), LOG_LEVEL: 'info' },
  });
  const peak = samplePeakRss(server.child.pid ?? 0);
  const ended = new AbortController();
  try {
    const headers = await adminHeaders(server.url);
    const eventId = await createShowEvent(server.url, headers, SLUG, startList);
    const dataDir = path.join(temp.dir, 'data');
    const site = { url: server.url, dataDir, headers, eventId, reading: options.reading, ended: ended.signal };
    // A client's large batch, queued first: the show's photos must not wait behind it.
    const batch = (async () => {
      for (let i = 0; i < options.batch; i++) {
        const bytes = withComment((frames[i % frames.length] as Frame).bytes, `batch ${i}`);
        const meta = { filename: `batch-${i}.jpg`, filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER };
        await tusUpload(server.url, headers, bytes, meta);
      }
    })();
    const total = Math.max(1, Math.floor((options.minutes * 60) / options.every));
    const started = performance.now();
    const followed: Promise<Upload>[] = [];
    for (let i = 0; i < total; i++) {
      await sleep(Math.max(0, started + i * options.every * 1000 - performance.now()));
      followed.push(follow(site, frames[i % frames.length] as Frame, `frame-${i}`));
    }
    const uploads = await Promise.all(followed);
    await batch;
    const setDeadline = performance.now() + 15 * 60_000;
    while (uploads.some((upload) => upload.fullSetMs === null) && performance.now() < setDeadline) await sleep(1000);
    const placements = options.reading ? await placementsOf(server.url, startList, uploads) : new Map();
    return { uploads, placements, peakRssMb: peak() / MB, readMs: readingTimes(server.output()) };
  } finally {
    ended.abort();
    peak();
    await stopServerProcess(server.child);
    temp.remove();
  }
}

/** The frame pool: `count` distinct 6000 × 4000 frames, one in ten without a number. */
async function makeFrames(count: number): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (let i = 0; i < count; i++) {
    const number = i % 10 === 9 ? null : String(100 + ((i * 37) % 400));
    frames.push({ number, bytes: await makeShowFrame({ number, width: 6000, height: 4000, seed: i }) });
  }
  return frames;
}

/**
 * The tools that make the 1600 px picture of a frame, as the reference: vipsthumbnail (which shrinks on load, as our
 * pipeline does), or ffmpeg where libvips' tools are not installed (it decodes the whole frame).
 */
const REFERENCES: Array<{ name: string; args: (file: string, out: string) => string[] }> = [
  { name: 'vipsthumbnail', args: (file, out) => [file, '--size', '1600', '-o', `${out}[Q=82]`] },
  { name: 'ffmpeg', args: (file, out) => ['-v', 'error', '-y', '-i', file, '-vf', 'scale=1600:-2', '-q:v', '3', out] },
];

/** The first reference tool installed, making the 1600 px picture of `frame`: its name and best of three. */
function reference(frame: Buffer, dir: string): { name: string; seconds: number } {
  const file = path.join(dir, 'reference.jpg');
  fs.writeFileSync(file, frame);
  for (const tool of REFERENCES) {
    let best = Number.POSITIVE_INFINITY;
    try {
      for (let round = 0; round < 3; round++) {
        const started = performance.now();
        execFileSync(tool.name, tool.args(file, path.join(dir, 'ref.jpg')), { stdio: 'ignore' });
        best = Math.min(best, (performance.now() - started) / 1000);
      }
      return { name: tool.name, seconds: best };
    } catch (error) {
      // Not installed (or not the real tool): the next one.
      if (tool === REFERENCES.at(-1)) throw error;
    }
  }
  throw new Error('no reference tool is installed');
}

export async function run(args: string[]): Promise<void> {
  const minutes = option(args, 'minutes', 10);
  const every = option(args, 'every', 2);
  const batch = option(args, 'batch', 0);
  const baselineMinutes = option(args, 'baseline-minutes', Math.min(3, minutes));
  const built = fs.existsSync(path.join(import.meta.dirname, '..', 'build', 'server.js'));
  const frames = await makeFrames(option(args, 'frames', 20));
  const numbered = frames.flatMap((frame) => (frame.number === null ? [] : [frame.number]));
  // The start list holds other riders too: a number read wrongly may then land on one of them.
  const startList = [...new Set([...numbered, ...Array.from({ length: 30 }, (_, i) => String(500 + i * 3))])];
  const scratch = makeTempDir('gallery-bench-show-day-ref-');
  const ref = reference(frames[0]?.bytes ?? Buffer.alloc(0), scratch.dir);
  scratch.remove();
  const sizeMb = frames.reduce((sum, frame) => sum + frame.bytes.length, 0) / frames.length / 1e6;
  console.log(
    `show-day: 6000×4000 JPEG frames (${sizeMb.toFixed(1)} MB), one every ${every} s for ${minutes} min, a pool of ` +
      `${frames.length} (${frames.length - numbered.length} without a number), gallery batch ${batch}; server ` +
      `${built ? 'built, production flags' : 'from the sources (no build/server.js: run `npm run build:server` first)'}`,
  );

  const show = await showRun({ minutes, every, batch, reading: true, built }, frames, startList);
  const withNumber = show.uploads.filter((upload) => upload.number !== null);
  const found = withNumber.flatMap((upload) => (upload.foundMs === null ? [] : [upload.foundMs]));
  console.log(
    `upload → proofs stored: ${spread(show.uploads.flatMap((u) => (u.proofedMs === null ? [] : [u.proofedMs])))}`,
  );
  console.log(`upload → found by its number with its proof: ${spread(found)} of ${withNumber.length}`);
  console.log(
    `upload → whole set stored: ${spread(show.uploads.flatMap((u) => (u.fullSetMs === null ? [] : [u.fullSetMs])))}`,
  );
  const readMs = show.readMs;
  console.log(
    readMs.length === 0
      ? 'reading per photo: none logged (no reader wired: composition passes no readNumbers)'
      : `reading per photo (read + placed, as logged): p50 ${percentile(readMs, 0.5)} ms, p95 ${percentile(readMs, 0.95)} ms (${readMs.length})`,
  );
  const right = withNumber.filter((upload) => show.placements.get(upload.mediaId)?.includes(upload.number ?? ''));
  const wrong = show.uploads.filter((upload) =>
    (show.placements.get(upload.mediaId) ?? []).some((number) => number !== upload.number),
  );
  console.log(
    `recall: ${right.length} of ${withNumber.length} (${((100 * right.length) / Math.max(1, withNumber.length)).toFixed(0)} %); wrong placements: ${wrong.length}`,
  );
  if (found.length > 0) printRatio('upload → found, p50', percentile(found, 0.5) / 1000, ref.seconds, 's');
  console.log(`reference: ${ref.name} making the 1600 px picture of one frame, ${ref.seconds.toFixed(2)} s`);
  const proofed = show.uploads.flatMap((u) => (u.proofedMs === null ? [] : [u.proofedMs]));
  if (proofed.length > 0) printRatio('upload → proofs stored, p50', percentile(proofed, 0.5) / 1000, ref.seconds, 's');

  const baseline =
    baselineMinutes > 0
      ? await showRun({ minutes: baselineMinutes, every, batch, reading: false, built }, frames, startList)
      : null;
  const growth = baseline ? show.peakRssMb - baseline.peakRssMb : Number.NaN;
  console.log(
    `peak RSS: ${show.peakRssMb.toFixed(0)} MB reading numbers; ` +
      (baseline
        ? `${baseline.peakRssMb.toFixed(0)} MB without (READ_START_NUMBERS=false, a ${baselineMinutes} min run): ${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB`
        : 'no run without reading (--baseline-minutes 0)'),
  );
  const p95 = percentile(found, 0.95);
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `goals: found p95 ≤ 15 s: ${found.length === 0 ? 'not measured' : verdict(p95 <= 15_000)}; ` +
      `RSS ≤ +250 MB: ${baseline ? verdict(growth <= 250) : 'not measured'}; 0 wrong placements: ${verdict(wrong.length === 0)}`,
  );
}
