import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { Database } from '../../db/database';
import { withDatabaseLock } from '../../db/schema-lock';
import type { Config } from '../../env';
import { DEMO_IMAGE_SIZES, renderDemoImage, renderDemoVideo } from '../../media/demo-art';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { MediaRuntime } from '../media/media-runtime';

/**
 * The settings key that records the demo set: `{ state: 'installing' | 'done' | 'skipped' | 'failed' }`. `failed`
 * (every attempt of one start failed) is not "preparing", and the next start tries again.
 */
export const DEMO_MARKER = 'demo.content';

type Marker = { state: 'installing' | 'done' | 'skipped' | 'failed'; at: string };

/**
 * The waits before each new attempt at a failed demo set: a first start can meet a store or database that is still
 * coming up, which a minute or two usually settles. Four attempts in all; then the set is marked failed.
 */
export const DEMO_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];

interface InstallOptions {
  shouldStop?: () => boolean;
  sizes?: Array<[number, number]>;
  /** The last attempt: a failure is then recorded as `failed` (under the lock, so no other instance is mid-install). */
  markFailed?: boolean;
}

const IMAGE_NAMES = [
  'arena-dusk',
  'spotlight-solo',
  'warm-up-lap',
  'stage-entrance',
  'golden-hour-jump',
  'final-bow',
  'night-show',
  'quiet-paddock',
  'evening-dressage',
  'curtain-call',
  'sand-and-light',
  'ribbon-moment',
  'last-round',
  'after-the-music',
];

export interface DemoDependencies {
  config: Pick<Config, 'demoContent' | 'dataDir' | 'demoContentGate'>;
  database: Pick<Database, 'db' | 'kind'>;
  settings: SettingsRepository;
  /** The media pipeline the demo set goes through, as every upload does. */
  pipeline: MediaRuntime;
  logger: FastifyBaseLogger;
}

/**
 * Fills an empty site with a demo set made on the spot (no downloads): 14 abstract warm-toned "photos" in varied
 * sizes and a short video when ffmpeg is present, all ingested into the main gallery through the normal pipeline
 * and marked as demo content. It runs once: a marker in settings records it, and a site that already has media is
 * left alone. Interrupted half-way, the next start finishes the set without duplicating what is there.
 * `shouldStop` lets shutdown end it between two items; `sizes` makes a smaller, quicker set (tests).
 */
export async function installDemoContent(deps: DemoDependencies, options: InstallOptions = {}) {
  if (!deps.config.demoContent) return;
  // Instances starting together on one database take turns: the first installs the set, the others then find it done
  // (or, if the first died half-way, finish it).
  await withDatabaseLock(deps.database, DEMO_MARKER, () => installUnderLock(deps, options));
}

const now = () => new Date().toISOString();

async function installUnderLock(deps: DemoDependencies, options: InstallOptions): Promise<void> {
  const marker = await deps.settings.get<Marker>(DEMO_MARKER);
  if (marker?.state === 'done' || marker?.state === 'skipped') return;
  if (!marker && !(await deps.pipeline.media.isEmpty())) {
    await deps.settings.set(DEMO_MARKER, { state: 'skipped', at: now() } satisfies Marker);
    return;
  }
  // A set that failed at an earlier start is being made again: the pages say so once more.
  if (marker?.state !== 'installing') {
    await deps.settings.set(DEMO_MARKER, { state: 'installing', at: now() } satisfies Marker);
  }
  try {
    await installItems(deps, options);
  } catch (error) {
    if (options.markFailed) await deps.settings.set(DEMO_MARKER, { state: 'failed', at: now() } satisfies Marker);
    throw error;
  }
}

