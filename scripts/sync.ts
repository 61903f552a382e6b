import { createGalleryApi, KeyRefused, Refused, ServerUnreachable, type Target } from './sync/gallery-api';
import { readOptions, USAGE, UsageError } from './sync/options';
import { Progress } from './sync/progress';
import { runOnce } from './sync/run-once';
import { StateFile } from './sync/state-file';
import { createSyncSession } from './sync/sync-session';
import { watchFolder } from './sync/watch-folder';

/**
 * npm run sync -- <folder> --event <slug> | --client <email> [--watch], with GALLERY_URL and GALLERY_API_KEY:
 * sends the folder's photos and videos to the site by resumable upload, each content once. Ends with
 * `N uploaded, M skipped, K failed`; the exit code is 1 when K > 0, 2 when the command could not start.
 */
async function main(): Promise<number> {
  const progress = new Progress();
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) process.stderr.write(`${error.message}\n\n`);
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => {
    progress.say('Stopping: the upload in hand will resume next time.');
    stop.abort();
  });
  process.once('SIGTERM', () => stop.abort());

  const api = createGalleryApi(options.url, options.key);
  let target: Target;
  try {
    target = await resolveTarget(api, options, progress, stop.signal);
  } catch (error) {
    if (error instanceof KeyRefused || error instanceof Refused || error instanceof ServerUnreachable) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (stop.signal.aborted) return 130;
  const targetKey = `${options.url} ${'event' in target ? `event:${target.event}` : `folder:${target.folder}`}`;
  const state = new StateFile(options.folder, targetKey);
  const session = createSyncSession({ ...options, target, api, state, progress, signal: stop.signal });
  progress.say(`Sending ${options.folder} to ${target.label} at ${options.url}`);
  try {
    if (options.watch) await watchFolder(options.folder, session, state, progress, stop.signal);
    else await runOnce(options.folder, session, state, progress);
  } catch (error) {
    if (!(error instanceof KeyRefused || error instanceof Refused)) throw error;
    progress.say(error.message);
    progress.counts.failed += state.queue.length;
  } finally {
    state.save();
  }
  progress.say(progress.summary());
  const waiting = state.queue.length;
  if (waiting > 0 && progress.counts.failed === 0) progress.say(`${waiting} still waiting: sent next time.`);
  return progress.counts.failed > 0 ? 1 : 0;
}

/** The target; in watch mode a server that cannot be reached yet is asked again until it answers. */
async function resolveTarget(
  api: ReturnType<typeof createGalleryApi>,
  options: ReturnType<typeof readOptions>,
  progress: Progress,
  signal: AbortSignal,
): Promise<Target> {
  for (let pause = 1000; ; pause = Math.min(pause * 2, 60_000)) {
    try {
      return await api.resolveTarget(options.target);
    } catch (error) {
      if (!(error instanceof ServerUnreachable) || !options.watch || signal.aborted) throw error;
      progress.say(`${error.message} Trying again in ${pause / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
