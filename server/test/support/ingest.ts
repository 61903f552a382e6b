import path from 'node:path';
import { createMediaRuntime } from '../../composition/media-pipeline';
import type { Database } from '../../db/database';
import type { MediaRecord } from '../../repositories/media-repository';
import type { GalleryChanged } from '../../services/galleries/gallery-service';
import type { MediaRuntime } from '../../services/media/media-runtime';
import { createLocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';

export { writeTestJpeg } from '../../media/test-images';

/** The site name test runtimes draw on proofs. */
export const TEST_SITE_NAME = 'Test Gallery';

export const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** A media runtime on a test database and a local storage folder, with its worker not started. */
export function makeTestRuntime(
  database: Database,
  dataDir: string,
  storage?: Storage,
  options: { galleryChanged?: GalleryChanged; onReady?: (record: MediaRecord) => Promise<void> | void } = {},
): MediaRuntime & { storage: Storage } {
  const store = storage ?? createLocalStorage(path.join(dataDir, 'media'));
  const runtime = createMediaRuntime({
    database,
    storage: store,
    dataDir,
    logger: silentLogger,
    siteName: TEST_SITE_NAME,
    ...options,
  });
  return { ...runtime, storage: store };
}

/** Waits until `check` is true, polling; fails after `timeoutMs` with `what` in the message. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Runs the worker until no job is queued or running. */
export async function drainJobs(runtime: MediaRuntime): Promise<void> {
  await runtime.worker.start();
  try {
    runtime.worker.notify();
    await until(async () => (await runtime.jobs.countPending()) === 0, 'the job queue to drain');
  } finally {
    await runtime.worker.stop();
  }
}