async function installItems(deps: DemoDependencies, options: InstallOptions): Promise<void> {
  const shouldStop = options.shouldStop ?? (() => false);

  const workDir = path.join(deps.config.dataDir, 'tmp', `demo-${process.pid}`);
  await fsp.mkdir(workDir, { recursive: true });
  try {
    for (const [index, [width, height]] of (options.sizes ?? DEMO_IMAGE_SIZES).entries()) {
      if (shouldStop()) return;
      const name = `demo-${String(index + 1).padStart(2, '0')}-${IMAGE_NAMES[index] ?? 'scene'}.jpg`;
      if (await deps.pipeline.media.fullPathTaken(`${MAIN_GALLERY_FOLDER}/${name}`)) continue;
      const file = path.join(workDir, name);
      await renderDemoImage(index, width, height, file);
      await deps.pipeline.ingest.ingestFile({
        folder: MAIN_GALLERY_FOLDER,
        localPath: file,
        originalName: name,
        isDemo: true,
      });
    }
    if (shouldStop()) return;
    if (!(await deps.pipeline.media.fullPathTaken(`${MAIN_GALLERY_FOLDER}/demo-arena-lights.mp4`))) {
      const video = await renderDemoVideo(workDir);
      if (video) {
        await deps.pipeline.ingest.ingestFile({
          folder: MAIN_GALLERY_FOLDER,
          localPath: video,
          originalName: path.basename(video),
          isDemo: true,
        });
      }
    }
    await deps.settings.set(DEMO_MARKER, { state: 'done', at: now() } satisfies Marker);
    deps.logger.info('demo content installed');
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Whether the demo set is still being made: demo content is on, and the set is recorded as being installed, or not
 * started yet on a site that is still empty (the start-up just before it begins).
 */
export async function demoPreparing(
  deps: Pick<DemoDependencies, 'config' | 'settings' | 'pipeline'>,
): Promise<boolean> {
  if (!deps.config.demoContent) return false;
  const marker = await deps.settings.get<Marker>(DEMO_MARKER);
  if (marker) return marker.state === 'installing';
  return deps.pipeline.media.isEmpty();
}

/**
 * installDemoContent, tried again after each of `retryDelaysMs` when it fails (each failure logged), so a failure at
 * the first start does not leave the site "preparing" until the next restart. When the last attempt fails the set is
 * marked failed (the pages stop saying it is being prepared) and the error goes up. `wait` is the pause between
 * attempts (tests pass one that does not wait); it ends early, and so does this, when `signal` aborts (shutdown).
 */
export async function installDemoContentWithRetries(
  deps: DemoDependencies,
  options: Omit<InstallOptions, 'markFailed'> & {
    retryDelaysMs?: number[];
    signal?: AbortSignal;
    wait?: (ms: number, signal?: AbortSignal) => Promise<unknown>;
  } = {},
): Promise<void> {
  const {
    retryDelaysMs = DEMO_RETRY_DELAYS_MS,
    signal,
    wait = (ms, s) => sleep(ms, undefined, { signal: s }),
  } = options;
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retryDelaysMs.length;
    try {
      await installDemoContent(deps, { ...options, markFailed: last });
      return;
    } catch (error) {
      if (last || signal?.aborted) throw error;
      const delayMs = retryDelaysMs[attempt] ?? 0;
      deps.logger.warn(
        { err: error, attempt: attempt + 1, attempts: retryDelaysMs.length + 1, retryInMs: delayMs },
        'demo content could not be installed; trying again',
      );
      try {
        await wait(delayMs, signal);
      } catch {
        return; // shutdown during the wait: the next start goes on from the marker
      }
      if (signal?.aborted) return;
    }
  }
}

/**
 * Starts the demo set in the background once the server listens, so start-up never waits for it; shutdown stops it
 * between two items (or during a wait before a retry) and waits for that item to finish. With a gate configured
 * (tests only) it first waits for the gate's file to appear.
 */
export function startDemoContentAfterListen(app: FastifyInstance, deps: DemoDependencies): void {
  if (!deps.config.demoContent) return;
  const stopping = new AbortController();
  const shouldStop = () => stopping.signal.aborted;
  let running: Promise<void> | null = null;
  app.addHook('onListen', async () => {
    running = untilGateOpens(deps.config.demoContentGate, shouldStop)
      .then(() =>
        shouldStop() ? undefined : installDemoContentWithRetries(deps, { shouldStop, signal: stopping.signal }),
      )
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'demo content could not be installed; the next start tries again');
      });
  });
  app.addHook('preClose', async () => {
    stopping.abort();
    await running;
  });
}

/** Resolves once `gate` names an existing file (at once without a gate), or when the server is stopping. */
async function untilGateOpens(gate: string | undefined, shouldStop: () => boolean): Promise<void> {
  while (gate && !shouldStop() && !fs.existsSync(gate)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
