import fs from 'node:fs';
import path from 'node:path';
import { type GalleryApi, KeyRefused, ServerUnreachable, type Target } from './gallery-api';
import { md5OfFile, mediaTypeOf } from './media-files';
import type { Progress } from './progress';
import { sendFile } from './send-file';
import type { StateFile } from './state-file';

export interface SessionDependencies {
  folder: string;
  url: string;
  key: string;
  target: Target;
  api: GalleryApi;
  state: StateFile;
  progress: Progress;
  /** Aborted on Ctrl-C: the upload in hand stops, its URL kept to resume. */
  signal: AbortSignal;
}

/** The server is down or the network is: the caller keeps the files and tries again later. */
export class TryLater extends Error {}

/**
 * Sends a batch of files from the folder: each is hashed (or its hash taken from the state, when its size and time
 * did not change), skipped when this folder sent it before or the server has it, and otherwise uploaded by tus.
 * A file is done when it is stored, skipped or refused; the files a cut left are thrown back as TryLater.
 */
export function createSyncSession(deps: SessionDependencies) {
  const { state, progress } = deps;

  async function hashOf(relative: string): Promise<string | null> {
    const file = path.join(deps.folder, relative);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const cached = state.cachedHash(relative, stat.size, stat.mtimeMs);
    if (cached) return cached;
    const md5 = await md5OfFile(file);
    state.rememberHash(relative, stat.size, stat.mtimeMs, md5);
    return md5;
  }

  async function send(relative: string, md5: string): Promise<'done' | 'cut'> {
    const file = path.join(deps.folder, relative);
    const result = await sendFile({
      url: deps.url,
      key: deps.key,
      target: deps.target,
      file,
      contentType: mediaTypeOf(relative) ?? 'application/octet-stream',
      resumeAt: state.uploadUrl(md5),
      onUploadUrl: (url) => {
        state.setUploadUrl(md5, url);
        state.save();
      },
      onProgress: (sent, total) => progress.sending(relative, sent, total),
      signal: deps.signal,
    });
    if (result.outcome === 'stored') {
      state.markSent(md5);
      progress.uploaded(relative, result.resumedFrom);
      return 'done';
    }
    if (result.outcome === 'refused') {
      if (result.status === 401) throw new KeyRefused();
      state.setUploadUrl(md5, null);
      progress.failed(relative, result.message);
      return 'done';
    }
    if (!deps.signal.aborted) progress.waiting(relative, result.message);
    return 'cut';
  }

  return {
    /**
     * Handles `relatives` in order and dequeues each one done. Throws TryLater (after saving the state) when the
     * server could not be reached; what was done before stays done.
     */
    async handle(relatives: readonly string[]): Promise<void> {
      const hashes = new Map<string, string>();
      for (const relative of relatives) {
        const md5 = await hashOf(relative);
        if (md5 === null)
          state.dequeue(relative); // gone, or not a file any more
        else hashes.set(relative, md5);
      }
      const unsent = [...hashes].filter(([relative, md5]) => {
        if (!state.wasSent(md5)) return true;
        progress.skipped(relative);
        state.dequeue(relative);
        return false;
      });
      state.save();
      if (unsent.length === 0) return;
      let known: Set<string>;
      try {
        known = await deps.api.known(deps.target, [...new Set(unsent.map(([, md5]) => md5))]);
      } catch (error) {
        if (error instanceof ServerUnreachable) throw new TryLater(error.message);
        throw error;
      }
      for (const [relative, md5] of unsent) {
        if (deps.signal.aborted) break;
        // The same content twice in one batch (a copy under another name) is sent once.
        if (known.has(md5) || state.wasSent(md5)) {
          if (!state.wasSent(md5)) state.markSent(md5);
          progress.skipped(relative);
          state.dequeue(relative);
          continue;
        }
        const outcome = await send(relative, md5);
        if (outcome === 'done') state.dequeue(relative);
        state.save();
        if (outcome === 'cut' && !deps.signal.aborted) throw new TryLater('the upload was cut');
      }
      state.save();
    },
  };
}

export type SyncSession = ReturnType<typeof createSyncSession>;
