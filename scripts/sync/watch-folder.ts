import path from 'node:path';
import { watch } from 'chokidar';
import { isHidden, mediaTypeOf } from './media-files';
import type { Progress } from './progress';
import type { StateFile } from './state-file';
import { type SyncSession, TryLater } from './sync-session';

/** A file counts as written once its size has not changed for this long (a camera or an export still writing it). */
export const STABLE_FOR_MS = 2000;
/** Back-off after a cut: doubling from the first, never longer than the last, never giving up. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 60_000;

/**
 * Watches the folder the way a tethered camera or a Lightroom export fills it: each photo or video is queued (on
 * disk, in the state file) once it has stopped growing, and sent in order. When the network or the server is down,
 * the queue waits and tries again with a growing pause, for as long as it takes; a restart resumes the queue and
 * the upload in hand. Resolves when `signal` aborts (Ctrl-C), after the watcher is closed.
 *
 * chokidar rather than fs.watch: its `awaitWriteFinish` is this very rule (the size steady for STABLE_FOR_MS), and it
 * evens out what fs.watch reports differently on Linux, macOS and Windows (renames, sub-folders, editors' temporary
 * files).
 */
export async function watchFolder(
  folder: string,
  session: SyncSession,
  state: StateFile,
  progress: Progress,
  signal: AbortSignal,
): Promise<void> {
  let wake: (() => void) | null = null;
  const nudge = () => {
    wake?.();
    wake = null;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const watcher = watch(folder, {
    // The files there already come as `add` too, once steady: one still being written when the watch starts waits.
    ignoreInitial: false,
    ignored: (file) => isHidden(path.relative(folder, file)),
    awaitWriteFinish: { stabilityThreshold: STABLE_FOR_MS, pollInterval: 250 },
  });
  const queueFile = (file: string, stat?: { size: number; mtimeMs: number }) => {
    const relative = path.relative(folder, file);
    if (!mediaTypeOf(relative)) return;
    if (stat && state.sentUnchanged(relative, stat.size, stat.mtimeMs)) return;
    state.enqueue(relative);
    state.save();
    nudge();
  };
  watcher.on('add', queueFile).on('change', queueFile);
  signal.addEventListener('abort', nudge);
  progress.say(`Watching ${folder} (Ctrl-C to stop).`);

  let pause = RETRY_FIRST_MS;
  while (!signal.aborted) {
    if (state.queue.length === 0) {
      await sleep(RETRY_MAX_MS);
      continue;
    }
    try {
      await session.handle([...state.queue]);
      pause = RETRY_FIRST_MS;
    } catch (error) {
      if (!(error instanceof TryLater)) {
        await watcher.close();
        throw error;
      }
      if (signal.aborted) break;
      progress.say(
        `Cannot send now (${error.message}); ${state.queue.length} waiting, trying again in ${pause / 1000} s.`,
      );
      await sleep(pause);
      pause = Math.min(pause * 2, RETRY_MAX_MS);
    }
  }
  await watcher.close();
}
