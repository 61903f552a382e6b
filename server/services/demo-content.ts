import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import type { Database } from '../db/database';
import { withDatabaseLock } from '../db/schema-lock';
import type { Config } from '../env';
import { DEMO_IMAGE_SIZES, renderDemoImage, renderDemoVideo } from '../media/demo-art';
import type { SettingsRepository } from '../repositories/settings-repository';
import type { MediaRuntime } from './ingest-runtime';

/** The settings key that records the demo set: `{ state: 'installing' | 'done' | 'skipped' }`. */
export const DEMO_MARKER = 'demo.content';

type Marker = { state: 'installing' | 'done' | 'skipped'; at: string };

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
  media: MediaRuntime;
  logger: FastifyBaseLogger;
}

/**
 * Fills an empty site with a demo set made on the spot (no downloads): 14 abstract warm-toned "photos" in varied
 * sizes and a short video when ffmpeg is present, all ingested into the main gallery through the normal pipeline
 * and marked as demo content. It runs once: a marker in settings records it, and a site that already has media is
 * left alone. Interrupted half-way, the next start finishes the set without duplicating what is there.
 * `shouldStop` lets shutdown end it between two items; `sizes` makes a smaller, quicker set (tests).
 */
export async function installDemoContent(
  deps: DemoDependencies,
  options: { shouldStop?: () => boolean; sizes?: Array<[number, number]> } = {},
) {
  if (!deps.config.demoContent) return;
  // Instances starting together on one database take turns: the first installs the set, the others then find it done
  // (or, if the first died half-way, finish it).
  await withDatabaseLock(deps.database, DEMO_MARKER, () => installUnderLock(deps, options));
}

async function installUnderLock(
  deps: DemoDependencies,
  options: { shouldStop?: () => boolean; sizes?: Array<[number, number]> },
): Promise<void> {
  const shouldStop = options.shouldStop ?? (() => false);
  const marker = await deps.settings.get<Marker>(DEMO_MARKER);
  if (marker?.state === 'done' || marker?.state === 'skipped') return;
  const now = () => new Date().toISOString();
  if (!marker) {
    if (!(await deps.media.media.isEmpty())) {
      await deps.settings.set(DEMO_MARKER, { state: 'skipped', at: now() } satisfies Marker);
      return;
    }
    await deps.settings.set(DEMO_MARKER, { state: 'installing', at: now() } satisfies Marker);
  }

  const workDir = path.join(deps.config.dataDir, 'tmp', `demo-${process.pid}`);
  await fsp.mkdir(workDir, { recursive: true });
  try {
    for (const [index, [width, height]] of (options.sizes ?? DEMO_IMAGE_SIZES).entries()) {
      if (shouldStop()) return;
      const name = `demo-${String(index + 1).padStart(2, '0')}-${IMAGE_NAMES[index] ?? 'scene'}.jpg`;
      if (await deps.media.media.fullPathTaken(`${MAIN_GALLERY_FOLDER}/${name}`)) continue;
      const file = path.join(workDir, name);
      await renderDemoImage(index, width, height, file);
      await deps.media.ingest.ingestFile({
        folder: MAIN_GALLERY_FOLDER,
        localPath: file,
        originalName: name,
        isDemo: true,
      });
    }
    if (shouldStop()) return;
    if (!(await deps.media.media.fullPathTaken(`${MAIN_GALLERY_FOLDER}/demo-arena-lights.mp4`))) {
      const video = await renderDemoVideo(workDir);
      if (video) {
        await deps.media.ingest.ingestFile({
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
export async function demoPreparing(deps: Pick<DemoDependencies, 'config' | 'settings' | 'media'>): Promise<boolean> {
  if (!deps.config.demoContent) return false;
  const marker = await deps.settings.get<Marker>(DEMO_MARKER);
  if (marker) return marker.state === 'installing';
  return deps.media.media.isEmpty();
}

/**
 * Starts the demo set in the background once the server listens, so start-up never waits for it; shutdown stops it
 * between two items and waits for that item to finish. With a gate configured (tests only) it first waits for the
 * gate's file to appear.
 */
export function startDemoContentAfterListen(app: FastifyInstance, deps: DemoDependencies): void {
  if (!deps.config.demoContent) return;
  let stopping = false;
  let running: Promise<void> | null = null;
  app.addHook('onListen', async () => {
    running = untilGateOpens(deps.config.demoContentGate, () => stopping)
      .then(() => (stopping ? undefined : installDemoContent(deps, { shouldStop: () => stopping })))
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'demo content could not be installed');
      });
  });
  app.addHook('preClose', async () => {
    stopping = true;
    await running;
  });
}

/** Resolves once `gate` names an existing file (at once without a gate), or when the server is stopping. */
async function untilGateOpens(gate: string | undefined, shouldStop: () => boolean): Promise<void> {
  while (gate && !shouldStop() && !fs.existsSync(gate)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
