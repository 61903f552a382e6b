import { listMediaFiles } from './media-files';
import type { Progress } from './progress';
import type { StateFile } from './state-file';
import { type SyncSession, TryLater } from './sync-session';

/**
 * One pass over the folder: the queue left by an earlier run first, then every photo and video found. A cut that
 * tus-js-client's own retries did not mend ends the pass: what was not sent counts as failed, stays queued (its
 * upload URL kept), and the next run resumes it.
 */
export async function runOnce(
  folder: string,
  session: SyncSession,
  state: StateFile,
  progress: Progress,
): Promise<void> {
  for (const relative of listMediaFiles(folder)) state.enqueue(relative);
  state.save();
  try {
    await session.handle([...state.queue]);
  } catch (error) {
    if (!(error instanceof TryLater)) throw error;
    progress.say(`Stopped: ${error.message}. Run the command again to send the rest.`);
    progress.counts.failed += state.queue.length;
  }
}
